// The /api/v2 operations for the OpenAPI document, which contracts/openapi.ts generates from the zod
// schemas the routes parse with (query parameters, the FeatureCollection answer, the error envelope).
// Every /api/v2 route is listed here; a test compares the list with the app's routes.
import {
  addressQuery,
  apnQuery,
  featureCollection,
  fieldsQuery,
  pointQuery,
} from '@parcel-map/contracts/map/parcel-api';
import { openApiDocument as generate, type Operation } from '@parcel-map/contracts/openapi';

const errors: Record<string, string> = {
  '400': 'Bad input (the details name the parameter)',
  '401': 'No API token, or an unknown one',
  '402': 'The sandbox or the free trial has ended',
  '403': 'The account has no API plan',
  '429': 'A sandbox limit or the usage cap is reached',
};

const parcels = {
  description: 'A GeoJSON FeatureCollection of parcels with the fields your plan allows',
  schema: 'ParcelFeatureCollection',
};
const security: Record<string, string[]>[] = [{ bearer: [] }, { token: [] }];
const metered = { response: parcels, errors, security };

const fieldFilters = {
  name: 'fields',
  in: 'query',
  required: true,
  style: 'deepObject',
  explode: true,
  description: 'Filters as fields[name]=value: equality on parcel fields your plan includes',
  schema: { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1, maxProperties: 10 },
};

export const endpoints: Operation[] = [
  {
    method: 'get',
    path: '/api/v2/parcels/point',
    operationId: 'parcelsAtPoint',
    summary: 'Parcels containing a point, or within a radius (metres) of it, nearest first',
    query: pointQuery,
    ...metered,
  },
  {
    method: 'get',
    path: '/api/v2/parcels/address',
    operationId: 'parcelsByAddress',
    summary: 'Parcels whose site address contains the query',
    query: addressQuery,
    ...metered,
  },
  {
    method: 'get',
    path: '/api/v2/parcels/apn',
    operationId: 'parcelsByNumber',
    summary: 'Parcels with a parcel number (APN), optionally under a place path',
    query: apnQuery,
    ...metered,
  },
  {
    method: 'get',
    path: '/api/v2/parcels/query',
    operationId: 'parcelsByFields',
    summary: 'Parcels under a place path whose fields equal the given values (fields[name]=value, 1 to 10)',
    query: fieldsQuery,
    extraParameters: [fieldFilters],
    ...metered,
  },
  {
    method: 'get',
    path: '/api/v2/openapi.json',
    operationId: 'openApi',
    summary: 'This document',
    response: { description: 'The OpenAPI document' },
  },
];

export function openApiDocument(serverUrl: string) {
  return generate({
    info: {
      title: 'Parcel API',
      version: '2.0.0',
      description:
        'Parcels by point, address, parcel number and field filters, for API plans. Every parcel returned is a metered record.',
    },
    serverUrl,
    operations: endpoints,
    schemas: { ParcelFeatureCollection: featureCollection },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      token: { type: 'apiKey', in: 'query', name: 'token' },
    },
  });
}
