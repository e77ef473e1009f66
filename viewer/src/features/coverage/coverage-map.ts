// The coverage choropleth: county outlines (from {path}/boundaries.json) filled with their band's
// colour, or the states of the table filled with theirs, over the country. GeoJSON is inlined in the style, so the first
// idle already shows the data.
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { Map as MapLibreMap, type LngLatBoundsLike } from 'maplibre-gl';
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import { getBoundary } from '../../api/places.ts';
import type { BBox, BoundaryFeature } from '@parcel-map/contracts/map/places';
import { bandColor, bandOf, type CoverageEntry } from './coverage.ts';

export interface CoverageShapes {
  counties: FeatureCollection;
  context: FeatureCollection;
  bounds: BBox | null;
}

function union(a: BBox | null, b: BBox): BBox {
  return a ? [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])] : b;
}

export async function loadCoverageShapes(entries: CoverageEntry[]): Promise<CoverageShapes> {
  const countyEntries = entries.filter((e) => e.kind === 'county');
  const statePaths = entries.filter((e) => e.kind === 'state').map((e) => e.path);
  const countries = [...new Set(entries.map((e) => `/${e.path.split('/')[1]}`))];
  const [countyOutlines, contextOutlines] = await Promise.all([
    Promise.all(countyEntries.map((e) => getBoundary(e.path))),
    Promise.all([...countries, ...statePaths].map((p) => getBoundary(p))),
  ]);
  const counties: Feature<Geometry>[] = [];
  let bounds: BBox | null = null;
  countyOutlines.forEach((outline, i) => {
    const entry = countyEntries[i]!;
    if (!outline) return;
    bounds = union(bounds, outline.properties.bbox);
    counties.push({
      type: 'Feature',
      geometry: outline.geometry,
      properties: {
        path: entry.path,
        name: entry.name,
        percent: entry.percent,
        band: bandOf(entry.percent),
        color: bandColor(entry.percent),
      },
    });
  });
  const percentOf = new Map(entries.map((e) => [e.path, e.percent]));
  const context = contextOutlines
    .filter((b): b is BoundaryFeature => b !== null)
    .map((b): Feature<Geometry> => {
      const percent = percentOf.get(b.properties.path);
      const heat = percent === undefined ? {} : { percent, band: bandOf(percent), color: bandColor(percent) };
      return {
        type: 'Feature',
        geometry: b.geometry,
        properties: { kind: b.properties.kind, path: b.properties.path, name: b.properties.name, ...heat },
      };
    });
  return {
    counties: { type: 'FeatureCollection', features: counties },
    context: { type: 'FeatureCollection', features: context },
    bounds,
  };
}

export type HeatLevel = 'county' | 'state';

/** Per-county or per-state heat: only one fill layer shows at a time. */
export function showHeatLevel(map: MapLibreMap, level: HeatLevel): void {
  map.setLayoutProperty('coverage-fill', 'visibility', level === 'county' ? 'visible' : 'none');
  map.setLayoutProperty('coverage-line', 'visibility', level === 'county' ? 'visible' : 'none');
  map.setLayoutProperty('coverage-state-fill', 'visibility', level === 'state' ? 'visible' : 'none');
}

export function createCoverageMap(container: HTMLElement, shapes: CoverageShapes): MapLibreMap {
  const bounds: LngLatBoundsLike = shapes.bounds
    ? [
        [shapes.bounds[0], shapes.bounds[1]],
        [shapes.bounds[2], shapes.bounds[3]],
      ]
    : [
        [-127.3, 23.5],
        [-64.6, 48.5],
      ];
  return new MapLibreMap({
    container,
    bounds,
    fitBoundsOptions: { padding: 40, maxZoom: 9 },
    // The outlines are the Census and Statistics Canada boundaries; collapsed on narrow screens.
    attributionControl: {},
    style: {
      version: 8,
      sources: {
        context: { type: 'geojson', data: shapes.context, attribution: dataAttribution.boundaries },
        coverage: { type: 'geojson', data: shapes.counties, attribution: dataAttribution.boundaries },
      },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#dfe7ee' } },
        {
          id: 'context-fill',
          type: 'fill',
          source: 'context',
          filter: ['==', ['get', 'kind'], 'country'],
          paint: { 'fill-color': '#f2f2f2' },
        },
        {
          id: 'coverage-state-fill',
          type: 'fill',
          source: 'context',
          filter: ['==', ['get', 'kind'], 'state'],
          layout: { visibility: 'none' },
          paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.9 },
        },
        {
          id: 'coverage-fill',
          type: 'fill',
          source: 'coverage',
          paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.9 },
        },
        { id: 'coverage-line', type: 'line', source: 'coverage', paint: { 'line-color': '#1f2430', 'line-width': 1 } },
        {
          id: 'context-line',
          type: 'line',
          source: 'context',
          paint: { 'line-color': '#7a6a9a', 'line-width': ['match', ['get', 'kind'], 'state', 1.5, 1] },
        },
      ],
    },
  });
}
