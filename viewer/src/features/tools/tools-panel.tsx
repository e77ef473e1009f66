// The Tools panel: Measure Distance, Measure Area, Coordinates, Draw Focus Area and 2D/3D, with the unit
// choices and the live measurement of the shape being drawn.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { finishTool, startTool } from '../../map/tools/tool-actions.ts';
import { formatCoordinates, lineMeters, polygonSquareMeters } from '../../map/tools/measure.ts';
import { formatArea, formatDistance } from '../../model/units.ts';
import { configAtom } from '../../state/server-config.ts';
import { mapAtom } from '../../state/view.ts';
import { terrainAtom } from './atoms.ts';
import { hasSiteControlAtom } from '../../state/session.ts';
import { panelAtom, showAlertAtom, toolAtom, unitsAtom, type ToolId } from '../../state/ui.ts';
import { Panel } from '../../ui/panel.tsx';
import { FocusAreaForm } from '../focus-areas/focus-area-form.tsx';
import { AreaUnitSelect, DistanceUnitSelect } from '../units/unit-select.tsx';
import { setTerrain } from './terrain-toggle.ts';
import { terrainNotice } from './terrain.ts';

const tools: { id: ToolId; label: string; hint: string }[] = [
  { id: 'measureDistance', label: 'Measure Distance', hint: 'Click the map to add points; double-click to finish.' },
  { id: 'measureArea', label: 'Measure Area', hint: 'Click the map to add corners; double-click to finish.' },
  { id: 'measureCoords', label: 'Coordinates', hint: 'Click the map to get the latitude and longitude of a point.' },
  { id: 'drawFocusArea', label: 'Draw Focus Area', hint: 'Click the map to draw the area; double-click to finish.' },
];

function Result() {
  const state = useAtomValue(toolAtom);
  const units = useAtomValue(unitsAtom);
  if (!state.tool) return null;
  const { tool, points } = state;
  if (tool === 'measureCoords') {
    const point = points[0];
    return (
      <p className="tool-result" data-testid="tool-result">
        {point ? formatCoordinates(point) : 'Click the map.'}
      </p>
    );
  }
  if (tool === 'measureDistance') {
    return (
      <div>
        <DistanceUnitSelect />
        <p className="tool-result" data-testid="tool-result" data-meters={lineMeters(points)}>
          {formatDistance(lineMeters(points), units.distance)}
        </p>
      </div>
    );
  }
  const squareMeters = polygonSquareMeters(points);
  return (
    <div>
      <AreaUnitSelect />
      <p className="tool-result" data-testid="tool-result" data-square-meters={squareMeters}>
        {formatArea(squareMeters, units.area)}
      </p>
      {tool === 'drawFocusArea' && (
        <FocusAreaForm points={points} finished={state.finished} squareMeters={squareMeters} />
      )}
    </div>
  );
}

export function ToolsPanel() {
  const setPanel = useSetAtom(panelAtom);
  const state = useAtomValue(toolAtom);
  const map = useAtomValue(mapAtom);
  const config = useAtomValue(configAtom);
  const entitled = useAtomValue(hasSiteControlAtom);
  const [terrain, setTerrainOn] = useAtom(terrainAtom);
  const alert = useSetAtom(showAlertAtom);

  const toggle3d = () => {
    if (!entitled) {
      alert({ text: terrainNotice, kind: 'info' });
      return;
    }
    if (map) setTerrain(map, !terrain, config?.terrain);
    setTerrainOn(!terrain);
  };

  const hint = tools.find((t) => t.id === state.tool)?.hint;
  return (
    <Panel title="Tools" testId="tools-panel" onClose={() => setPanel(null)}>
      <div className="tool-buttons">
        {tools.map((t) => (
          <button
            key={t.id}
            type="button"
            className={`button ${state.tool === t.id ? 'active' : ''}`}
            data-testid={`tool-${t.id}`}
            aria-pressed={state.tool === t.id}
            onClick={() => startTool(state.tool === t.id ? null : t.id)}
          >
            {t.label}
          </button>
        ))}
        <button
          type="button"
          className={`button ${terrain ? 'active' : ''}`}
          data-testid="tool-terrain"
          aria-pressed={terrain}
          onClick={toggle3d}
        >
          {terrain ? '2D' : '3D'}
        </button>
      </div>
      {hint && <p className="muted small">{hint}</p>}
      <Result />
      {state.tool && state.tool !== 'measureCoords' && state.points.length > 0 && (
        <div className="row">
          {!state.finished && (
            <button type="button" className="button" data-testid="tool-finish" onClick={finishTool}>
              Finish
            </button>
          )}
          <button type="button" className="button" data-testid="tool-clear" onClick={() => startTool(state.tool)}>
            Clear
          </button>
        </div>
      )}
    </Panel>
  );
}
