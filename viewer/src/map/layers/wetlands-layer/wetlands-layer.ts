// NWI wetlands from the wetland tiles (layer "wetlands": wetland_type, attribute), zoom 10 to 22 with
// tiles to z14; each of the eight NWI types has its own colour (the usual NWI map colours), plus Other.
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import type { ExpressionSpecification, LayerSpecification, SourceSpecification } from 'maplibre-gl';

export const wetlandsLegend = [
  { label: 'Freshwater Emergent Wetland', color: '#7fc31c' },
  { label: 'Freshwater Forested/Shrub Wetland', color: '#008837' },
  { label: 'Freshwater Pond', color: '#688cc0' },
  { label: 'Lake', color: '#13007c' },
  { label: 'Riverine', color: '#0190bf' },
  { label: 'Estuarine and Marine Wetland', color: '#66c2a5' },
  { label: 'Estuarine and Marine Deepwater', color: '#007c88' },
  { label: 'Other', color: '#b28653' },
];
export const wetlandsLayerIds = ['wetlands-fill'];

export function wetlandsSource(tiles: string): SourceSpecification {
  // Tiles inlined (its TileJSON is for paying callers only), so the credit its TileJSON carries is given here.
  return { type: 'vector', tiles: [tiles], minzoom: 10, maxzoom: 14, attribution: dataAttribution.wetlands };
}

const wetlandColor: ExpressionSpecification = [
  'match',
  ['get', 'wetland_type'],
  ...wetlandsLegend.slice(0, -1).flatMap((entry) => [entry.label, entry.color]),
  wetlandsLegend[wetlandsLegend.length - 1]!.color,
] as unknown as ExpressionSpecification;

export function wetlandsLayers(): LayerSpecification[] {
  return [
    {
      id: 'wetlands-fill',
      type: 'fill',
      source: 'wetlands',
      'source-layer': 'wetlands',
      minzoom: 10,
      layout: { visibility: 'none' },
      paint: { 'fill-color': wetlandColor, 'fill-opacity': 0.7 },
    },
  ];
}
