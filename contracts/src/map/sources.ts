// Answers of the source endpoints: the TileJSON of a tile layer (parcels, basemap, zoning, a stored
// source), the list of stored sources, a stored source's extent, and the sources of a place path.
import { z } from 'zod';
import { bbox } from './places.ts';

/** TileJSON 3.0 as the tile endpoints describe their tiles. */
export const tileJson = z.looseObject({
  tilejson: z.literal('3.0.0'),
  name: z.string(),
  tiles: z.array(z.string()).min(1),
  /** A stored source's tiles drawn as PNG ({y}.png, 256 px; {y}@2x.png, 512 px) beside the vector template. */
  raster_tiles: z.array(z.string()).min(1).optional(),
  /** A stored source's print template: its {y}@2x.png tiles. */
  printUrl: z.string().optional(),
  minzoom: z.number(),
  maxzoom: z.number(),
  bounds: bbox.optional(),
  vector_layers: z.array(z.looseObject({ id: z.string(), fields: z.record(z.string(), z.string()) })),
});

/** GET /api/v1/sources: the caller's stored sources (an admin's: all), a page at a time. */
export const sourcesList = z.object({
  next: z.string().nullable(),
  sources: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      query: z.unknown(),
      fields: z.unknown(),
      rules: z.number(),
      url: z.string(),
    }),
  ),
});

/** GET /sources/{id}/extent.json: the box around the parcels a stored source selects (null: none). */
export const sourceExtent = z.object({
  id: z.union([z.string(), z.number()]),
  bbox: bbox.nullable(),
  parcels: z.number(),
});

/** GET {place}/sources.json: the datasets a place can be filtered by, with their filter and autocomplete URLs. */
export const placeSources = z.object({
  path: z.string(),
  sources: z.array(z.object({ id: z.string(), name: z.string(), filters: z.string(), autocomplete: z.string() })),
});

export type TileJson = z.infer<typeof tileJson>;
export type SourcesList = z.infer<typeof sourcesList>;
export type SourceExtent = z.infer<typeof sourceExtent>;
export type PlaceSources = z.infer<typeof placeSources>;
