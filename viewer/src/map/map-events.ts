// Map input and view events: hover and click on parcels (a click beside them zooms to the sub-boundary
// there), clicks for the drawing tools, the view and URL hash after each move, the places around the
// centre, and the test hooks (__map, map-idle).
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { getAtPoint } from '../api/places.ts';
import { getParcelsAtPoint } from '../api/parcels.ts';
import { isAbort } from '../api/client.ts';
import type { LonLat } from '@parcel-map/contracts/map/places';
import { togglePickedAtom } from '../state/export-selection.ts';
import { atPointAtom, hoveredParcelAtom, replaceHash, selectParcelAtom } from '../state/selection.ts';
import { subBoundaryLevelAtom } from '../state/layers.ts';
import { viewAtom } from '../state/view.ts';
import { store } from '../state/store.ts';
import { toolAtom } from '../state/ui.ts';
import { parcelLayerIds } from './layers/parcels-layer/parcels-layer.ts';
import { loadPlacesData } from './layers/places-layer/places-data.ts';
import { zoomToSubBoundaryAt } from './layers/places-layer/sub-boundary-click.ts';
import { rememberParcelId } from './parcel-highlight.ts';
import { addToolPoint, finishTool } from './tools/tool-actions.ts';

declare global {
  interface Window {
    __map?: MapLibreMap;
    __idle?: boolean;
  }
}

function parcelAt(map: MapLibreMap, e: MapMouseEvent) {
  if (!map.getLayer(parcelLayerIds.fill)) return undefined;
  return map.queryRenderedFeatures(e.point, { layers: [parcelLayerIds.fill] })[0];
}

function updateView(map: MapLibreMap): void {
  const c = map.getCenter();
  const canvas = map.getCanvas();
  store.set(viewAtom, {
    center: [c.lng, c.lat],
    zoom: map.getZoom(),
    width: canvas.clientWidth,
    height: canvas.clientHeight,
  });
  replaceHash(store.get);
}

let placesRequest: AbortController | null = null;

/** Header breadcrumbs and the street basemap's places both follow the place at the centre. */
async function refreshPlaces(map: MapLibreMap): Promise<void> {
  placesRequest?.abort();
  const request = new AbortController();
  placesRequest = request;
  const { center, zoom } = store.get(viewAtom);
  try {
    const at = await getAtPoint(center[0], center[1], request.signal);
    if (request.signal.aborted) return;
    store.set(atPointAtom, at);
    if (!at.city && !at.neighborhood && zoom >= 10) console.warn('viewed place has no city or neighborhood data');
    const data = await loadPlacesData(at, zoom, store.get(subBoundaryLevelAtom));
    if (request.signal.aborted) return;
    (map.getSource('places') as import('maplibre-gl').GeoJSONSource | undefined)?.setData(data.outlines);
    (map.getSource('places-children') as import('maplibre-gl').GeoJSONSource | undefined)?.setData(data.children);
    (map.getSource('place-labels') as import('maplibre-gl').GeoJSONSource | undefined)?.setData(data.labels);
  } catch (error) {
    if (!isAbort(error)) console.warn(`places at the centre: ${(error as Error).message}`);
  }
}

/** `first` says whether the map's `load` and first `idle` are already over (the map is made before the app). */
export function wireMapEvents(map: MapLibreMap, first: { loaded: Promise<void>; idle: Promise<void> }): () => void {
  window.__map = map;
  window.__idle = false;
  let placesTimer: ReturnType<typeof setTimeout> | undefined;

  map.on('mousemove', (e) => {
    if (store.get(toolAtom).tool) return;
    const feature = parcelAt(map, e);
    const current = store.get(hoveredParcelAtom);
    if (!feature) {
      if (current) store.set(hoveredParcelAtom, null);
      map.getCanvas().style.cursor = '';
      return;
    }
    map.getCanvas().style.cursor = 'pointer';
    if (current?.id === feature.id) return;
    const p = feature.properties as Record<string, string | null>;
    store.set(hoveredParcelAtom, {
      id: feature.id ?? -1,
      path: p.path ?? '',
      address: p.address ?? null,
      owner: p.owner ?? null,
      parcelnumb: p.parcelnumb ?? null,
    });
  });
  map.on('mouseout', () => store.set(hoveredParcelAtom, null));

  map.on('click', (e) => {
    const lngLat: LonLat = [e.lngLat.lng, e.lngLat.lat];
    if (store.get(toolAtom).tool) {
      addToolPoint(lngLat);
      return;
    }
    const feature = parcelAt(map, e);
    if (!feature) {
      zoomToSubBoundaryAt(map, e.point);
      return;
    }
    const path = feature.properties?.path as string | undefined;
    // Shift- or ctrl-click picks the parcel for an export instead of opening it.
    const pick = e.originalEvent.shiftKey || e.originalEvent.ctrlKey || e.originalEvent.metaKey;
    const open = (parcel: string) =>
      pick ? store.set(togglePickedAtom, parcel) : store.set(selectParcelAtom, { path: parcel, point: lngLat });
    if (path) {
      rememberParcelId(path, feature.id);
      open(path);
      return;
    }
    // Below the detail zoom tiles carry geometry and ids only; the server finds the parcel at the point.
    getParcelsAtPoint(lngLat[0], lngLat[1])
      .then((parcels) => {
        if (!parcels[0]) return;
        // One parcel there is the clicked feature; of stacked ones, the tile's top one may be another.
        if (parcels.length === 1) rememberParcelId(parcels[0].path, feature.id);
        open(parcels[0].path);
      })
      .catch((error: unknown) => console.warn(`parcels at point: ${(error as Error).message}`));
  });
  map.on('dblclick', (e) => {
    if (!store.get(toolAtom).tool) return;
    e.preventDefault();
    finishTool();
  });

  map.on('moveend', () => {
    updateView(map);
    clearTimeout(placesTimer);
    placesTimer = setTimeout(() => void refreshPlaces(map), 250);
  });
  map.on('resize', () => updateView(map));
  map.on('idle', () => {
    if (!window.__idle) {
      window.__idle = true;
      window.dispatchEvent(new CustomEvent('map-idle'));
    }
  });
  // Tile and source failures are real errors (the browser tests fail on them), but never stop the map.
  map.on('error', (e) => {
    if ((e.error as { name?: string } | undefined)?.name !== 'AbortError')
      console.error(`map: ${e.error?.message ?? 'error'}`);
  });
  let wired = true;
  void first.loaded.then(() => wired && updateView(map));
  // Place outlines are big GeoJSON for the single maplibre worker: fetch them after the first view is
  // drawn, so the parcel tiles go first. An idle that came before the app's is the first idle too.
  void first.idle.then(() => {
    if (!wired) return;
    if (!window.__idle) {
      window.__idle = true;
      window.dispatchEvent(new CustomEvent('map-idle'));
    }
    void refreshPlaces(map);
  });
  // A level chosen in the Layers panel redraws the sub-boundaries at once.
  const unsubscribeLevel = store.sub(subBoundaryLevelAtom, () => void refreshPlaces(map));
  return () => {
    wired = false;
    clearTimeout(placesTimer);
    unsubscribeLevel();
  };
}
