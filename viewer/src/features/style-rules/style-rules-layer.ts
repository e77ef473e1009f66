// Draws the applied style-rule source over the parcels: a fill and a line coloured by each feature's
// `rule` (the index of the first matching rule, which the tile server computes). Kept under the hover
// and selected outlines, and added again when a basemap change replaces the map style.
import { useAtomValue } from 'jotai';
import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { parcelLayerIds, parcelMinZoom } from '../../map/layers/parcels-layer/parcels-layer.ts';
import { mapAtom } from '../../state/view.ts';
import { appliedSourceAtom, type AppliedSource, type LegendEntry } from '../../state/style-rules.ts';
import { cssColor } from '../../model/style-rules.ts';

export const styleRulesSourceId = 'style-rules';
export const styleRulesLayerIds = { fill: 'style-rules-fill', line: 'style-rules-line' } as const;

function colorByRule(legend: LegendEntry[], pick: (e: LegendEntry) => string): ExpressionSpecification | string {
  const fallback = legend.at(-1) ? cssColor(pick(legend.at(-1)!)) : 'rgba(0, 0, 0, 0)';
  if (legend.length < 2) return fallback;
  const pairs = legend.slice(0, -1).flatMap((e) => [e.rule, cssColor(pick(e))]);
  return ['match', ['to-number', ['get', 'rule']], ...pairs, fallback] as unknown as ExpressionSpecification;
}

function remove(map: MapLibreMap): void {
  for (const id of Object.values(styleRulesLayerIds)) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(styleRulesSourceId)) map.removeSource(styleRulesSourceId);
}

function add(map: MapLibreMap, source: AppliedSource): void {
  remove(map);
  map.addSource(styleRulesSourceId, {
    type: 'vector',
    tiles: source.tiles,
    minzoom: source.minzoom ?? parcelMinZoom,
    maxzoom: source.maxzoom ?? 22,
  });
  const before = map.getLayer(parcelLayerIds.hover) ? parcelLayerIds.hover : undefined;
  const common = { source: styleRulesSourceId, 'source-layer': 'parcels', minzoom: parcelMinZoom } as const;
  map.addLayer(
    {
      id: styleRulesLayerIds.fill,
      type: 'fill',
      ...common,
      metadata: { styleRulesId: source.id },
      paint: { 'fill-color': colorByRule(source.rules, (e) => e.fill) },
    },
    before,
  );
  map.addLayer(
    {
      id: styleRulesLayerIds.line,
      type: 'line',
      ...common,
      paint: { 'line-color': colorByRule(source.rules, (e) => e.line), 'line-width': 1.5 },
    },
    before,
  );
}

/** Keeps the map's style-rule layers in step with the applied source. */
export function StyleRulesLayer() {
  const map = useAtomValue(mapAtom);
  const applied = useAtomValue(appliedSourceAtom);
  useEffect(() => {
    if (!map) return;
    const sync = () => {
      // Not map.isStyleLoaded(): it is false while any tile is in flight, and no styledata may follow.
      try {
        if (!applied) remove(map);
        else if (
          (map.getLayer(styleRulesLayerIds.fill)?.metadata as { styleRulesId?: string } | undefined)?.styleRulesId !==
          applied.id
        )
          add(map, applied);
      } catch {
        // The style is still loading (a basemap change): styledata calls sync again once it has.
      }
    };
    sync();
    map.on('styledata', sync);
    return () => {
      map.off('styledata', sync);
    };
  }, [map, applied]);
  return null;
}
