// The registry's parcel API (/api/v2: parcels by point, address, number and field filters, answered as
// GeoJSON) and the API account routes (plans, counties, the sandbox, usage, the cap), plus the routes
// that answer this document.
import { z } from 'zod';
import { badInput, gateErrors } from './api-routes-shared.ts';
import {
  apiAccountOrNone,
  apiCountiesAnswer,
  apiPlanChangeBody,
  apiPlansAnswer,
  sandboxBody,
  usageCapBody,
} from './commerce/api-plans.ts';
import { addressQuery, apnQuery, featureCollection, fieldsQuery, pointQuery } from './map/parcel-api.ts';
import type { ApiRoute } from './openapi.ts';

/** An OpenAPI 3.1 document as openapi.ts makes it (the validator test checks the rest). */
export const openApiShape = z.looseObject({
  openapi: z.literal('3.1.0'),
  paths: z.record(z.string(), z.unknown()),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()) }),
});

export const sandboxAnswer = z.object({
  path: z.string(),
  token: z.string().describe('The API token; shown once'),
  ends_at: z.string(),
  counties: z.array(z.string()),
});
export const usageCapAnswer = usageCapBody;
/** PUT /api/plan.json: the prorated switch (cents charged now and credited) and when the new price starts. */
export const apiPlanSwitchAnswer = z.object({
  plan: z.string(),
  charge: z.number(),
  credit: z.number(),
  price_from: z.string(),
});
export const cancelAnswer = z.object({ status: z.literal('ok'), ends_at: z.string() });

const parcelErrors = {
  ...badInput,
  '401': 'No API token, or an unknown one',
  '402': gateErrors['402'],
  '403': 'The account has no API plan',
  '429': gateErrors['429'],
};
const parcels = {
  '200': {
    description:
      'One page of a GeoJSON FeatureCollection of parcels with the fields your plan allows; while more match, its links hold a next link (also a Link header, rel="next")',
    media: 'geojson',
    schema: featureCollection,
  },
} as const;

const fieldFilters = {
  name: 'fields',
  in: 'query',
  required: true,
  style: 'deepObject',
  explode: true,
  description: 'Filters as fields[name]=value: equality on parcel fields your plan includes',
  schema: { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1, maxProperties: 10 },
};

const parcelApi = (path: string, operationId: string, summary: string, query: z.ZodObject): ApiRoute => ({
  method: 'get',
  path: `/api/v2/parcels/${path}`,
  operationId,
  summary,
  description:
    'Answers at most limit parcels a page. While more match, the answer carries a next link (links[rel=next] and a Link header) whose cursor starts the next page after the last parcel of this one (a keyset on the order and the parcel id); following the links returns every match once. A cursor belongs to its query: another query or a damaged cursor answers 400.',
  tags: ['Parcel API'],
  query,
  answers: parcels,
  errors: parcelErrors,
  auth: 'token',
});

const signedIn = { '401': 'Not signed in' };

export const parcelApiRoutes: ApiRoute[] = [
  parcelApi(
    'point',
    'parcelsNearPoint',
    'Parcels containing a point, or within a radius (metres) of it, nearest first',
    pointQuery,
  ),
  parcelApi('address', 'parcelsByAddress', 'Parcels whose site address contains the query', addressQuery),
  parcelApi('apn', 'parcelsByNumber', 'Parcels with a parcel number (APN), optionally under a place path', apnQuery),
  {
    ...parcelApi(
      'query',
      'parcelsByFields',
      'Parcels under a place path whose fields equal the given values',
      fieldsQuery,
    ),
    extraParameters: [fieldFilters],
  },
  {
    method: 'get',
    path: '/api/plans.json',
    operationId: 'apiPlans',
    summary: 'The API plans and add-ons, your current API plan, and whether a sandbox is offered',
    tags: ['API account'],
    answers: { '200': { description: 'The plans', media: 'json', schema: apiPlansAnswer } },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/counties.json',
    operationId: 'apiCounties',
    summary: 'The counties a sandbox may choose',
    tags: ['API account'],
    answers: { '200': { description: 'The counties', media: 'json', schema: apiCountiesAnswer } },
    auth: 'public',
  },
  {
    method: 'post',
    path: '/api/sandbox.json',
    operationId: 'startSandbox',
    summary: 'Start the free sandbox in up to seven counties; answers the API token',
    tags: ['API account'],
    body: sandboxBody,
    answers: { '201': { description: 'The sandbox and its token', media: 'json', schema: sandboxAnswer } },
    errors: { ...badInput, ...signedIn, '409': 'The account already has an API plan or had a sandbox' },
    auth: 'session',
  },
  {
    method: 'get',
    path: '/api/account.json',
    operationId: 'apiAccount',
    summary: 'Your API plan, its state, this month’s usage and overage',
    tags: ['API account'],
    answers: { '200': { description: 'The account, or {plan: null}', media: 'json', schema: apiAccountOrNone } },
    errors: signedIn,
    auth: 'session',
  },
  {
    method: 'put',
    path: '/api/usage_cap.json',
    operationId: 'setUsageCap',
    summary: 'Set or remove the monthly overage cap (managers)',
    tags: ['API account'],
    body: usageCapBody,
    answers: { '200': { description: 'The cap', media: 'json', schema: usageCapAnswer } },
    errors: { ...badInput, ...signedIn, '403': 'Managers only' },
    auth: 'session',
  },
  {
    method: 'put',
    path: '/api/plan.json',
    operationId: 'changeApiPlan',
    summary: 'Switch between the Standard and Premium API plans (managers)',
    tags: ['API account'],
    body: apiPlanChangeBody,
    answers: { '200': { description: 'The prorated change', media: 'json', schema: apiPlanSwitchAnswer } },
    errors: {
      ...badInput,
      ...signedIn,
      '402': 'The card was declined',
      '403': 'Managers only',
      '409': 'Already on that plan, or past due',
    },
    auth: 'session',
  },
  {
    method: 'post',
    path: '/api/cancel.json',
    operationId: 'cancelApiPlan',
    summary: 'End the API plan at the end of its period (managers)',
    tags: ['API account'],
    answers: { '200': { description: 'When it ends', media: 'json', schema: cancelAnswer } },
    errors: { ...signedIn, '403': 'Managers only' },
    auth: 'session',
  },
  ...['/api/openapi.json', '/api/v2/openapi.json'].map(
    (path, i): ApiRoute => ({
      method: 'get',
      path,
      operationId: i === 0 ? 'openApi' : 'openApiV2',
      summary: i === 0 ? 'This document' : 'This document (its former address)',
      tags: ['Service'],
      answers: { '200': { description: 'The OpenAPI 3.1 document', media: 'json', schema: openApiShape } },
      auth: 'public',
    }),
  ),
];
