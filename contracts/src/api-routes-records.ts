// The registry's records: search, places (under a point, outlines, sub-places, coverage), parcel
// records and the parcels under a point, the field catalogue and filters, and the service routes
// (health, client settings, layers, session, legal texts). Place and parcel paths are served by one
// wildcard route on the server, so those operations name it in servedBy.
import { z } from 'zod';
import { badInput, latLonQuery, notFound, placePathParam } from './api-routes-shared.ts';
import { clientConfig, layerCatalogue } from './map/layers.ts';
import { dimensions, fieldCatalog, parcelEntity, parcelsAtPointAnswer } from './map/parcels.ts';
import { atPoint, boundaryFeature, childrenResponse, coverageTable, searchAnswer } from './map/places.ts';
import { autocompleteAnswer, filtersAnswer } from './map/source-filters.ts';
import { placeSources } from './map/sources.ts';
import { healthReport } from './ops/health.ts';
import { sessionInfo } from './people/session.ts';
import type { Answer, ApiRoute } from './openapi.ts';

export const legalAnswer = z.object({ name: z.string(), markdown: z.string() });

const json = (description: string, schema: z.ZodType): Record<string, Answer> => ({
  '200': { description, media: 'json', schema },
});
const wildcard = 'GET /*';

export const recordRoutes: ApiRoute[] = [
  {
    method: 'get',
    path: '/search.json',
    operationId: 'search',
    summary: 'Places, streets, addresses and parcel numbers matching typed text, near the view first',
    tags: ['Search'],
    query: z.object({
      q: z.string().min(2).max(200).describe('The typed text'),
      country: z.enum(['us', 'ca']).optional().describe('Only results in this country'),
      near: z
        .string()
        .optional()
        .describe('The map view’s centre as lon,lat (-71.11,42.37): matches near it rank first'),
    }),
    answers: json('Up to 33 results: places, streets and parcels, best first', searchAnswer),
    errors: badInput,
    auth: 'public',
  },
  {
    method: 'get',
    path: '/at_point.json',
    operationId: 'placesAtPoint',
    summary: 'The place of each kind (country to neighbourhood) under a point',
    tags: ['Places'],
    query: latLonQuery,
    answers: json('One place or null per kind', atPoint),
    errors: badInput,
    auth: 'public',
  },
  {
    method: 'get',
    path: '/{place}/boundaries.json',
    servedBy: wildcard,
    operationId: 'placeBoundary',
    summary: 'A place’s outline as a GeoJSON Feature',
    tags: ['Places'],
    params: placePathParam,
    answers: json('The outline', boundaryFeature),
    errors: { ...badInput, ...notFound },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/{place}/children.json',
    servedBy: wildcard,
    operationId: 'placeChildren',
    summary: 'A place’s sub-places (states of a country, counties of a state, ...)',
    tags: ['Places'],
    params: placePathParam,
    query: z.object({ geometry: z.enum(['1', 'true']).optional().describe('Also answer each outline') }),
    answers: json('The sub-places', childrenResponse),
    errors: { ...badInput, ...notFound },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/{place}/sources.json',
    servedBy: wildcard,
    operationId: 'placeSources',
    summary: 'The datasets a place can be filtered by, with their filter and autocomplete URLs',
    tags: ['Places'],
    params: placePathParam,
    answers: json('The datasets', placeSources),
    errors: notFound,
    auth: 'public',
  },
  {
    method: 'get',
    path: '/{place}/filters.json',
    servedBy: wildcard,
    operationId: 'placeFilters',
    summary: 'The parcel fields you may filter and style by under a place',
    tags: ['Places'],
    params: placePathParam,
    answers: json('The filterable fields', filtersAnswer),
    errors: notFound,
    auth: 'public',
  },
  {
    method: 'get',
    path: '/coverage.json',
    operationId: 'coverage',
    summary: 'Parcel coverage per state and county',
    tags: ['Places'],
    answers: json('A header row and value rows', coverageTable),
    auth: 'public',
  },
  {
    method: 'get',
    path: '/{parcel}.json',
    servedBy: wildcard,
    operationId: 'parcelRecord',
    summary: 'A parcel record with the fields your level sees (others are listed as locked)',
    description: 'Each record opened counts one lookup of the caller’s day (/users/lookup_limits.json).',
    tags: ['Records'],
    params: z.object({
      parcel: z
        .string()
        .regex(/^[a-z]{2}(\/[a-z0-9-]+)+$/)
        .describe('A parcel path without its leading slash, such as us/ma/middlesex/cambridge/12345'),
    }),
    answers: json('The parcel record', parcelEntity),
    errors: { ...badInput, ...notFound, '429': 'The day’s record lookups are used up' },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/parcels_at_point.json',
    operationId: 'parcelsAtPoint',
    summary: 'The parcels under a point, with address, owner and number where your level sees them',
    tags: ['Records'],
    query: latLonQuery,
    answers: json('The parcels', parcelsAtPointAnswer),
    errors: badInput,
    auth: 'public',
  },
  {
    method: 'get',
    path: '/parcel_fields.json',
    operationId: 'parcelFields',
    summary: 'The parcel field catalogue: groups, labels, tiers and add-ons',
    tags: ['Records'],
    query: z.object({ schema_key: z.enum(['us', 'ca']).default('us') }),
    answers: json('The catalogue', fieldCatalog),
    errors: badInput,
    auth: 'public',
  },
  {
    method: 'get',
    path: '/sources/{source}/filters.json',
    operationId: 'sourceFilters',
    summary: 'The fields of a dataset you may filter and style by',
    tags: ['Records'],
    params: z.object({ source: z.literal('parcel') }),
    query: z.object({ filter_path: z.string().optional().describe('Ranges and values under this place path') }),
    answers: json('The filterable fields', filtersAnswer),
    errors: { ...badInput, ...notFound },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/sources/{source}/autocomplete.json',
    operationId: 'autocomplete',
    summary: 'Values of a field that start with the typed text',
    tags: ['Records'],
    params: z.object({ source: z.literal('parcel') }),
    query: z.object({
      key: z.string().min(1).max(80).describe('The field'),
      query: z.string().max(100).default('').describe('The typed start'),
      filter_path: z.string().max(256).optional().describe('Only values under this place path'),
    }),
    answers: json('Up to 10 values', autocompleteAnswer),
    errors: { ...badInput, '403': 'Your plan cannot read this field', ...notFound },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/dimensions.json',
    operationId: 'dimensions',
    summary: 'Edge lengths of a parcel (feet, metres, midpoint)',
    tags: ['Records'],
    query: z.object({ path: z.string().describe('The parcel path') }),
    answers: json('The edges', dimensions),
    errors: { ...badInput, ...notFound },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/health',
    operationId: 'health',
    summary: 'Whether the database answers, and its migration version',
    tags: ['Service'],
    answers: {
      ...json('Healthy', healthReport),
      '503': { description: 'Unavailable', media: 'json', schema: healthReport },
    },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/config.json',
    operationId: 'clientConfig',
    summary: 'Basemap and terrain URLs and the parcel layer’s minimum zoom',
    tags: ['Service'],
    answers: json('The settings', clientConfig),
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/layers.json',
    operationId: 'layerCatalogue',
    summary: 'The additional layers: tile URL, zooms and legend of each',
    tags: ['Service'],
    answers: json('The catalogue', layerCatalogue),
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/session.json',
    operationId: 'session',
    summary: 'Who you are: level, user, group and the CSRF token of a session',
    tags: ['Service'],
    answers: json('The session', sessionInfo),
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/legal/{file}',
    operationId: 'legalText',
    summary: 'A legal text (terms, privacy, ...) as Markdown',
    tags: ['Service'],
    params: z.object({
      file: z
        .string()
        .regex(/^[a-z]+\.json$/)
        .describe('{name}.json'),
    }),
    answers: json('The text', legalAnswer),
    errors: notFound,
    auth: 'public',
  },
];
