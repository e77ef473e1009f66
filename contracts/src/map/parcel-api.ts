// Request and answer shapes of the parcel API (/api/v2): the query parameters of each endpoint and the
// GeoJSON FeatureCollection it answers, a page at a time (a next link carries the cursor of the page
// after). The OpenAPI document is generated from these (openapi.ts).
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(1000)
  .default(20)
  .describe('Most parcels on this page (1 to 1,000); each one returned is a metered record');
const cursor = boundedString(2000)
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor is the value of a next link')
  .optional()
  .describe(
    "Where this page starts: the cursor of the previous page's next link (opaque). Follow next links to walk every match once",
  );
const placePath = boundedString(300)
  .regex(/^\/[a-z]{2}(\/[a-z0-9-]{1,80}){0,3}$/, 'path is a place path such as /us/ma/middlesex')
  .describe('Only parcels under this place path, such as /us/ma/middlesex or /us/ma/middlesex/cambridge');

export const pointQuery = z.object({
  lat: z.coerce.number().min(-90).max(90).describe('Latitude (WGS84)'),
  lon: z.coerce.number().min(-180).max(180).describe('Longitude (WGS84)'),
  radius: z.coerce
    .number()
    .min(0)
    .max(1000)
    .default(0)
    .describe('Metres around the point (0 to 1,000); 0 returns the parcels containing the point'),
  limit,
  cursor,
});

export const addressQuery = z.object({
  query: boundedString(200)
    .trim()
    .min(3, 'query needs at least 3 characters')
    .describe('Part of a site address, such as "12 Main St"'),
  path: placePath.optional(),
  limit,
  cursor,
});

export const apnQuery = z.object({
  parcelnumb: boundedString(100).trim().min(1).describe('The parcel number (APN) as the county writes it'),
  path: placePath.optional(),
  limit,
  cursor,
});

export const fieldsQuery = z.object({
  path: placePath,
  limit,
  cursor,
});

/** fields[name]=value pairs of /api/v2/parcels/query (names are checked against the plan's fields). */
export const fieldFilters = z
  .record(boundedString(63).regex(/^[a-z][a-z0-9_]{0,62}$/, 'Unknown field'), boundedString(200))
  .refine((f) => Object.keys(f).length >= 1 && Object.keys(f).length <= 10, 'Give 1 to 10 fields[name]=value filters');

export const parcelFeature = z.object({
  type: z.literal('Feature'),
  id: z.string().describe('ll_uuid'),
  geometry: z.object({ type: z.string(), coordinates: z.array(z.unknown()) }).describe('GeoJSON geometry (WGS84)'),
  properties: z
    .object({ path: z.string(), ll_uuid: z.string() })
    .catchall(z.unknown())
    .describe('The parcel fields the plan allows'),
});

export const pageLink = z.object({
  rel: z.literal('next'),
  href: z.string().describe('The next page: the same query with its cursor (also sent as a Link header)'),
  type: z.literal('application/geo+json'),
});

export const featureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(parcelFeature),
  links: z.array(pageLink).describe('A next link while more parcels match; none on the last page'),
});
export type ParcelFeatureCollection = z.infer<typeof featureCollection>;
