// Request and answer shapes of the OGC API at /ogc: Features (Part 1 Core with GeoJSON and HTML, Part 2
// CRS for EPSG:3857) and Tiles (WebMercatorQuad). The URIs are the standards' own identifiers, which
// clients such as GDAL and QGIS compare literally.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';
import { parcelFeature } from './parcel-api.ts';

export const crs84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const epsg3857 = 'http://www.opengis.net/def/crs/EPSG/0/3857';
export const webMercatorQuadUri = 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad';

/** The conformance classes the server implements (OGC API Common, Features 1 and 2, Tiles, TMS 2.0). */
export const conformanceClasses = [
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/landing-page',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/json',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-common-2/1.0/conf/collections',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tileset',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tilesets-list',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/geodata-tilesets',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
  'http://www.opengis.net/spec/tms/2.0/conf/tilematrixset',
  'http://www.opengis.net/spec/tms/2.0/conf/json-tilematrixset',
] as const;

/** The CRS a request may name: the URI, or its short form for hand-typed URLs (EPSG:4326's lat/lon order is not offered). */
const crsName = z
  .enum([crs84, epsg3857, 'EPSG:3857', 'CRS84'])
  .transform((name) => (name === 'EPSG:3857' || name === epsg3857 ? epsg3857 : crs84));

const format = z.enum(['json', 'html']).optional().describe('json (the default) or html');

/** bbox=minx,miny,maxx,maxy (a third coordinate of a 6-number box is ignored). */
const bbox = boundedString(200)
  .transform((text, ctx) => {
    const numbers = text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
    if ((numbers.length !== 4 && numbers.length !== 6) || numbers.some((n) => !Number.isFinite(n))) {
      ctx.addIssue({ code: 'custom', message: 'bbox is minx,miny,maxx,maxy' });
      return z.NEVER;
    }
    const [minx, miny, maxx, maxy] = numbers.length === 6 ? [numbers[0], numbers[1], numbers[3], numbers[4]] : numbers;
    if (minx! > maxx! || miny! > maxy!) {
      ctx.addIssue({ code: 'custom', message: 'bbox minimum exceeds its maximum' });
      return z.NEVER;
    }
    return [minx!, miny!, maxx!, maxy!] as [number, number, number, number];
  })
  .describe('minx,miny,maxx,maxy in bbox-crs (CRS84 longitude/latitude by default)');

const parcelIdCursor = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const OGC_MAX_LIMIT = 10_000;

export const ogcItemsQuery = z.object({
  f: format,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(OGC_MAX_LIMIT)
    .default(10)
    .describe('Features per page (1 to 10,000); each one returned is a metered record'),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(0)
    .describe('Features to skip; the next link pages by parcel id instead'),
  after: parcelIdCursor.optional().describe('Keyset cursor of a next link: features after this parcel id'),
  before: parcelIdCursor.optional().describe('Keyset cursor of a prev link: features before this parcel id'),
  bbox: bbox.optional(),
  'bbox-crs': crsName.optional().describe(`The CRS of bbox: ${crs84} (default) or ${epsg3857}`),
  crs: crsName.optional().describe(`The CRS of the answer's geometries: ${crs84} (default) or ${epsg3857}`),
});
export type OgcItemsQuery = z.infer<typeof ogcItemsQuery>;

/** The query names the items route reads itself; every other name is a property filter. */
export const ogcReservedParams: ReadonlySet<string> = new Set([...Object.keys(ogcItemsQuery.shape), 'token']);

export const ogcFormatQuery = z.object({ f: format });
export const ogcFeatureQuery = z.object({ f: format, crs: ogcItemsQuery.shape.crs });

/** Property filter values (names are checked against the plan's fields). */
export const ogcPropertyFilters = z
  .record(boundedString(63).regex(/^[a-z][a-z0-9_]{0,62}$/, 'Unknown field'), boundedString(200))
  .refine((f) => Object.keys(f).length <= 10, 'At most 10 property filters');

export const ogcLink = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
  templated: z.boolean().optional(),
});

export const ogcLandingPage = z.object({ title: z.string(), description: z.string(), links: z.array(ogcLink) });
export const ogcConformance = z.object({ conformsTo: z.array(z.string()) });

export const ogcCollection = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  links: z.array(ogcLink),
  extent: z.looseObject({ spatial: z.looseObject({ bbox: z.array(z.array(z.number())), crs: z.string() }) }),
  itemType: z.literal('feature'),
  crs: z.array(z.string()),
  storageCrs: z.string(),
});
export const ogcCollections = z.object({ links: z.array(ogcLink), collections: z.array(ogcCollection) });

/** A feature of a layer collection (zoning, flood, wetlands): its row id and the table's columns. */
export const ogcLayerFeature = z.object({
  type: z.literal('Feature'),
  id: z.number().int().describe('The row id'),
  geometry: parcelFeature.shape.geometry,
  properties: z.record(z.string(), z.unknown()).describe("The layer's columns the caller may read"),
});
const anyFeature = z.union([parcelFeature, ogcLayerFeature]);
export const ogcFeature = z.union([
  parcelFeature.extend({ links: z.array(ogcLink).optional() }),
  ogcLayerFeature.extend({ links: z.array(ogcLink).optional() }),
]);
export const ogcFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(anyFeature),
  links: z.array(ogcLink),
  timeStamp: z.string(),
  numberMatched: z.number().int().optional(),
  numberReturned: z.number().int(),
});

export const ogcTileset = z.looseObject({
  title: z.string(),
  dataType: z.literal('vector'),
  crs: z.string(),
  tileMatrixSetURI: z.string(),
  links: z.array(ogcLink),
});
export const ogcTilesets = z.object({
  links: z.array(ogcLink),
  tilesets: z.array(ogcTileset.partial({ title: true })),
});
export const ogcTileMatrixSets = z.object({
  tileMatrixSets: z.array(z.object({ id: z.string(), title: z.string(), uri: z.string(), links: z.array(ogcLink) })),
});
export const ogcTileMatrixSet = z.looseObject({
  id: z.string(),
  uri: z.string(),
  crs: z.string(),
  tileMatrices: z.array(
    z.looseObject({
      id: z.string(),
      scaleDenominator: z.number(),
      cellSize: z.number(),
      pointOfOrigin: z.tuple([z.number(), z.number()]),
      matrixWidth: z.number(),
      matrixHeight: z.number(),
    }),
  ),
});
