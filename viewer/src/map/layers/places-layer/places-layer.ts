// Our own place boundaries and names, drawn over the background: this is the street basemap when there
// is no network. Data comes from {path}/boundaries.json and {path}/children.json (see places-data.ts).
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import type { FeatureCollection } from 'geojson';
import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';

export const placesLayerIds = { fill: 'places-fill', line: 'places-line', label: 'places-label' } as const;
// The fill is invisible: it only makes a sub-boundary's whole area clickable (see sub-boundary-click.ts).
export const subBoundaryLayerIds = ['places-children-fill', 'places-children-line'];

export function placesSources(): Record<string, SourceSpecification> {
  const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });
  return {
    places: { type: 'geojson', data: empty(), attribution: dataAttribution.boundaries },
    'places-children': { type: 'geojson', data: empty(), attribution: dataAttribution.boundaries },
    'place-labels': { type: 'geojson', data: empty(), attribution: dataAttribution.boundaries },
  };
}

export function placesLayers(): LayerSpecification[] {
  return [
    {
      id: placesLayerIds.fill,
      type: 'fill',
      source: 'places',
      filter: ['==', ['get', 'kind'], 'city'],
      paint: { 'fill-color': '#f7f6f0', 'fill-opacity': 0.8 },
    },
    {
      id: 'places-children-fill',
      type: 'fill',
      source: 'places-children',
      paint: { 'fill-color': '#000000', 'fill-opacity': 0 },
    },
    {
      id: 'places-children-line',
      type: 'line',
      source: 'places-children',
      paint: { 'line-color': '#9a8fb5', 'line-width': 1, 'line-dasharray': [3, 2] },
    },
    {
      id: placesLayerIds.line,
      type: 'line',
      source: 'places',
      paint: {
        'line-color': ['match', ['get', 'kind'], 'state', '#7a6a9a', 'county', '#8e7fb0', '#a596c4'],
        'line-width': ['match', ['get', 'kind'], 'state', 2.5, 'county', 2, 1.5],
      },
    },
  ];
}

export function placeLabelLayer(): LayerSpecification {
  return {
    id: placesLayerIds.label,
    type: 'symbol',
    source: 'place-labels',
    layout: {
      'text-field': ['get', 'name'],
      'text-font': ['DejaVu Sans Book'],
      'text-size': ['match', ['get', 'kind'], 'state', 16, 'county', 15, 'city', 14, 12],
      'text-allow-overlap': false,
    },
    paint: { 'text-color': '#4b4266', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  };
}
