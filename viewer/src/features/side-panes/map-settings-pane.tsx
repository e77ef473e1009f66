// The #settings tab: the map's own settings in one place (base map, label tile, sub-boundaries,
// parcel lines, the legend on the map, units). The same shared atoms as the layers panel and the tools,
// so a choice here shows there; units are saved for signed-in users like any unit choice.
import { useAtom, type PrimitiveAtom } from 'jotai';
import { basemapAtom, parcelLinesAtom, showLegendOnMapAtom, subBoundariesAtom } from '../../state/layers.ts';
import type { Basemap } from '../../state/url.ts';
import { LabelTileChooser } from '../layers-panel/label-tiles.tsx';
import { AreaUnitSelect, DistanceUnitSelect } from '../units/unit-select.tsx';

const basemapLabels: Record<Basemap, string> = {
  street: 'Street',
  satellite: 'Satellite',
  satellite2: 'Satellite (alternate)',
};

function Toggle({ atom, label, testId }: { atom: PrimitiveAtom<boolean>; label: string; testId: string }) {
  const [on, setOn] = useAtom(atom);
  return (
    <label className="pane-row">
      {label}
      <input type="checkbox" data-testid={testId} checked={on} onChange={(e) => setOn(e.target.checked)} />
    </label>
  );
}

export function MapSettingsPane() {
  const [basemap, setBasemap] = useAtom(basemapAtom);
  return (
    <div data-testid="map-settings">
      <label className="pane-row">
        Base map
        <select data-testid="settings-basemap" value={basemap} onChange={(e) => setBasemap(e.target.value as Basemap)}>
          {(Object.keys(basemapLabels) as Basemap[]).map((b) => (
            <option key={b} value={b}>
              {basemapLabels[b]}
            </option>
          ))}
        </select>
      </label>
      <LabelTileChooser />
      <Toggle atom={subBoundariesAtom} label="Sub-boundaries" testId="settings-sub-boundaries" />
      <Toggle atom={parcelLinesAtom} label="Parcel lines" testId="settings-parcel-lines" />
      <Toggle atom={showLegendOnMapAtom} label="Legend on the map" testId="settings-legend" />
      <label className="pane-row">
        Area unit
        <AreaUnitSelect testId="settings-area-unit" />
      </label>
      <label className="pane-row">
        Distance unit
        <DistanceUnitSelect testId="settings-distance-unit" />
      </label>
      <p className="muted small">
        Account settings (profile, notifications) are on the <a href="/settings">Settings</a> page.
      </p>
    </div>
  );
}
