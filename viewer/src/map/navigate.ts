// Moves the map to what the URL names: the hash view, else the open parcel's shape, else a place's
// boundary (a /us/neighborhoods/ alias opens the neighbourhood it names). Fitting uses padding 60 for a feature and at most zoom 17 (spec 9), with no animation.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { getBoundary } from '../api/places.ts';
import { getJson } from '../api/client.ts';
import type { BBox } from '@parcel-map/contracts/map/places';
import type { ParcelEntity } from '@parcel-map/contracts/map/parcels';
import { basemapAtom } from '../state/layers.ts';
import { placePathAtom, selectedPathAtom, selectParcelAtom } from '../state/selection.ts';
import { store } from '../state/store.ts';
import { detailsOpenAtom } from '../state/ui.ts';
import { isParcelPath, parseUrl } from '../state/url.ts';

const neighborhoodAlias = '/us/neighborhoods/';

export function geometryBBox(geometry: GeoJSONGeometry): BBox | null {
  const coords: number[][] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number') coords.push(value as number[]);
    else if (Array.isArray(value)) value.forEach(walk);
  };
  walk((geometry as { coordinates?: unknown }).coordinates);
  if (coords.length === 0) return null;
  const xs = coords.map((c) => c[0] ?? 0);
  const ys = coords.map((c) => c[1] ?? 0);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
type GeoJSONGeometry = import('geojson').Geometry;

export function fitBBox(map: MapLibreMap, bbox: BBox, padding = 20, maxZoom = 17): void {
  map.fitBounds(
    [
      [bbox[0], bbox[1]],
      [bbox[2], bbox[3]],
    ],
    { padding, maxZoom, animate: false },
  );
}

export async function navigateFromUrl(
  map: MapLibreMap,
  pathname: string,
  hash: string,
  options: { fromHistory?: boolean } = {},
): Promise<void> {
  const state = parseUrl(pathname, hash);
  if (state.base) store.set(basemapAtom, state.base);
  if (state.view) map.jumpTo({ center: [state.view.lon, state.view.lat], zoom: state.view.zoom });
  if (!state.path || !isParcelPath(state.path)) {
    store.set(placePathAtom, state.path);
    if (options.fromHistory) {
      store.set(selectedPathAtom, null);
      store.set(detailsOpenAtom, false);
    }
  }
  if (!state.path) return;
  if (isParcelPath(state.path)) {
    store.set(selectParcelAtom, { path: state.path, push: false });
    if (state.view) return;
    try {
      const parcel = await getJson<ParcelEntity>(`${state.path}.json`);
      const bbox = geometryBBox(parcel.geometry);
      if (bbox) fitBBox(map, bbox, 60, 17);
      else map.jumpTo({ center: parcel.centroid, zoom: 17 });
    } catch (error) {
      console.warn(`parcel ${state.path}: ${(error as Error).message}`);
    }
    return;
  }
  if (state.path.startsWith(neighborhoodAlias)) {
    await openAlias(map, state.path, state.view !== null);
    return;
  }
  if (state.view) return;
  const boundary = await getBoundary(state.path);
  if (boundary) fitBBox(map, boundary.properties.bbox, 20, 22);
}

/** /us/neighborhoods/{slug or id}: the server answers with the neighbourhood's own path, which becomes the
 * working place and the URL's path (so the header, insights and exports use it). */
async function openAlias(map: MapLibreMap, alias: string, keepView: boolean): Promise<void> {
  const boundary = await getBoundary(alias);
  if (!boundary) return;
  const path = boundary.properties.path;
  if (store.get(placePathAtom) === alias) store.set(placePathAtom, path);
  if (location.pathname === alias) history.replaceState(history.state, '', `${path}${location.search}${location.hash}`);
  if (!keepView) fitBBox(map, boundary.properties.bbox, 20, 22);
}
