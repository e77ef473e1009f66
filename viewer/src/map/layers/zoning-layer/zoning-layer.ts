// Zoning districts from the zoning tiles (layer "zoning": zoning, zoning_name, zoning_type,
// zoning_subtype), zoom 11 to 20, filled with the fixed colour of their standardized type, outlined, and
// the codes labelled from zoom 15: the style the server's style documents share, which the generic
// catalogue layer cannot express (its label is the code, its colour the type). Hidden until shown.
import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';
import { zoningLayers as styleZoningLayers } from '@parcel-map/contracts/map/basemap-style';

/** Through the TileJSON, whose tile URLs carry the data version: a reload never shows cached old districts. */
export function zoningSource(tileJsonUrl: string): SourceSpecification {
  return { type: 'vector', url: tileJsonUrl };
}

export function zoningLayers(): LayerSpecification[] {
  return styleZoningLayers('zoning', false) as unknown as LayerSpecification[];
}
