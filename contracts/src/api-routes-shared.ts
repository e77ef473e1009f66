// What the route registry's parts share: the tags, the error statuses most routes answer, and the
// parameter shapes of tiles and place paths, so each api-routes-*.ts file states only its routes.
import { z } from 'zod';

export const tags = [
  { name: 'Tiles', description: 'Vector tiles (MVT) of each layer, gzip-compressed, with ETag and 304' },
  { name: 'TileJSON', description: 'TileJSON 3.0 of each tile layer: its tile URL template, zooms and fields' },
  { name: 'Styles', description: 'The MapLibre style, its glyphs and sprite' },
  { name: 'Sources', description: 'Stored source definitions: a query, fields and style rules served as tiles' },
  { name: 'Search', description: 'Places, addresses and parcel numbers by typed text' },
  { name: 'Places', description: 'Places under a point, their outlines and sub-places, coverage' },
  { name: 'Records', description: 'Parcel records and the parcels under a point, with the fields your level sees' },
  { name: 'Parcel API', description: 'The /api/v2 parcel API for API plans; every parcel returned is metered' },
  { name: 'API account', description: 'API plans, the sandbox, usage and the usage cap' },
  {
    name: 'Feature service',
    description: 'The ArcGIS FeatureServer (GeoServices REST) of parcels, flood and wetlands',
  },
  { name: 'Service', description: 'Health, client settings, the session and this document' },
  {
    name: 'OGC API',
    description: 'OGC API - Features (GeoJSON, HTML, CRS84 and EPSG:3857) and OGC API - Tiles at /ogc',
  },
] as const;
export type Tag = (typeof tags)[number]['name'];

export const badInput = { '400': 'Bad input (the details name the parameter)' };
export const notFound = { '404': 'No such object' };
/** The API gate of tiles and TileJSON, and of the parcel API (commerce/api-plans). */
export const gateErrors = {
  '402': 'The sandbox or the free trial has ended',
  '429': 'A sandbox limit, the usage cap or a rate limit is reached',
};

export const tileCoords = z.object({
  z: z
    .string()
    .regex(/^\d{1,2}$/)
    .describe('Zoom'),
  x: z
    .string()
    .regex(/^\d{1,7}$/)
    .describe('Column'),
  y: z
    .string()
    .regex(/^\d{1,7}(\.mvt)?$/)
    .describe('Row, optionally ending in .mvt'),
});

/** The tile version in a TileJSON template: tiles of one version may be cached for long. */
export const tileVersionQuery = z.object({
  v: z.string().optional().describe('The layer version from the TileJSON tile template'),
});

export const latLonQuery = z.object({
  lat: z.coerce.number().min(-90).max(90).describe('Latitude (WGS84)'),
  lon: z.coerce.number().min(-180).max(180).describe('Longitude (WGS84)'),
});

/** A place path written into the URL as it is (its slashes are not percent-encoded). */
export const placePathParam = z.object({
  place: z
    .string()
    .regex(/^[a-z]{2}(\/[a-z0-9-]+)*$/)
    .describe('A place path without its leading slash, such as us/ma/middlesex/cambridge; slashes stay as they are'),
});
