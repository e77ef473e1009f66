// Draws the followed datasets the user put on the map: each shown stored source's TileJSON becomes a
// vector source with a fill and a line, as the style-rules source is drawn (a parcel source coloured by
// its rules' legend; a buildings or zoning source by its style, per value of style.by's field). Kept
// under the parcel hover outline, and added again when a basemap change replaces the map style.
import { useAtomValue } from 'jotai';
import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { getJson } from '../../api/client.ts';
import { parcelLayerIds } from '../../map/layers/parcels-layer/parcels-layer.ts';
import { cssColor } from '../../model/style-rules.ts';
import { shownSourcesAtom, type FollowedDataset } from '../../state/datasets.ts';
import { mapAtom } from '../../state/view.ts';
import { watchDatasets } from './datasets.ts';

interface LayerStyle {
  fill: string;
  line: string;
  by?: { field: string; values: Record<string, string> };
}

interface DatasetTileJson {
  id: string;
  tiles: string[];
  minzoom: number;
  maxzoom: number;
  vector_layers: { id: string }[];
  style?: LayerStyle;
  rules?: { rule: number; fill: string; line: string }[];
}

export const datasetLayerId = (sourceId: string, part: 'fill' | 'line') => `dataset-${sourceId}-${part}`;
const prefix = 'dataset-';

function colorOf(tilejson: DatasetTileJson, part: 'fill' | 'line'): ExpressionSpecification | string {
  if (tilejson.style) {
    const base = cssColor(tilejson.style[part]);
    const by = tilejson.style.by;
    if (part === 'line' || !by || Object.keys(by.values).length === 0) return base;
    const pairs = Object.entries(by.values).flatMap(([value, color]) => [value, cssColor(color)]);
    return ['match', ['to-string', ['get', by.field]], ...pairs, base] as unknown as ExpressionSpecification;
  }
  const rules = tilejson.rules ?? [];
  const fallback = rules.at(-1)
    ? cssColor(rules.at(-1)![part])
    : part === 'line'
      ? 'rgba(138, 43, 226, 1)'
      : 'rgba(0, 0, 0, 0)';
  if (rules.length < 2) return fallback;
  const pairs = rules.slice(0, -1).flatMap((e) => [e.rule, cssColor(e[part])]);
  return ['match', ['to-number', ['get', 'rule']], ...pairs, fallback] as unknown as ExpressionSpecification;
}

function add(map: MapLibreMap, tilejson: DatasetTileJson): void {
  const source = `${prefix}${tilejson.id}`;
  if (map.getSource(source)) return;
  map.addSource(source, {
    type: 'vector',
    tiles: tilejson.tiles,
    minzoom: tilejson.minzoom,
    maxzoom: tilejson.maxzoom,
  });
  const before = map.getLayer(parcelLayerIds.hover) ? parcelLayerIds.hover : undefined;
  const common = { source, 'source-layer': tilejson.vector_layers[0]?.id ?? 'parcels' } as const;
  map.addLayer(
    {
      id: datasetLayerId(tilejson.id, 'fill'),
      type: 'fill',
      ...common,
      paint: { 'fill-color': colorOf(tilejson, 'fill') },
    },
    before,
  );
  map.addLayer(
    {
      id: datasetLayerId(tilejson.id, 'line'),
      type: 'line',
      ...common,
      paint: { 'line-color': colorOf(tilejson, 'line'), 'line-width': 1.5 },
    },
    before,
  );
}

/** Removes the dataset sources no longer shown. */
function prune(map: MapLibreMap, keep: Set<string>): void {
  for (const id of Object.keys(map.getStyle()?.sources ?? {})) {
    if (!id.startsWith(prefix) || keep.has(id.slice(prefix.length))) continue;
    for (const part of ['fill', 'line'] as const) {
      const layer = datasetLayerId(id.slice(prefix.length), part);
      if (map.getLayer(layer)) map.removeLayer(layer);
    }
    map.removeSource(id);
  }
}

/** Keeps the map's dataset layers in step with the shown datasets. */
export function DatasetsLayer() {
  const map = useAtomValue(mapAtom);
  const shown = useAtomValue(shownSourcesAtom);
  const [loaded, setLoaded] = useState<DatasetTileJson[]>([]);
  useEffect(() => watchDatasets(), []);
  useEffect(() => {
    let live = true;
    Promise.all(
      shown.map((d: FollowedDataset) =>
        getJson<DatasetTileJson>(d.tilejson!).catch((error: unknown) => {
          console.warn(`dataset ${d.dataset}: ${(error as Error).message}`);
          return null;
        }),
      ),
    ).then((list) => live && setLoaded(list.filter((t): t is DatasetTileJson => t !== null)));
    return () => {
      live = false;
    };
  }, [shown]);
  useEffect(() => {
    if (!map) return;
    const sync = () => {
      try {
        prune(map, new Set(loaded.map((t) => t.id)));
        for (const tilejson of loaded) add(map, tilejson);
      } catch {
        // The style is still loading (a basemap change): styledata calls sync again once it has.
      }
    };
    sync();
    map.on('styledata', sync);
    return () => {
      map.off('styledata', sync);
    };
  }, [map, loaded]);
  return null;
}
