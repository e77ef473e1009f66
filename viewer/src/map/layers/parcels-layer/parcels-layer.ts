// Parcel lines from the tile server's vector tiles (layer "parcels", feature id = parcels.id): an invisible
// fill for hover and click picking, the lines, the hovered outline and the selected outline. The two
// outlines show by feature-state (parcel-highlight.ts sets it) and have no filter, so the three line
// layers share one zoom range and one layout: maplibre lays their geometry out once per tile.
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import type { ExpressionSpecification, LayerSpecification, SourceSpecification } from 'maplibre-gl';

export const parcelMinZoom = 11;
export const parcelSourceId = 'parcels';
export const parcelLayerIds = {
  fill: 'parcels-fill',
  line: 'parcels-line',
  hover: 'parcels-hover',
  selected: 'parcels-selected',
} as const;

export interface TileJson {
  tiles: string[];
  minzoom?: number;
  maxzoom?: number;
  bounds?: [number, number, number, number];
  attribution?: string;
}

/** Inline tiles when the TileJSON was prefetched at start (saves a round trip before the first tile),
 * else the TileJSON URL for maplibre to fetch. */
export function parcelSource(origin: string, tokenQuery: string, tileJson: TileJson | null): SourceSpecification {
  if (tileJson?.tiles?.length) {
    return {
      type: 'vector',
      tiles: tileJson.tiles,
      minzoom: tileJson.minzoom ?? parcelMinZoom,
      maxzoom: tileJson.maxzoom ?? 22,
      ...(tileJson.bounds ? { bounds: tileJson.bounds } : {}),
      // Inlined tiles skip maplibre's own TileJSON read, which would take the attribution from it.
      attribution: tileJson.attribution ?? dataAttribution.parcels,
    };
  }
  return { type: 'vector', url: `${origin}/api/v1/parcels?format=mvt${tokenQuery}` };
}

/** Spec 9: outline width 0.5 to 3, hover 3 to 5 across zoom 13 to 17, selected 5. */
const outlineWidth: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], 11, 0.5, 15, 1.2, 17, 2, 19, 3];
const hoverWidth: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], 13, 3, 17, 5];

/** Spec 4: the hover outline appears only at or above the raster max zoom (13). */
const hoverOpacity: ExpressionSpecification = [
  'step',
  ['zoom'],
  0,
  13,
  ['case', ['boolean', ['feature-state', 'hover'], false], 1, 0],
];
const selectedOpacity: ExpressionSpecification = ['case', ['boolean', ['feature-state', 'selected'], false], 1, 0];

export function parcelLayers(colors: { parcel: string; hover: string; selected: string }): LayerSpecification[] {
  const common = { source: parcelSourceId, 'source-layer': 'parcels', minzoom: parcelMinZoom } as const;
  return [
    // Fully transparent but still queryable: hover and click find parcels by their area, not their edge.
    { id: parcelLayerIds.fill, type: 'fill', ...common, paint: { 'fill-color': '#000000', 'fill-opacity': 0 } },
    {
      id: parcelLayerIds.line,
      type: 'line',
      ...common,
      paint: { 'line-color': colors.parcel, 'line-width': outlineWidth },
    },
    {
      id: parcelLayerIds.hover,
      type: 'line',
      ...common,
      paint: { 'line-color': colors.hover, 'line-width': hoverWidth, 'line-opacity': hoverOpacity },
    },
    {
      id: parcelLayerIds.selected,
      type: 'line',
      ...common,
      paint: { 'line-color': colors.selected, 'line-width': 5, 'line-opacity': selectedOpacity },
    },
  ];
}
