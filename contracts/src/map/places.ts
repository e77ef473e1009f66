// Answers of the place endpoints: /at_point.json (breadcrumbs), {place}/boundaries.json,
// {place}/children.json, the typeahead's /search.json and the coverage page's /coverage.json.
import { z } from 'zod';
import { geometry } from '../geojson.ts';

export const lonLat = z.tuple([z.number(), z.number()]);
export type LonLat = z.infer<typeof lonLat>;
/** West, south, east, north in degrees. */
export const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type BBox = z.infer<typeof bbox>;

export const placeKinds = ['country', 'state', 'county', 'city', 'neighborhood'] as const;
export const placeKind = z.enum(placeKinds);
export type PlaceKind = z.infer<typeof placeKind>;

export const placeRef = z.object({
  path: z.string(),
  name: z.string(),
  headline: z.string(),
  /** The headline said within the parent's ("Cambridge, Middlesex County, MA"); optional for older servers. */
  headline_alt: z.string().optional(),
  kind: placeKind,
});
export type PlaceRef = z.infer<typeof placeRef>;

/** The place of each kind under a point, null where there is none. */
export const atPoint = z.object(
  Object.fromEntries(placeKinds.map((kind) => [kind, placeRef.nullable()])) as Record<
    PlaceKind,
    z.ZodNullable<typeof placeRef>
  >,
);
export type AtPoint = z.infer<typeof atPoint>;

export const boundaryFeature = z.object({
  type: z.literal('Feature'),
  geometry,
  properties: placeRef.extend({
    parent_path: z.string().nullable(),
    bbox,
    synthetic: z.boolean(),
    /** The outline was drawn around the place's parcels (no boundary file had it): "outline derived from parcels". */
    outline_derived: z.boolean(),
  }),
});
export type BoundaryFeature = z.infer<typeof boundaryFeature>;

export const placeChild = placeRef.extend({
  bbox,
  /** Present when asked for with geometry=1. */
  geometry: geometry.optional(),
});
export type PlaceChild = z.infer<typeof placeChild>;

export const childrenResponse = z.object({ children: z.array(placeChild) });
export type ChildrenResponse = z.infer<typeof childrenResponse>;

export const searchResult = z.object({
  /** A street is one street name of the centerlines: its extent is `bbox`, `center` a point on it. */
  kind: z.enum(['place', 'street', 'parcel']),
  /** A place's or parcel's path; a street's is its city's path + /streets/<name> (an identifier, not a page). */
  path: z.string(),
  name: z.string(),
  headline: z.string(),
  /** A place's headline within its parent's (placeRef's headline_alt); places only. */
  headline_alt: z.string().optional(),
  center: lonLat,
  bbox: bbox.optional(),
  /** Set when the position was interpolated along a street's address range (no parcel has the address). */
  interpolated: z.literal(true).optional(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchAnswer = z.object({ results: z.array(searchResult) });

export const coverageHeaders = ['path', 'kind', 'name', 'headline', 'parcels', 'coverage_percent'] as const;

/** Parcel coverage per state and per county, as a header row and value rows. */
export const coverageTable = z.object({
  headers: z
    .tuple([
      z.literal('path'),
      z.literal('kind'),
      z.literal('name'),
      z.literal('headline'),
      z.literal('parcels'),
      z.literal('coverage_percent'),
    ])
    .readonly(),
  rows: z.array(z.tuple([z.string(), z.enum(['state', 'county']), z.string(), z.string(), z.number(), z.number()])),
});
export type CoverageTable = z.infer<typeof coverageTable>;
