// The street basemap's and the zoning layer's MapLibre layers: GET /api/v1/styles/default.json serves
// them and the viewer draws them, so both read this one copy. Colours: a light land tone, blue
// water, white streets with grey casings widening by class, purple boundaries, dark labels with halos.
import { zoningTypes } from './zoning-types.ts';

/** A MapLibre layer as plain JSON (the viewer types it as maplibre's LayerSpecification). */
export type StyleLayer = Record<string, unknown> & { id: string; type: string };

export const landColor = '#eceee6';
export const labelFont = ['DejaVu Sans Book'];
export const basemapLabelLayerIds = ['basemap-street-labels', 'basemap-place-labels'];

const widths: Record<string, [number, number, number, number]> = {
  // [width at z12, at z14, at z16, at z18]
  primary: [2, 5, 10, 22],
  secondary: [1.2, 3.5, 8, 18],
  minor: [0.5, 2, 6, 14],
};

const streetWidth = (cls: string, extra = 0) => {
  const [a, b, c, d] = widths[cls]!;
  return ['interpolate', ['exponential', 1.5], ['zoom'], 12, a + extra, 14, b + extra, 16, c + extra, 18, d + extra];
};

/** Layers under the parcels: land, water, boundaries and streets. */
export function basemapLayers(source = 'basemap'): StyleLayer[] {
  const classes = ['minor', 'secondary', 'primary'];
  return [
    { id: 'background', type: 'background', paint: { 'background-color': landColor } },
    {
      id: 'basemap-water',
      type: 'fill',
      source,
      'source-layer': 'water',
      paint: { 'fill-color': '#a9cfe8', 'fill-outline-color': '#8ab8d8' },
    },
    {
      id: 'basemap-boundaries',
      type: 'line',
      source,
      'source-layer': 'boundaries',
      paint: {
        'line-color': ['match', ['get', 'kind'], 'state', '#7a6a9a', 'county', '#8e7fb0', '#a596c4'],
        'line-width': ['match', ['get', 'kind'], 'state', 2, 'county', 1.5, 1],
        'line-dasharray': [4, 2],
      },
    },
    ...classes.map((cls) => ({
      id: `basemap-streets-${cls}-casing`,
      type: 'line',
      source,
      'source-layer': 'streets',
      filter: ['==', ['get', 'class'], cls],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': cls === 'primary' ? '#d9a84e' : '#c4c4bc', 'line-width': streetWidth(cls, 1.5) },
    })),
    ...classes.map((cls) => ({
      id: `basemap-streets-${cls}`,
      type: 'line',
      source,
      'source-layer': 'streets',
      filter: ['==', ['get', 'class'], cls],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': cls === 'primary' ? '#fbe3a6' : '#ffffff', 'line-width': streetWidth(cls) },
    })),
  ];
}

/** Labels over everything: street names along their lines from zoom 14, place names. */
export function basemapLabelLayers(source = 'basemap'): StyleLayer[] {
  return [
    {
      id: 'basemap-street-labels',
      type: 'symbol',
      source,
      'source-layer': 'streets',
      minzoom: 14,
      layout: {
        'symbol-placement': 'line',
        'text-field': ['get', 'name'],
        'text-font': labelFont,
        'text-size': ['interpolate', ['linear'], ['zoom'], 14, 10, 18, 14],
        'symbol-spacing': 300,
      },
      paint: { 'text-color': '#3d3d3d', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
    {
      id: 'basemap-place-labels',
      type: 'symbol',
      source,
      'source-layer': 'place_labels',
      layout: {
        'text-field': ['get', 'name'],
        'text-font': labelFont,
        'text-size': ['match', ['get', 'kind'], 'state', 15, 'county', 14, 'city', 14, 12],
      },
      paint: { 'text-color': '#4b4266', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
  ];
}

/** The zoning type colour expression over the tiles' zoning_type. */
export function zoningColor(): unknown[] {
  return ['match', ['get', 'zoning_type'], ...zoningTypes.flatMap((t) => [t.type, t.color]), '#b0b0b0'];
}

/** The zoning layer: districts filled by type (0.45 opacity so parcels and streets show through),
 * outlined, with the district code from zoom 15. */
export function zoningLayers(source = 'zoning', visible = true): StyleLayer[] {
  const visibility = visible ? 'visible' : 'none';
  const common = { source, 'source-layer': 'zoning', minzoom: 11, maxzoom: 21 };
  return [
    {
      id: 'zoning-fill',
      type: 'fill',
      ...common,
      layout: { visibility },
      paint: { 'fill-color': zoningColor(), 'fill-opacity': 0.45 },
    },
    {
      id: 'zoning-line',
      type: 'line',
      ...common,
      layout: { visibility },
      paint: { 'line-color': zoningColor(), 'line-width': 1.5 },
    },
    {
      id: 'zoning-label',
      type: 'symbol',
      ...common,
      minzoom: 15,
      layout: { visibility, 'text-field': ['get', 'zoning'], 'text-font': labelFont, 'text-size': 12 },
      paint: { 'text-color': '#222222', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
  ];
}
