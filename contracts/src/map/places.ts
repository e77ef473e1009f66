// Answers of the place endpoints: /at_point.json (breadcrumbs), {place}/boundaries.json,
// {place}/children.json, the typeahead's /search.json and the coverage page's /coverage.json.
import type { Geometry } from '../geojson.ts';

export type LonLat = [number, number];
/** West, south, east, north in degrees. */
export type BBox = [number, number, number, number];

export const placeKinds = ['country', 'state', 'county', 'city', 'neighborhood'] as const;
export type PlaceKind = (typeof placeKinds)[number];

export interface PlaceRef {
  path: string;
  name: string;
  headline: string;
  kind: PlaceKind;
}

/** The place of each kind under a point, null where there is none. */
export type AtPoint = Record<PlaceKind, PlaceRef | null>;

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

export interface SearchResult {
  kind: 'place' | 'parcel';
  path: string;
  name: string;
  headline: string;
  center: LonLat;
  bbox?: BBox;
  /** Set when the position was interpolated along a street's address range (no parcel has the address). */
  interpolated?: true;
}

export const coverageHeaders = ['path', 'kind', 'name', 'headline', 'parcels', 'coverage_percent'] as const;

/** Parcel coverage per state and per county, as a header row and value rows. */
export interface CoverageTable {
  headers: typeof coverageHeaders;
  rows: [string, 'state' | 'county', string, string, number, number][];
}
