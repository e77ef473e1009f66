// Bookmarks clustered for the map with supercluster (map.md section 9): radius 50, circles of 15 px,
// 20 px from 10 points and 30 px from 50. Pins hide above the raster max zoom; a bookmark with an
// invalid centroid is skipped.
import Supercluster from 'supercluster';
import type { SlimFollow } from './atoms.ts';

export const clusterRadius = 50;
/** The map's raster max zoom (the zoom the parcel hover outline starts at). */
export const rasterMaxZoom = 13;

/** Circle diameter in pixels for a cluster of `count` points. */
export function clusterSize(count: number): number {
  if (count >= 50) return 30;
  if (count >= 10) return 20;
  return 15;
}

export const validCentroid = (c: unknown): c is [number, number] =>
  Array.isArray(c) &&
  c.length === 2 &&
  c.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Math.abs(c[0]) <= 180 &&
  Math.abs(c[1]) <= 90;

export interface Pin {
  /** [lon, lat] */
  position: [number, number];
  count: number;
  /** The bookmark's path (single points) or the cluster's id. */
  path?: string;
  clusterId?: number;
}

export interface BookmarkIndex {
  pins(bbox: [number, number, number, number], zoom: number): Pin[];
  expansionZoom(clusterId: number): number;
}

export function bookmarkIndex(follows: readonly SlimFollow[]): BookmarkIndex {
  const index = new Supercluster<{ path: string }>({ radius: clusterRadius, maxZoom: rasterMaxZoom });
  index.load(
    follows
      .filter((f) => f.kind === 'parcel' && validCentroid(f.centroid))
      .map((f) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: f.centroid! },
        properties: { path: f.path },
      })),
  );
  return {
    pins(bbox, zoom) {
      if (zoom > rasterMaxZoom) return [];
      return index.getClusters(bbox, Math.floor(zoom)).map((feature) => {
        const position = feature.geometry.coordinates as [number, number];
        const props = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          path?: string;
        };
        return props.cluster
          ? { position, count: props.point_count!, clusterId: props.cluster_id! }
          : { position, count: 1, path: props.path! };
      });
    },
    expansionZoom: (clusterId) => index.getClusterExpansionZoom(clusterId),
  };
}
