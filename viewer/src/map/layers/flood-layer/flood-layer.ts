// FEMA flood zones from the flood tiles (layer "flood": fld_zone, sfha), opacity 0.7 (spec 9): the high-risk
// A and V zones light blue, X orange; zone labels from zoom 12; tiles to z14, over-zoomed above.
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import type { ExpressionSpecification, LayerSpecification, SourceSpecification } from 'maplibre-gl';

export const floodLegend = [
  {
    label: 'A, A99, AE, AH, AO, V, VE (high risk)',
    color: '#7ec8f0',
    zones: ['A', 'A99', 'AE', 'AH', 'AO', 'V', 'VE'],
  },
  { label: 'X (moderate to minimal risk)', color: '#f5a623', zones: ['X'] },
];
export const floodOtherColor = '#b0b0b0';
export const floodLayerIds = ['flood-fill', 'flood-label'];

export function floodSource(tiles: string): SourceSpecification {
  // Tiles inlined (its TileJSON is for paying callers only), so the credit its TileJSON carries is given here.
  return { type: 'vector', tiles: [tiles], minzoom: 0, maxzoom: 14, attribution: dataAttribution.flood };
}

const floodColor: ExpressionSpecification = [
  'match',
  ['get', 'fld_zone'],
  ...floodLegend.flatMap((entry) => [entry.zones, entry.color]),
  floodOtherColor,
] as unknown as ExpressionSpecification;

export function floodLayers(): LayerSpecification[] {
  return [
    {
      id: 'flood-fill',
      type: 'fill',
      source: 'flood',
      'source-layer': 'flood',
      layout: { visibility: 'none' },
      paint: { 'fill-color': floodColor, 'fill-opacity': 0.7 },
    },
    {
      id: 'flood-label',
      type: 'symbol',
      source: 'flood',
      'source-layer': 'flood',
      minzoom: 12,
      layout: {
        visibility: 'none',
        'text-field': ['concat', 'Zone ', ['get', 'fld_zone']],
        'text-font': ['DejaVu Sans Book'],
        'text-size': 12,
      },
      paint: { 'text-color': '#0b3d63', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
  ];
}
