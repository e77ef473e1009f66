// Keeps the maplibre style in step with the state atoms: base layer, colours, hovered and selected
// parcel (by feature-state, parcel-highlight.ts), additional layers (with the 3-second no-data check),
// and the label and boundary toggles.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { colorsFor } from '../model/colors.ts';
import {
  activeLayersAtom,
  basemapAtom,
  colorsAtom,
  parcelLinesAtom,
  placeLabelsAtom,
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
import { floodLayerIds } from './layers/flood-layer/flood-layer.ts';
import { parcelLayerIds } from './layers/parcels-layer/parcels-layer.ts';
import { placesLayerIds, subBoundaryLayerIds } from './layers/places-layer/places-layer.ts';
import { wetlandsLayerIds } from './layers/wetlands-layer/wetlands-layer.ts';
import { zoningLayerIds } from './layers/zoning-layer/zoning-layer.ts';
import { legendColorExpression } from './layers/legend-style.ts';
import { syncParcelHighlight } from './parcel-highlight.ts';

export const additionalLayerIds: Record<string, string[]> = {
  flood: floodLayerIds,
  wetlands: wetlandsLayerIds,
  zoning: zoningLayerIds,
};
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

function applyAdditionalLayers(map: MapLibreMap, previous: string[]): void {
  const active = store.get(activeLayersAtom);
  for (const [id, layerIds] of Object.entries(additionalLayerIds)) setVisible(map, layerIds, active.includes(id));
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
  const layers = (additionalLayerIds[id] ?? []).filter((l) => map.getLayer(l));
  if (map.queryRenderedFeatures({ layers }).length > 0) return;
  const entry = store.get(catalogueAtom).find((l) => l.id === id);
  // Below the layer's zoom range the zoom notice ("Zoom in to see ...") already explains the empty map.
  const minzoom = entry?.minzoom ?? map.getLayer(layers[0] ?? '')?.minzoom ?? 0;
  if (map.getZoom() < minzoom) return;
  const name = entry?.name ?? id;
  store.set(showAlertAtom, { text: `No ${name} data available in this location`, kind: 'warning' });
}

const fillLayerOf: Record<string, string> = { flood: 'flood-fill', wetlands: 'wetlands-fill', zoning: 'zoning-fill' };

/** The server's catalogue legend colours the layers; the built-in colours stay when it has none. */
function applyCatalogueColors(map: MapLibreMap): void {
  for (const entry of store.get(catalogueAtom)) {
    const layer = fillLayerOf[entry.id];
    if (!layer || !map.getLayer(layer) || !entry.property || !entry.legend) continue;
    const expression = legendColorExpression(entry.property, entry.legend, '#b0b0b0');
    if (expression) map.setPaintProperty(layer, 'fill-color', expression);
    if (entry.opacity !== undefined) map.setPaintProperty(layer, 'fill-opacity', entry.opacity);
  }
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
    store.sub(catalogueAtom, () => applyCatalogueColors(map)),
    syncParcelHighlight(map),
    store.sub(activeLayersAtom, () => {
      applyAdditionalLayers(map, previousLayers);
      previousLayers = store.get(activeLayersAtom);
    }),
    store.sub(placeLabelsAtom, () => setVisible(map, [placesLayerIds.label], store.get(placeLabelsAtom))),
    store.sub(subBoundariesAtom, () => setVisible(map, subBoundaryLayerIds, store.get(subBoundariesAtom))),
    store.sub(parcelLinesAtom, () => setVisible(map, [parcelLayerIds.line], store.get(parcelLinesAtom))),
  ];
  // Apply the state that existed before the map (from the URL hash and local storage).
  applyBasemap(map);
  applyCatalogueColors(map);
  applyAdditionalLayers(map, previousLayers);
  previousLayers = store.get(activeLayersAtom);
  setVisible(map, [placesLayerIds.label], store.get(placeLabelsAtom));
  setVisible(map, subBoundaryLayerIds, store.get(subBoundariesAtom));
  return () => unsubscribers.forEach((u) => u());
}
