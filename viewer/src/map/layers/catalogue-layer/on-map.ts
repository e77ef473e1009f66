// Adds catalogue layers to a map lazily, the first time each is switched on (the first load carries no
// additional layer), under the parcels; and re-adds one whose catalogue entry changed (the server's
// catalogue arriving after a built-in entry was drawn).
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { catalogueLayerStyle } from './catalogue-layer.ts';

interface Added {
  entry: CatalogueLayer;
  sourceId: string;
  layerIds: string[];
}

const addedByMap = new WeakMap<MapLibreMap, Map<string, Added>>();

function addedOn(map: MapLibreMap): Map<string, Added> {
  let added = addedByMap.get(map);
  if (!added) {
    added = new Map();
    addedByMap.set(map, added);
  }
  return added;
}

/** The maplibre layer ids drawn for a catalogue layer (none before it was first switched on). */
export function catalogueLayerIds(map: MapLibreMap, id: string): string[] {
  return addedOn(map).get(id)?.layerIds ?? [];
}

function remove(map: MapLibreMap, added: Added): void {
  for (const id of added.layerIds) if (map.getLayer(id)) map.removeLayer(id);
  if (map.getSource(added.sourceId)) map.removeSource(added.sourceId);
}

/** Makes sure the entry's layers are on the map, drawn from this entry; `beforeId` keeps them under it. */
export function ensureCatalogueLayer(
  map: MapLibreMap,
  entry: CatalogueLayer,
  options: { origin: string; query: string; beforeId?: string },
): string[] {
  const added = addedOn(map);
  const existing = added.get(entry.id);
  if (existing && JSON.stringify(existing.entry) === JSON.stringify(entry)) return existing.layerIds;
  if (existing) remove(map, existing);
  const style = catalogueLayerStyle(entry, options.origin, options.query);
  map.addSource(style.sourceId, style.source);
  const before = options.beforeId && map.getLayer(options.beforeId) ? options.beforeId : undefined;
  for (const layer of style.layers) map.addLayer(layer, before);
  const layerIds = style.layers.map((l) => l.id);
  added.set(entry.id, { entry, sourceId: style.sourceId, layerIds });
  return layerIds;
}
