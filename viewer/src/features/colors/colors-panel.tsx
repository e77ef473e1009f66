// Colour pickers for parcel lines, hovered and selected parcel (street and satellite variants), debounced
// 250 ms before the map and the map_colors preference change; Reset to Default Colors.
import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { colorsAtom } from '../../state/layers.ts';
import { savePreference } from '../../state/preferences.ts';
import { panelAtom } from '../../state/ui.ts';
import { Panel } from '../../ui/panel.tsx';
import {
  colorDebounceMs,
  colorLabels,
  colorsToPreference,
  defaultColors,
  setColor,
  type ColorTarget,
  type MapColors,
} from '../../model/colors.ts';

/** Signed in: on the server; anonymous: in this browser. A failed save is logged; the colours still apply. */
function save(colors: MapColors): void {
  savePreference('map_colors', colorsToPreference(colors)).catch(() => {});
}

export function ColorsPanel() {
  const setPanel = useSetAtom(panelAtom);
  const [colors, setColors] = useAtom(colorsAtom);
  const [draft, setDraft] = useState(colors);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: MapColors) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setColors(next);
      save(next);
    }, colorDebounceMs);
  };

  const reset = () => {
    clearTimeout(timer.current);
    setDraft(defaultColors);
    setColors(defaultColors);
    save(defaultColors);
  };

  return (
    <Panel title="Map Colors" testId="colors-panel" onClose={() => setPanel(null)}>
      <table className="color-table">
        <thead>
          <tr>
            <th />
            <th>Street</th>
            <th>Satellite</th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(colorLabels) as ColorTarget[]).map((target) => (
            <tr key={target}>
              <th scope="row">{colorLabels[target]}</th>
              {(['street', 'satellite'] as const).map((variant) => (
                <td key={variant}>
                  <input
                    type="color"
                    aria-label={`${colorLabels[target]} (${variant})`}
                    data-testid={`color-${target}-${variant}`}
                    value={draft[target][variant]}
                    onChange={(e) => change(setColor(draft, target, variant, e.target.value))}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" data-testid="reset-colors" onClick={reset}>
        Reset to Default Colors
      </button>
    </Panel>
  );
}
