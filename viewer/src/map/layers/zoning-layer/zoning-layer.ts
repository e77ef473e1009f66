// Zoning districts from the zoning tiles (layer "zoning": zoning, zoning_name, zoning_type,
// zoning_subtype), zoom 11 to 20, filled with the fixed colour of their standardized type; the codes
// are labelled from zoom 15. Hidden until switched on in the layers panel.
import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';
import { zoningLayers as styleZoningLayers } from '@parcel-map/contracts/map/basemap-style';
import { zoningTypes } from '@parcel-map/contracts/map/zoning-types';

export const zoningLegend = zoningTypes.map((t) => ({ label: t.type, color: t.color }));

/** Through the TileJSON, whose tile URLs carry the data version: a reload never shows cached old districts. */
export function zoningSource(tileJsonUrl: string): SourceSpecification {
  return { type: 'vector', url: tileJsonUrl };
}

export function zoningLayers(): LayerSpecification[] {
  return styleZoningLayers('zoning', false) as unknown as LayerSpecification[];
}

export const zoningLayerIds = zoningLayers().map((l) => l.id);
