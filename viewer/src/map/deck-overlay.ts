// The deck.gl overlay, interleaved into the maplibre canvas (so prints and pixel reads include it):
// floating owner and parcel-number labels, dimension labels of the selected parcel, and tool shapes.
import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Layer } from '@deck.gl/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { getJson } from '../api/client.ts';
import type { Dimensions } from '@parcel-map/contracts/map/parcels';
import { floatingLabelsAtom } from '../state/layers.ts';
import { selectedPathAtom } from '../state/selection.ts';
import { store } from '../state/store.ts';
import { toolAtom } from '../state/ui.ts';
import {
  declutter,
  dimensionLabels,
  dimensionLayer,
  labelMinZoom,
  parcelLabelLayers,
  parcelLabels,
  type ParcelLabel,
} from './layers/labels-layer/labels-layer.ts';
import { parcelLayerIds } from './layers/parcels-layer/parcels-layer.ts';
import { toolLayers } from './layers/tools-layer/tools-layer.ts';

declare global {
  interface Window {
    __dimensionLabels?: number;
  }
}

export function attachDeckOverlay(map: MapLibreMap): () => void {
  const overlay = new MapLibreOverlay({ interleaved: true, layers: [] });
  map.addControl(overlay);
  let labels: ParcelLabel[] = [];
  let labelKey = '';
  let dimensions: Dimensions['lengths'] = [];
  let dimensionsFor: string | null = null;

  const render = () => {
    const show = store.get(floatingLabelsAtom);
    const layers: Layer[] = [];
    if (map.getZoom() >= labelMinZoom) layers.push(...parcelLabelLayers(labels, show));
    const dims = dimensionLabels(
      dimensions,
      { feet: show.dimensionsFeet, meters: show.dimensionsMeters },
      map.getBearing(),
    );
    const drawDims = dims.length > 0 && dimensionsFor === store.get(selectedPathAtom);
    if (drawDims) layers.push(dimensionLayer(dims));
    // Test hook: how many dimension labels are drawn (deck.gl's text is not in the DOM).
    window.__dimensionLabels = drawDims ? dims.length : 0;
    layers.push(...toolLayers(store.get(toolAtom)));
    overlay.setProps({ layers });
  };

  // Labels come from the rendered parcel features, so they follow exactly what the tiles hold. Only a
  // changed set re-renders, otherwise each idle would trigger another render and another idle.
  const refreshLabels = () => {
    const show = store.get(floatingLabelsAtom);
    const wanted =
      (show.owner || show.parcelnumb) && map.getZoom() >= labelMinZoom && map.getLayer(parcelLayerIds.fill);
    const all = wanted ? parcelLabels(map.queryRenderedFeatures({ layers: [parcelLayerIds.fill] }) as never) : [];
    const next = declutter(all, (p) => map.project(p));
    const key = next.map((l) => `${l.id}@${l.position[0].toFixed(6)},${l.position[1].toFixed(6)}`).join('|');
    if (key === labelKey) return;
    labelKey = key;
    labels = next;
    render();
  };

  // Dimension labels exist only for the selected parcel and only while a dimensions layer is on (spec 2).
  const refreshDimensions = async () => {
    const path = store.get(selectedPathAtom);
    const show = store.get(floatingLabelsAtom);
    if (!path || !(show.dimensionsFeet || show.dimensionsMeters)) {
      render();
      return;
    }
    if (dimensionsFor !== path) {
      try {
        dimensions = (await getJson<Dimensions>('/api/v1/dimensions.json', { path })).lengths ?? [];
        dimensionsFor = path;
      } catch (error) {
        console.warn(`dimensions ${path}: ${(error as Error).message}`); // spec 8: only logged
        dimensions = [];
        dimensionsFor = null;
      }
    }
    render();
  };

  map.on('idle', refreshLabels);
  // Dimension labels run along their sides, so a turned map turns them too.
  map.on('rotate', render);
  const unsubscribers = [
    store.sub(floatingLabelsAtom, () => {
      labelKey = '';
      refreshLabels();
      void refreshDimensions();
    }),
    store.sub(selectedPathAtom, () => void refreshDimensions()),
    store.sub(toolAtom, render),
  ];
  return () => {
    unsubscribers.forEach((u) => u());
    map.off('idle', refreshLabels);
    map.off('rotate', render);
    map.removeControl(overlay);
  };
}
