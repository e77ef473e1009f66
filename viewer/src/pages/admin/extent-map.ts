// The plain maplibre map of the admin pages: loaded extents as outlined boxes (/admin/map) and a
// boundary being drawn (/admin/neighborhoods/new), over a flat background; the data is inlined GeoJSON,
// so no tile or glyph request is made.
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { Map as MapLibreMap } from 'maplibre-gl';

export type Bbox = [number, number, number, number];

export function boxFeature(bbox: Bbox, properties: Record<string, string | number>): Feature<Polygon> {
  const [w, s, e, n] = bbox;
  return {
    type: 'Feature',
    properties,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
          [w, s],
        ],
      ],
    },
  };
}

export function unionBbox(boxes: (Bbox | null)[]): Bbox | null {
  let out: Bbox | null = null;
  for (const b of boxes) {
    if (!b) continue;
    out = out
      ? [Math.min(out[0], b[0]), Math.min(out[1], b[1]), Math.max(out[2], b[2]), Math.max(out[3], b[3])]
      : [...b];
  }
  return out;
}

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** `extents` features carry a `color`; the `draft` source holds a boundary being drawn. */
export function createExtentMap(container: HTMLElement, extents: FeatureCollection, bounds: Bbox | null): MapLibreMap {
  return new MapLibreMap({
    container,
    bounds: bounds
      ? [
          [bounds[0], bounds[1]],
          [bounds[2], bounds[3]],
        ]
      : [
          [-127.3, 23.5],
          [-64.6, 48.5],
        ],
    fitBoundsOptions: { padding: 30, maxZoom: 15 },
    attributionControl: false,
    style: {
      version: 8,
      sources: {
        extents: { type: 'geojson', data: extents },
        draft: { type: 'geojson', data: empty },
      },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#eef1f4' } },
        {
          id: 'extents-fill',
          type: 'fill',
          source: 'extents',
          paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.12 },
        },
        {
          id: 'extents-line',
          type: 'line',
          source: 'extents',
          paint: { 'line-color': ['get', 'color'], 'line-width': 2 },
        },
        { id: 'draft-fill', type: 'fill', source: 'draft', paint: { 'fill-color': '#c0392b', 'fill-opacity': 0.25 } },
        { id: 'draft-line', type: 'line', source: 'draft', paint: { 'line-color': '#c0392b', 'line-width': 2 } },
        {
          id: 'draft-points',
          type: 'circle',
          source: 'draft',
          paint: { 'circle-radius': 4, 'circle-color': '#c0392b' },
        },
      ],
    },
  });
}
