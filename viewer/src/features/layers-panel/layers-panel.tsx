// The Layers panel (spec 2): Map Elements (collapsed), Basemaps, Labels and Additional Layers (open),
// the Show Legend on Map toggle, the sub-boundaries toggle with its level selector, and the
// expand-vertical control (the panel grows to the full height of the map). The label tile chooser
// (label-tiles.tsx) and the additional layers (additional-layers.tsx) say themselves who may use them.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { subBoundaryOptions } from '../../map/layers/places-layer/places-data.ts';
import {
  basemapAtom,
  floatingLabelsAtom,
  parcelLinesAtom,
  showLegendOnMapAtom,
  subBoundariesAtom,
  subBoundaryLevelAtom,
  type FloatingLabels,
  type SubBoundaryLevel,
} from '../../state/layers.ts';
import { atPointAtom } from '../../state/selection.ts';
import { panelAtom } from '../../state/ui.ts';
import { countryOfPath, type Basemap } from '../../state/url.ts';
import { Panel } from '../../ui/panel.tsx';
import { Section } from '../../ui/section.tsx';
import { Toggle } from '../../ui/toggle.tsx';
import { AdditionalLayers } from './additional-layers.tsx';
import { LabelTileChooser } from './label-tiles.tsx';
import './layers-panel.css';

const basemapChoices: { id: Basemap; label: string }[] = [
  { id: 'street', label: 'Street' },
  { id: 'satellite', label: 'Satellite' },
  { id: 'satellite2', label: 'Satellite 2' },
];

const labelChoices: { id: keyof FloatingLabels; label: string; countries: string[] }[] = [
  { id: 'owner', label: 'Owner Names', countries: ['us'] },
  { id: 'parcelnumb', label: 'Parcel Numbers', countries: ['us', 'ca'] },
  { id: 'dimensionsFeet', label: 'Parcel Dimensions (feet)', countries: ['us', 'ca'] },
  { id: 'dimensionsMeters', label: 'Parcel Dimensions (meters)', countries: ['us', 'ca'] },
];

export function LayersPanel() {
  const setPanel = useSetAtom(panelAtom);
  const [base, setBase] = useAtom(basemapAtom);
  const [labels, setLabels] = useAtom(floatingLabelsAtom);
  const [subBoundaries, setSubBoundaries] = useAtom(subBoundariesAtom);
  const [parcelLines, setParcelLines] = useAtom(parcelLinesAtom);
  const [legendOnMap, setLegendOnMap] = useAtom(showLegendOnMapAtom);
  const [level, setLevel] = useAtom(subBoundaryLevelAtom);
  const [expanded, setExpanded] = useState(false);
  const at = useAtomValue(atPointAtom);
  const country = countryOfPath(at?.country?.path);
  const levels = subBoundaryOptions(at, country);

  const expand = (
    <button
      type="button"
      className="icon-button"
      data-testid="layers-expand"
      aria-pressed={expanded}
      aria-label={expanded ? 'Restore panel height' : 'Expand vertically'}
      title={expanded ? 'Restore panel height' : 'Expand vertically'}
      onClick={() => setExpanded(!expanded)}
    >
      {expanded ? '⤒' : '⇕'}
    </button>
  );
  return (
    <Panel
      title="Layers"
      testId="layers-panel"
      onClose={() => setPanel(null)}
      actions={expand}
      className={expanded ? 'panel-expanded' : ''}
    >
      <Toggle
        label="Show Legend on Map"
        checked={legendOnMap}
        onChange={setLegendOnMap}
        testId="toggle-legend-on-map"
      />
      <Section title="Map Elements" defaultOpen={false} testId="section-map-elements">
        <Toggle label="Parcel lines" checked={parcelLines} onChange={setParcelLines} testId="toggle-parcel-lines" />
        <Toggle
          label="Sub-boundaries"
          checked={subBoundaries}
          onChange={setSubBoundaries}
          testId="toggle-sub-boundaries"
        />
        <label className="select-row">
          <span className="muted small">Boundaries</span>
          <select
            aria-label="Sub-boundary level"
            data-testid="sub-boundary-level"
            disabled={!subBoundaries}
            value={levels.some((l) => l.id === level) ? level : 'auto'}
            onChange={(e) => setLevel(e.target.value as SubBoundaryLevel)}
          >
            {levels.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        {country && country !== 'us' && (
          <p className="muted small" data-testid="boundary-outside-us">
            Additional boundary options are available within the US.
          </p>
        )}
      </Section>
      <Section title="Basemaps" testId="section-basemaps">
        {basemapChoices.map((choice) => (
          <label key={choice.id} className="radio" data-testid={`basemap-${choice.id}`}>
            <input type="radio" name="basemap" checked={base === choice.id} onChange={() => setBase(choice.id)} />
            <span>{choice.label}</span>
          </label>
        ))}
      </Section>
      <Section title="Labels" testId="section-labels">
        <LabelTileChooser />
        {labelChoices
          .filter((c) => !country || c.countries.includes(country))
          .map((choice) => (
            <Toggle
              key={choice.id}
              label={choice.label}
              checked={labels[choice.id]}
              testId={`toggle-label-${choice.id}`}
              onChange={(on) => setLabels({ ...labels, [choice.id]: on })}
            />
          ))}
      </Section>
      <Section title="Additional Layers" testId="section-additional-layers">
        <AdditionalLayers country={country} />
      </Section>
    </Panel>
  );
}
