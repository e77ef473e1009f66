// Keeps the maplibre style in step with the state atoms: base layer, colours, hovered and selected
// parcel (by feature-state, parcel-highlight.ts), additional layers from the catalogue (added when first
// switched on, with the 3-second no-data check), the label tile and the boundary toggles.
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { getToken } from '../api/client.ts';
import { colorsFor } from '../model/colors.ts';
import {
  activeLayersAtom,
  basemapAtom,
  colorsAtom,
  parcelLinesAtom,
  labelTileAtom,
  subBoundariesAtom,
} from '../state/layers.ts';
import { catalogueAtom, configAtom } from '../state/server-config.ts';
import { store } from '../state/store.ts';
import { showAlertAtom } from '../state/ui.ts';
import type { Basemap } from '../state/url.ts';
import {
  basemapAvailable,
  notConfiguredNotice,
  rasterLayer,
  rasterSource,
  satelliteUrl,
  streetBasemapLayerIds,
} from './layers/basemap-layer/basemap-layer.ts';
import { builtInCatalogue } from './layers/catalogue-layer/built-in-catalogue.ts';
import { catalogueLayerIds, ensureCatalogueLayer } from './layers/catalogue-layer/on-map.ts';
import { labelTileLayers } from './layers/labels-layer/label-tiles.ts';
import { parcelLayerIds } from './layers/parcels-layer/parcels-layer.ts';
import { placesLayerIds, subBoundaryLayerIds } from './layers/places-layer/places-layer.ts';
import { syncParcelHighlight } from './parcel-highlight.ts';

export const noDataCheckMs = 3000;

function setVisible(map: MapLibreMap, ids: string[], visible: boolean): void {
  for (const id of ids) if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
}

/** The colour variant follows the imagery actually drawn: street colours when satellite is missing. */
export function drawnBasemap(): Basemap {
  const base = store.get(basemapAtom);
  return basemapAvailable(store.get(configAtom), base) ? base : 'street';
}

function applyBasemap(map: MapLibreMap): void {
  const config = store.get(configAtom);
  for (const base of ['satellite', 'satellite2'] as const) {
    const url = satelliteUrl(config, base);
    const id = `basemap-${base}`;
    if (url && !map.getSource(id)) {
      map.addSource(id, rasterSource(url));
      map.addLayer(rasterLayer(base), 'places-fill');
    }
    if (map.getLayer(id)) setVisible(map, [id], drawnBasemap() === base);
  }
  // The place fill and the street basemap's water and streets would hide the imagery.
  setVisible(map, [placesLayerIds.fill, ...streetBasemapLayerIds], drawnBasemap() === 'street');
  applyColors(map);
}

function applyColors(map: MapLibreMap): void {
  const colors = colorsFor(store.get(colorsAtom), drawnBasemap() === 'street' ? 'street' : 'satellite');
  map.setPaintProperty(parcelLayerIds.line, 'line-color', colors.parcel);
  map.setPaintProperty(parcelLayerIds.hover, 'line-color', colors.hover);
  map.setPaintProperty(parcelLayerIds.selected, 'line-color', colors.selected);
}

const noDataTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** The server's entries; the built-in ones while the catalogue is not (or cannot be) loaded. */
function catalogueEntry(id: string): CatalogueLayer | undefined {
  const catalogue = store.get(catalogueAtom);
  return (catalogue.length > 0 ? catalogue : builtInCatalogue).find((l) => l.id === id);
}

function tokenQuery(): string {
  const token = getToken();
  // Paid layers are for site control: a paid token must travel with their tiles (a session's cookie does itself).
  return token === 'public' ? '' : `token=${encodeURIComponent(token)}`;
}

function applyAdditionalLayers(map: MapLibreMap, previous: string[]): void {
  const active = store.get(activeLayersAtom);
  for (const id of active) {
    const entry = catalogueEntry(id);
    if (entry)
      ensureCatalogueLayer(map, entry, { origin: location.origin, query: tokenQuery(), beforeId: parcelLayerIds.fill });
  }
  for (const id of new Set([...previous, ...active])) setVisible(map, catalogueLayerIds(map, id), active.includes(id));
  for (const id of active.filter((a) => !previous.includes(a))) {
    clearTimeout(noDataTimers.get(id));
    noDataTimers.set(
      id,
      setTimeout(() => checkLayerData(map, id), noDataCheckMs),
    );
  }
}

/** Spec 4: a 3-second check decides that a layer has no data in view. */
function checkLayerData(map: MapLibreMap, id: string): void {
  if (!store.get(activeLayersAtom).includes(id)) return;
  const layers = catalogueLayerIds(map, id).filter((l) => map.getLayer(l));
  if (map.queryRenderedFeatures({ layers }).length > 0) return;
  const entry = catalogueEntry(id);
  // Below the layer's zoom range the zoom notice ("Zoom in to see ...") already explains the empty map.
  const minzoom = entry?.minzoom ?? map.getLayer(layers[0] ?? '')?.minzoom ?? 0;
  if (map.getZoom() < minzoom) return;
  const name = entry?.name ?? id;
  store.set(showAlertAtom, { text: `No ${name} data available in this location`, kind: 'warning' });
}

function applyLabelTile(map: MapLibreMap): void {
  const shown = labelTileLayers(store.get(labelTileAtom));
  for (const [id, visible] of Object.entries(shown)) setVisible(map, [id], visible);
}

export function syncMapWithState(map: MapLibreMap): () => void {
  let previousLayers: string[] = [];
  const unsubscribers = [
    store.sub(basemapAtom, () => {
      applyBasemap(map);
      const base = store.get(basemapAtom);
      if (!basemapAvailable(store.get(configAtom), base))
        store.set(showAlertAtom, { text: notConfiguredNotice(base), kind: 'warning' });
    }),
    store.sub(configAtom, () => applyBasemap(map)),
    store.sub(colorsAtom, () => applyColors(map)),
    // Active layers drawn from a built-in entry are redrawn from the server's.
    store.sub(catalogueAtom, () => applyAdditionalLayers(map, store.get(activeLayersAtom))),
    syncParcelHighlight(map),
    store.sub(activeLayersAtom, () => {
      applyAdditionalLayers(map, previousLayers);
      previousLayers = store.get(activeLayersAtom);
    }),
    store.sub(labelTileAtom, () => applyLabelTile(map)),
    store.sub(subBoundariesAtom, () => setVisible(map, subBoundaryLayerIds, store.get(subBoundariesAtom))),
    store.sub(parcelLinesAtom, () => setVisible(map, [parcelLayerIds.line], store.get(parcelLinesAtom))),
  ];
  // Apply the state that existed before the map (from the URL hash and local storage).
  applyBasemap(map);
  applyAdditionalLayers(map, previousLayers);
  previousLayers = store.get(activeLayersAtom);
  applyLabelTile(map);
  setVisible(map, subBoundaryLayerIds, store.get(subBoundariesAtom));
  return () => unsubscribers.forEach((u) => u());
}
