// The legend: the active additional layer's legend from the catalogue (swatches for values, numeric
// ranges as "1,000–5,000", line and point swatches for line and point layers, and the layer's note), or
// "No style rules applied yet" with a link to add a style rule. Shown as a panel, and on the map when
// Show Legend on Map is on.
import { useAtomValue, useSetAtom } from 'jotai';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { rangeText } from '../../map/layers/legend-style.ts';
import '../layers-panel/layers-panel.css';
import { activeLayersAtom, showLegendOnMapAtom } from '../../state/layers.ts';
import { catalogueAtom } from '../../state/server-config.ts';
import { hasSiteControlAtom } from '../../state/session.ts';
import { panelAtom } from '../../state/ui.ts';
import { Upsell } from '../entitlements/upsell.tsx';
import { Panel } from '../../ui/panel.tsx';
import { builtInCatalogue } from '../layers-panel/catalogue.ts';
import { appliedSourceAtom } from '../../state/style-rules.ts';
import { StyleRulesLegend } from '../style-rules/style-legend.tsx';

/** A line for line layers, a dot for point layers, a square for areas and buildings. */
function swatchClass(layer: CatalogueLayer | undefined): string {
  if (layer?.geometry === 'line') return 'swatch swatch-line';
  if (layer?.geometry === 'circle') return 'swatch swatch-circle';
  return 'swatch';
}

function LayerLegend({ entry }: { entry: CatalogueLayer | undefined }) {
  return (
    <>
      <ul className="legend-list">
        {(entry?.legend ?? []).map((item) => {
          // The server's label says the range in words; a bare range (a client's own entry) is written out.
          const text = item.label || (item.range ? rangeText(item.range) : '');
          return (
            <li key={`${text}${item.color}`}>
              <span className={swatchClass(entry)} style={{ background: item.color }} /> {text}
            </li>
          );
        })}
      </ul>
      {entry?.note && (
        <p className="small layer-note" data-testid="legend-note">
          {entry.note}
        </p>
      )}
    </>
  );
}

function LegendBody() {
  const active = useAtomValue(activeLayersAtom);
  const catalogue = useAtomValue(catalogueAtom);
  const styled = useAtomValue(appliedSourceAtom) !== null;
  const setPanel = useSetAtom(panelAtom);
  const entitled = useAtomValue(hasSiteControlAtom);
  const id = active[active.length - 1];
  if (!id) {
    if (styled) return <StyleRulesLegend />;
    return (
      <p className="legend-empty" data-testid="legend-empty">
        No style rules applied yet.{' '}
        <a
          href="#style"
          onClick={(e) => {
            e.preventDefault();
            setPanel('style');
          }}
        >
          Add a style rule
        </a>
      </p>
    );
  }
  const entry: CatalogueLayer | undefined = [...catalogue, ...builtInCatalogue].find((l) => l.id === id);
  return (
    <div data-testid="legend-entries">
      <StyleRulesLegend />
      <h3>{entry?.name ?? id}</h3>
      {/* The zoning type is a Pro field: below Pro the tiles carry codes only and draw in one grey. */}
      {id === 'zoning' && !entitled ? (
        <Upsell features="Standardized zoning types" testId="zoning-legend-locked" />
      ) : (
        <LayerLegend entry={entry} />
      )}
    </div>
  );
}

export function LegendPanel() {
  const setPanel = useSetAtom(panelAtom);
  return (
    <Panel title="Legend" testId="legend-panel" onClose={() => setPanel(null)}>
      <LegendBody />
    </Panel>
  );
}

export function MapLegend() {
  const show = useAtomValue(showLegendOnMapAtom);
  if (!show) return null;
  return (
    <div className="map-legend" data-testid="map-legend">
      <LegendBody />
    </div>
  );
}
