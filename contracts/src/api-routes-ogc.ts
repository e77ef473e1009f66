// The registry's OGC API at /ogc: OGC API - Features (landing page, conformance, collections, items,
// one item) and OGC API - Tiles (tilesets, the WebMercatorQuad tileset, tile matrix sets, tiles at
// z/y/x). Every metadata document also answers HTML (f=html or a browser's Accept).
import { z } from 'zod';
import { badInput, gateErrors } from './api-routes-shared.ts';
import {
  ogcCollection,
  ogcCollections,
  ogcConformance,
  ogcFeature,
  ogcFeatureCollection,
  ogcFeatureQuery,
  ogcFormatQuery,
  ogcItemsQuery,
  ogcLandingPage,
  ogcTileMatrixSet,
  ogcTileMatrixSets,
  ogcTileset,
  ogcTilesets,
} from './map/ogc.ts';
import type { ApiRoute } from './openapi.ts';

const collection = z.object({
  collectionId: z
    .enum(['parcels', 'zoning', 'flood', 'wetlands'])
    .describe('The collection: parcels, zoning, flood (FEMA flood hazard areas) or wetlands'),
});
const tile = collection.extend({
  z: z
    .string()
    .regex(/^\d{1,2}$/)
    .describe('tileMatrix: the zoom'),
  y: z
    .string()
    .regex(/^\d{1,7}$/)
    .describe('tileRow'),
  x: z
    .string()
    .regex(/^\d{1,7}(\.mvt)?$/)
    .describe('tileCol'),
});
const feature = collection.extend({
  featureId: z.string().describe('The feature id: a parcel’s ll_uuid, a layer row’s id'),
});

const featureErrors = {
  ...badInput,
  '401': 'No API token, or an unknown one (parcels, flood, wetlands)',
  '402': gateErrors['402'],
  '403': 'The account has no API plan (parcels), or no Pro, Team or admin level (flood, wetlands)',
  '429': gateErrors['429'],
};

const metadata = (
  path: string,
  operationId: string,
  summary: string,
  schema: z.ZodType,
  options: { params?: z.ZodObject; errors?: Record<string, string> } = {},
): ApiRoute => ({
  method: 'get',
  path: `/ogc${path}`,
  operationId,
  summary,
  tags: ['OGC API'],
  params: options.params,
  query: ogcFormatQuery,
  answers: { '200': { description: 'JSON, or HTML by f=html or Accept', media: ['json', 'html'], schema } },
  errors: { ...badInput, ...options.errors },
  auth: 'public',
});

const noCollection = { '404': 'No such collection' };

export const ogcApiRoutes: ApiRoute[] = [
  metadata(
    '',
    'ogcLandingPage',
    'OGC API landing page: links to the API document, conformance and collections',
    ogcLandingPage,
  ),
  metadata('/conformance', 'ogcConformance', 'The OGC conformance classes implemented', ogcConformance),
  metadata(
    '/collections',
    'ogcCollections',
    'The feature collections (parcels, zoning, flood, wetlands), with extent, CRS and who may read them',
    ogcCollections,
  ),
  metadata('/collections/{collectionId}', 'ogcCollection', 'One collection', ogcCollection, {
    params: collection,
    errors: noCollection,
  }),
  {
    method: 'get',
    path: '/ogc/collections/{collectionId}/items',
    operationId: 'ogcItems',
    summary: 'Features of a collection: bbox, limit, offset, keyset next/prev links and property filters',
    description:
      'Any other query parameter filters by equality on a field of your plan (?zoning=R1); a field outside it is a 400. ' +
      'Each feature returned is a metered record, as in the /api/v2 parcel API.',
    tags: ['OGC API'],
    params: collection,
    query: ogcItemsQuery,
    answers: {
      '200': {
        description: 'A GeoJSON FeatureCollection, or HTML',
        media: ['geojson', 'html'],
        schema: ogcFeatureCollection,
      },
    },
    errors: { ...featureErrors, ...noCollection },
    auth: 'token',
  },
  {
    method: 'get',
    path: '/ogc/collections/{collectionId}/items/{featureId}',
    operationId: 'ogcFeature',
    summary: 'One feature by its id',
    tags: ['OGC API'],
    params: feature,
    query: ogcFeatureQuery,
    answers: { '200': { description: 'A GeoJSON Feature, or HTML', media: ['geojson', 'html'], schema: ogcFeature } },
    errors: { ...featureErrors, '404': 'No such collection or feature' },
    auth: 'token',
  },
  metadata('/collections/{collectionId}/tiles', 'ogcTilesets', 'The vector tilesets of a collection', ogcTilesets, {
    params: collection,
    errors: noCollection,
  }),
  metadata(
    '/collections/{collectionId}/tiles/WebMercatorQuad',
    'ogcTileset',
    'The WebMercatorQuad vector tileset: limits per zoom, layers and the tile template',
    ogcTileset,
    { params: collection, errors: { ...noCollection, ...gateErrors } },
  ),
  {
    method: 'get',
    path: '/ogc/collections/{collectionId}/tiles/WebMercatorQuad/{z}/{y}/{x}',
    operationId: 'ogcTile',
    summary:
      'A vector tile at tileMatrix/tileRow/tileCol: the same tile as the collection’s tile route (/api/v1/parcels, /api/v1/zoning, /api/v1/static/{fema,wetlands})',
    tags: ['OGC API', 'Tiles'],
    params: tile,
    answers: {
      '200': { description: 'The tile (gzip, zstd or identity by Accept-Encoding)', media: 'mvt' },
      '204': { description: 'An empty tile' },
      '304': { description: 'Not modified (If-None-Match)' },
    },
    errors: { ...badInput, '404': 'Outside the zoom range, or no such collection', ...gateErrors },
    auth: 'public',
  },
  metadata('/tileMatrixSets', 'ogcTileMatrixSets', 'The tile matrix sets (WebMercatorQuad)', ogcTileMatrixSets),
  metadata(
    '/tileMatrixSets/WebMercatorQuad',
    'ogcTileMatrixSet',
    'The WebMercatorQuad tile matrix set as OGC defines it',
    ogcTileMatrixSet,
  ),
];
