// The registry's ArcGIS FeatureServer (/arcgis/rest/...): the service directory, each layer's service
// and layer 0 metadata, and its query, as GeoServices clients (ArcGIS Pro, QGIS, GDAL's ESRIJSON driver)
// call them. Errors answer ArcGIS's envelope {"error":{"code":<number>,"message","details","requestId"}}.
import { z } from 'zod';
import {
  featureLayerNames,
  featureQuery,
  infoQuery,
  layerInfoAnswer,
  queryAnswer,
  restInfoAnswer,
  serviceInfoAnswer,
} from './map/feature-service.ts';
import type { ApiRoute } from './openapi.ts';

const layer = z.object({
  layer: z
    .enum(featureLayerNames)
    .describe('parcels (API plans), zoning (everyone; its types: Pro, Team), flood or wetlands (Pro, Team)'),
});
const refusals = {
  '400': 'A parameter is invalid (ArcGIS code 400, the details name it)',
  '401': 'ArcGIS code 499 "Token Required" without a token, 498 "Invalid Token" for an unknown one',
  '403': 'The account has no API plan (parcels) or no Pro or Team plan (flood, wetlands)',
  '404': 'No such service',
  '429': 'The API plan’s records are used up, or a rate limit is reached',
};
const base = '/arcgis/rest/services/{layer}/FeatureServer';

export const arcgisRoutes: ApiRoute[] = [
  {
    method: 'get',
    path: '/arcgis/rest/info',
    operationId: 'arcgisRestInfo',
    summary: 'The ArcGIS REST service directory: version and how to authenticate (?token=)',
    tags: ['Feature service'],
    query: infoQuery,
    answers: { '200': { description: 'ArcGIS REST info', media: 'json', schema: restInfoAnswer } },
    auth: 'public',
  },
  {
    method: 'get',
    path: base,
    operationId: 'arcgisFeatureServer',
    summary: 'A layer’s FeatureServer: its one layer (id 0), extent and limits',
    tags: ['Feature service'],
    params: layer,
    query: infoQuery,
    answers: { '200': { description: 'FeatureServer metadata', media: 'json', schema: serviceInfoAnswer } },
    errors: refusals,
    auth: 'token',
  },
  {
    method: 'get',
    path: `${base}/0`,
    operationId: 'arcgisFeatureLayer',
    summary: 'Layer 0: the fields your plan reads, extent, maxRecordCount and pagination',
    tags: ['Feature service'],
    params: layer,
    query: infoQuery,
    answers: { '200': { description: 'Feature layer metadata', media: 'json', schema: layerInfoAnswer } },
    errors: refusals,
    auth: 'token',
  },
  {
    method: 'get',
    path: `${base}/0/query`,
    operationId: 'arcgisQuery',
    summary: 'Query layer 0: where, geometry, outFields, counts, ids, paging (resultOffset, resultRecordCount)',
    description:
      'Answers Esri JSON (f=json), GeoJSON (f=geojson) or Esri PBF (f=pbf). A page holds at most 2,000 features; ' +
      'exceededTransferLimit says more follow at the next resultOffset. Every parcel returned is a metered record.',
    tags: ['Feature service'],
    params: layer,
    query: featureQuery,
    answers: {
      '200': { description: 'Features, a count or object ids', media: ['json', 'protobuf'], schema: queryAnswer },
    },
    errors: refusals,
    auth: 'token',
  },
  {
    method: 'post',
    path: `${base}/0/query`,
    operationId: 'arcgisQueryPost',
    summary: 'Query layer 0 with the parameters in a form body, as ArcGIS clients send long where clauses',
    description:
      'The same parameters and answers as the GET query, sent as application/x-www-form-urlencoded (at most ' +
      '512 KB; fields of the body take precedence over the same ones in the URL, token included).',
    tags: ['Feature service'],
    params: layer,
    body: featureQuery,
    bodyMedia: 'form',
    answers: {
      '200': { description: 'Features, a count or object ids', media: ['json', 'protobuf'], schema: queryAnswer },
    },
    errors: {
      ...refusals,
      '413': 'The form body is over 512 KB',
      '415': 'The body is not application/x-www-form-urlencoded',
    },
    auth: 'token',
  },
];
