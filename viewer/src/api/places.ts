// Place endpoints shared by the header, search and the street basemap: the places at a point, a place's
// boundary and its children. Boundaries and children are cached per path for the session.
import { getJson } from './client.ts';
import type { AtPoint, BoundaryFeature, ChildrenResponse, PlaceChild } from '@parcel-map/contracts/map/places';

const boundaries = new Map<string, Promise<BoundaryFeature | null>>();
const children = new Map<string, Promise<PlaceChild[]>>();

export function getAtPoint(lon: number, lat: number, signal?: AbortSignal): Promise<AtPoint> {
  return getJson<AtPoint>('/at_point.json', { lat: lat.toFixed(6), lon: lon.toFixed(6) }, signal);
}

/** A place's outline; null when the server has none (a failure is only logged, spec 8). */
export function getBoundary(path: string): Promise<BoundaryFeature | null> {
  let pending = boundaries.get(path);
  if (!pending) {
    pending = getJson<BoundaryFeature>(`${path}/boundaries.json`).catch((error: unknown) => {
      console.warn(`boundary ${path}: ${(error as Error).message}`);
      boundaries.delete(path);
      return null;
    });
    boundaries.set(path, pending);
  }
  return pending;
}

/** A place's sub-places with their (server-simplified) outlines, in one request. */
export function getChildren(path: string): Promise<PlaceChild[]> {
  let pending = children.get(path);
  if (!pending) {
    pending = getJson<ChildrenResponse>(`${path}/children.json`, { geometry: 1 })
      .then((body) => body.children ?? [])
      .catch((error: unknown) => {
        console.warn(`children ${path}: ${(error as Error).message}`);
        children.delete(path);
        return [];
      });
    children.set(path, pending);
  }
  return pending;
}
