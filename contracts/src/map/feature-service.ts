// Request and answer shapes of the ArcGIS FeatureServer (/arcgis/rest/...): the query parameters of a
// layer query as ArcGIS clients send them (GDAL's ESRIJSON driver, ArcGIS Pro, QGIS), the layer names,
// and the ArcGIS error envelope. The OpenAPI operations (api-routes-arcgis.ts) are generated from these.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

/** The layers served as feature services: parcels, zoning districts, and the static flood and wetland layers. */
export const featureLayerNames = ['parcels', 'zoning', 'flood', 'wetlands'] as const;
export type FeatureLayerName = (typeof featureLayerNames)[number];

/** ArcGIS sends booleans as text; absent means the ArcGIS default. */
const flag = z
  .enum(['true', 'false', 'TRUE', 'FALSE', 'True', 'False'])
  .transform((v) => v.toLowerCase() === 'true')
  .optional();

/** A spatial reference as a WKID (4326, 3857 and its old numbers 102100, 102113, 900913) or {"wkid":n}. */
const spatialReference = boundedString(200).describe('A WKID (4326 or 3857/102100) or {"wkid":4326}');

export const featureQuery = z.object({
  where: boundedString(4000)
    .optional()
    .describe(
      "SQL-92 subset on the layer's fields: 1=1, =, <>, <, <=, >, >=, IN (...), LIKE with % and _, IS [NOT] NULL, AND, OR, NOT, parentheses",
    ),
  geometry: boundedString(2000)
    .optional()
    .describe('An envelope xmin,ymin,xmax,ymax or {"xmin":..}, or a point x,y or {"x":..,"y":..}'),
  geometryType: z.enum(['esriGeometryEnvelope', 'esriGeometryPoint']).optional(),
  inSR: spatialReference.optional(),
  outSR: spatialReference.optional(),
  spatialRel: boundedString(60).optional().describe('esriSpatialRelIntersects (the only one served)'),
  outFields: boundedString(4000).optional().describe('Comma-separated field names, or * for every field you may read'),
  returnGeometry: flag,
  returnCountOnly: flag,
  returnIdsOnly: flag,
  returnExtentOnly: flag.describe(
    'The extent of the matching features (in outSR) instead of them; with returnCountOnly, both',
  ),
  resultOffset: z.coerce.number().int().min(0).max(100_000_000).optional(),
  resultRecordCount: z.coerce.number().int().min(1).max(100_000).optional(),
  objectIds: boundedString(100_000)
    .regex(/^\s*\d{1,15}(\s*,\s*\d{1,15})*\s*$/, 'objectIds is a comma-separated list of OBJECTIDs')
    .optional()
    .describe('Only these OBJECTIDs (comma-separated), as clients that page by ids send them'),
  orderByFields: boundedString(1000).optional().describe('field [ASC|DESC], ...'),
  f: z.enum(['json', 'pjson', 'geojson', 'pbf']).default('json'),
  token: boundedString(512).optional().describe('Your API token, as ArcGIS clients send it'),
});
export type FeatureQuery = z.infer<typeof featureQuery>;

export const infoQuery = z.object({
  f: z.enum(['json', 'pjson']).default('json'),
  token: boundedString(512).optional(),
});

/** ArcGIS's error envelope; requestId is ours (the rest of the API's errors carry it too). */
export const arcgisError = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    details: z.array(z.string()),
    requestId: z.string(),
  }),
});

export const restInfoAnswer = z.looseObject({
  currentVersion: z.number(),
  authInfo: z.looseObject({ isTokenBasedSecurity: z.boolean() }),
});

export const serviceInfoAnswer = z.looseObject({
  maxRecordCount: z.number(),
  layers: z.array(z.looseObject({ id: z.number(), name: z.string(), geometryType: z.string().optional() })),
});

export const layerInfoAnswer = z.looseObject({
  id: z.number(),
  name: z.string(),
  type: z.literal('Feature Layer'),
  geometryType: z.string(),
  objectIdField: z.string(),
  maxRecordCount: z.number(),
  capabilities: z.string(),
  fields: z.array(z.looseObject({ name: z.string(), type: z.string() })),
  extent: z.looseObject({ xmin: z.number(), ymin: z.number(), xmax: z.number(), ymax: z.number() }),
});

export const queryAnswer = z.union([
  z.looseObject({ count: z.number() }),
  z.looseObject({
    extent: z.looseObject({
      xmin: z.union([z.number(), z.literal('NaN')]),
      ymin: z.union([z.number(), z.literal('NaN')]),
      xmax: z.union([z.number(), z.literal('NaN')]),
      ymax: z.union([z.number(), z.literal('NaN')]),
    }),
  }),
  z.looseObject({ objectIdFieldName: z.string(), objectIds: z.array(z.number()) }),
  z.looseObject({ features: z.array(z.unknown()), exceededTransferLimit: z.boolean().optional() }),
  z.looseObject({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }),
]);
