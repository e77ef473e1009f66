// Response shapes of the server endpoints the viewer uses (the API contract between viewer and server).

import type { Geometry } from 'geojson';
export type LonLat = [number, number];
export type BBox = [number, number, number, number];
export type PlaceKind = 'country' | 'state' | 'county' | 'city' | 'neighborhood';

export interface PlaceRef {
  path: string;
  name: string;
  headline: string;
  kind: PlaceKind;
}

export interface AtPoint {
  country: PlaceRef | null;
  state: PlaceRef | null;
  county: PlaceRef | null;
  city: PlaceRef | null;
  neighborhood: PlaceRef | null;
}

export interface BoundaryFeature {
  type: 'Feature';
  geometry: Geometry;
  properties: PlaceRef & { parent_path: string | null; bbox: BBox; synthetic: boolean };
}

export interface PlaceChild extends PlaceRef {
  bbox: BBox;
  /** Present when asked for with geometry=1. */
  geometry?: Geometry;
}

export interface ChildrenResponse {
  children: PlaceChild[];
}

export type FieldValue = string | number | boolean | null;

export interface ParcelGroup {
  id: string;
  title: string;
  fields: string[];
}

export interface PremiumMeta {
  tier: 'pro' | 'team';
  locked: boolean;
  unlock: string;
}

export interface ParcelEntity {
  path: string;
  id: number;
  ll_uuid: string;
  fields: Record<string, FieldValue>;
  /** Short human labels (schema fields and add-on fields). */
  key: Record<string, string>;
  /** The note behind each label, shown as its tooltip. */
  tooltips?: Record<string, string>;
  groups: ParcelGroup[];
  premium_field_metadata: Record<string, PremiumMeta>;
  highlights: {
    address: string | null;
    measurements: { acres: number | null; sqft: number | null };
    owner: string | null;
    zoning: string | null;
    landuse: string | null;
    structureCount: number | null;
    locked?: string[];
  };
  geometry: Geometry;
  context: { headline: string; name: string; path: string; active: boolean };
  formatted_addresses: { site: string | null; mailing: string[] | null };
  reference_links: Record<string, string>;
  centroid: LonLat;
}

export interface ParcelAtPoint {
  path: string;
  address: string | null;
  owner: string | null;
  parcelnumb: string | null;
}

export interface SearchResult {
  kind: 'place' | 'parcel';
  path: string;
  name: string;
  headline: string;
  center: LonLat;
  bbox?: BBox;
}

export interface ViewerConfig {
  basemaps: { satellite?: string; satellite2?: string };
  terrain?: string;
  parcelMinZoom: number;
}

export interface CatalogueLayer {
  id: string;
  name: string;
  description: string;
  type: string;
  source: string;
  docs?: string;
  country: string;
  minzoom?: number;
  maxzoom?: number;
  legend?: LegendEntry[];
  /** The tile attribute the legend colours by, and the layer name inside the tiles. */
  property?: string;
  sourceLayer?: string;
  labelMinzoom?: number;
  opacity?: number;
}

export interface LegendEntry {
  label: string;
  color: string;
  /** Tile attribute values drawn in this colour. */
  values?: string[];
}

export interface Dimensions {
  lengths: [number, number, LonLat][];
}
