// The OpenAPI 3.1 document of /api/v2, generated from the zod schemas of schema.ts (query parameters
// and the FeatureCollection answer) and the one error shape. Every /api/v2 route is listed in
// `endpoints`; a test compares it with the app's routes.
import { z } from 'zod';
import { addressQuery, apnQuery, featureCollection, fieldsQuery, pointQuery } from '@parcel-map/contracts/map/parcel-api';

interface Endpoint {
  path: string;
  operationId: string;
  summary: string;
  query?: z.ZodObject;
  /** /api/v2/parcels/query: fields[name]=value filters. */
  fieldFilters?: boolean;
  answer: 'parcels' | 'document';
}

export const endpoints: Endpoint[] = [
  { path: '/api/v2/parcels/point', operationId: 'parcelsAtPoint', summary: 'Parcels containing a point, or within a radius (metres) of it, nearest first', query: pointQuery, answer: 'parcels' },
  { path: '/api/v2/parcels/address', operationId: 'parcelsByAddress', summary: 'Parcels whose site address contains the query', query: addressQuery, answer: 'parcels' },
  { path: '/api/v2/parcels/apn', operationId: 'parcelsByNumber', summary: 'Parcels with a parcel number (APN), optionally under a place path', query: apnQuery, answer: 'parcels' },
  { path: '/api/v2/parcels/query', operationId: 'parcelsByFields', summary: 'Parcels under a place path whose fields equal the given values (fields[name]=value, 1 to 10)', query: fieldsQuery, fieldFilters: true, answer: 'parcels' },
  { path: '/api/v2/openapi.json', operationId: 'openApi', summary: 'This document', answer: 'document' },
];

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'requestId'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, requestId: { type: 'string' }, details: {} },
    },
  },
};

const errors: Record<string, string> = {
  '400': 'Bad input (the details name the parameter)',
  '401': 'No API token, or an unknown one',
  '402': 'The sandbox or the free trial has ended',
  '403': 'The account has no API plan',
  '429': 'A sandbox limit or the usage cap is reached',
};

function parameters(endpoint: Endpoint) {
  if (!endpoint.query) return [];
  const schema = z.toJSONSchema(endpoint.query, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { description?: string }>; required?: string[] };
  const list: object[] = Object.entries(schema.properties).map(([name, property]) => ({
    name, in: 'query', required: schema.required?.includes(name) ?? false, description: property.description, schema: property,
  }));
  if (endpoint.fieldFilters) {
    list.push({
      name: 'fields', in: 'query', required: true, style: 'deepObject', explode: true,
      description: 'Filters as fields[name]=value: equality on parcel fields your plan includes',
      schema: { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1, maxProperties: 10 },
    });
  }
  return list;
}

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, object> = {};
  for (const endpoint of endpoints) {
    const ok = endpoint.answer === 'parcels'
      ? { description: 'A GeoJSON FeatureCollection of parcels with the fields your plan allows', content: { 'application/json': { schema: { $ref: '#/components/schemas/ParcelFeatureCollection' } } } }
      : { description: 'The OpenAPI document', content: { 'application/json': { schema: { type: 'object' } } } };
    const responses: Record<string, object> = { '200': ok };
    if (endpoint.answer === 'parcels') for (const [status, description] of Object.entries(errors)) responses[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    paths[endpoint.path] = {
      get: {
        operationId: endpoint.operationId, summary: endpoint.summary, parameters: parameters(endpoint), responses,
        ...(endpoint.answer === 'parcels' ? { security: [{ bearer: [] }, { token: [] }] } : {}),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Parcel API', version: '2.0.0', description: 'Parcels by point, address, parcel number and field filters, for API plans. Every parcel returned is a metered record.' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { ParcelFeatureCollection: z.toJSONSchema(featureCollection, { unrepresentable: 'any' }), Error: errorSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, token: { type: 'apiKey', in: 'query', name: 'token' } },
    },
  };
}
