// The buttons along the map's right edge that open the panels (one at a time), plus zoom buttons.
import { useAtomValue, useSetAtom } from 'jotai';
import { mapAtom } from '../../state/view.ts';
import { panelAtom, togglePanelAtom, type PanelId } from '../../state/ui.ts';
import { ZoomDisplay } from './zoom-display.tsx';

const buttons: { id: PanelId; label: string; icon: string }[] = [
  { id: 'project', label: 'Project', icon: '⌂' },
  { id: 'layers', label: 'Layers', icon: '☰' },
  { id: 'style', label: 'Style', icon: '◧' },
  { id: 'legend', label: 'Legend', icon: '▤' },
  { id: 'colors', label: 'Colors', icon: '◐' },
  { id: 'tools', label: 'Tools', icon: '✎' },
  { id: 'print', label: 'Print', icon: '⇩' },
  { id: 'help', label: 'Help', icon: '?' },
];

export function MapControls() {
  const open = useAtomValue(panelAtom);
  const toggle = useSetAtom(togglePanelAtom);
  const map = useAtomValue(mapAtom);
  return (
    <div className="map-controls" data-testid="map-controls">
      {buttons.map((b) => (
        <button
          key={b.id}
          type="button"
          className={`control ${open === b.id ? 'active' : ''}`}
          data-testid={`open-${b.id}`}
          aria-pressed={open === b.id}
          title={b.label}
          onClick={() => toggle(b.id)}
        >
          <span aria-hidden="true">{b.icon}</span>
          <span className="control-label">{b.label}</span>
        </button>
      ))}
      <div className="zoom-buttons">
        <button
          type="button"
          className="control"
          aria-label="Zoom in"
          data-testid="zoom-in"
          onClick={() => map?.zoomIn()}
        >
          +
        </button>
        <button
          type="button"
          className="control"
          aria-label="Zoom out"
          data-testid="zoom-out"
          onClick={() => map?.zoomOut()}
        >
          −
        </button>
        <ZoomDisplay />
      </div>
    </div>
  );
}
