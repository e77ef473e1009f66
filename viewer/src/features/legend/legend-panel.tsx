// The legend: the active additional layer's colours, or "No style rules applied yet" with a link to add
// a style rule. Shown as a panel, and on the map when Show Legend on Map is on.
import { useAtomValue, useSetAtom } from 'jotai';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { floodLegend } from '../../map/layers/flood-layer/flood-layer.ts';
import { wetlandsLegend } from '../../map/layers/wetlands-layer/wetlands-layer.ts';
import { zoningLegend } from '../../map/layers/zoning-layer/zoning-layer.ts';
import { activeLayersAtom, showLegendOnMapAtom } from '../../state/layers.ts';
import { catalogueAtom } from '../../state/server-config.ts';
import { hasSiteControlAtom } from '../../state/session.ts';
import { panelAtom } from '../../state/ui.ts';
import { Upsell } from '../entitlements/upsell.tsx';
import { Panel } from '../../ui/panel.tsx';
import { builtInCatalogue } from '../layers-panel/catalogue.ts';
import { appliedSourceAtom } from '../../state/style-rules.ts';
import { StyleRulesLegend } from '../style-rules/style-legend.tsx';

const legends: Record<string, { label: string; color: string }[]> = {
  flood: floodLegend,
  wetlands: wetlandsLegend,
  zoning: zoningLegend,
};

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
        <ul className="legend-list">
          {(entry?.legend ?? legends[id] ?? []).map((item) => (
            <li key={item.label}>
              <span className="swatch" style={{ background: item.color }} /> {item.label}
            </li>
          ))}
        </ul>
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
