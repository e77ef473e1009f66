// The registry's tile layers: TileJSON and tiles of the parcels, basemap, zoning, static (flood and
// wetlands) and stored-source layers (vector, and PNG for stored sources), the sources API, the style
// with its glyphs and sprite.
import { z } from 'zod';
import { badInput, gateErrors, notFound, tileCoords, tileVersionQuery } from './api-routes-shared.ts';
import { layerDefinitionInput } from './map/layer-source-definition.ts';
import { definitionInput } from './map/source-definition.ts';
import { sourcesList, tileJson } from './map/sources.ts';
import type { ApiRoute } from './openapi.ts';

/** A MapLibre style (spec version 8) as /api/v1/styles/default.json answers it. */
export const mapStyle = z.looseObject({
  version: z.literal(8),
  sources: z.record(z.string(), z.looseObject({ type: z.string() })),
  layers: z.array(z.looseObject({ id: z.string(), type: z.string() })),
});

export const sourceCachePurge = z.object({
  id: z.string(),
  purged: z.number(),
  version: z.union([z.string(), z.number()]),
});

const tileAnswers = {
  '200': { description: 'The tile (gzip, zstd or identity by Accept-Encoding)', media: 'mvt' },
  '204': { description: 'An empty tile' },
  '304': { description: 'Not modified (If-None-Match)' },
} as const;
const tileErrors = { ...badInput, '404': 'Outside the layer’s zoom range, or no such layer', ...gateErrors };
const tileJsonAnswer = { '200': { description: 'TileJSON 3.0', media: 'json', schema: tileJson } } as const;

const staticLayer = z.object({ layer: z.enum(['fema', 'wetlands']).describe('fema (flood zones) or wetlands') });
const sourceId = z.object({ id: z.string().min(1).describe('The source id a POST answered') });

/** A tile layer's TileJSON and tiles: one pair per layer, as the server mounts them. */
export function tileLayer(
  base: string,
  name: string,
  title: string,
  options: { params?: z.ZodObject; tileJsonQuery?: z.ZodObject; auth?: ApiRoute['auth']; forbidden?: string } = {},
): ApiRoute[] {
  const refused: Record<string, string> = options.forbidden ? { '403': options.forbidden } : {};
  return [
    {
      method: 'get',
      path: base,
      operationId: `${name}TileJson`,
      summary: `TileJSON of ${title}`,
      tags: ['TileJSON'],
      params: options.params,
      query: options.tileJsonQuery,
      answers: tileJsonAnswer,
      errors: { ...badInput, ...refused, ...gateErrors },
      auth: options.auth ?? 'public',
    },
    {
      method: 'get',
      path: `${base}/{z}/{x}/{y}`,
      operationId: `${name}Tile`,
      summary: `A vector tile of ${title}`,
      tags: ['Tiles'],
      params: options.params ? options.params.extend(tileCoords.shape) : tileCoords,
      query: tileVersionQuery,
      answers: tileAnswers,
      errors: { ...tileErrors, ...refused },
      auth: options.auth ?? 'public',
    },
  ];
}

export const tileRoutes: ApiRoute[] = [
  ...tileLayer('/api/v1/parcels', 'parcels', 'the parcel layer', {
    tileJsonQuery: z.object({ format: z.literal('mvt').describe('mvt: the parcel layer is served as vector tiles') }),
  }),
  ...tileLayer('/api/v1/basemap', 'basemap', 'the street basemap'),
  ...tileLayer('/api/v1/zoning', 'zoning', 'the zoning layer'),
  ...tileLayer('/api/v1/static/{layer}', 'static', 'a flood or wetland layer (Pro and Team)', {
    params: staticLayer,
    forbidden: 'The caller’s plan does not include this layer',
  }),
  {
    method: 'get',
    path: '/api/v1/sources/{file}',
    operationId: 'sourceTileJson',
    summary: 'TileJSON of a stored source',
    description: 'file is the source id followed by .json, as the `url` of a source in the list.',
    tags: ['TileJSON', 'Sources'],
    params: z.object({
      file: z
        .string()
        .regex(/^[^/]+\.json$/)
        .describe('{id}.json'),
    }),
    answers: tileJsonAnswer,
    errors: { ...badInput, ...notFound, ...gateErrors },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/sources/{id}/{z}/{x}/{y}',
    operationId: 'sourceTile',
    summary: 'A vector tile of a stored source',
    tags: ['Tiles', 'Sources'],
    params: sourceId.extend(tileCoords.shape),
    query: tileVersionQuery,
    answers: tileAnswers,
    errors: tileErrors,
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/sources/{id}/{z}/{x}/{tile}',
    operationId: 'sourcePngTile',
    summary: 'A PNG tile of a stored source, drawn from its vector tile and style rules',
    description:
      'The `raster_tiles` template of the source’s TileJSON: 256 pixels, or 512 with @2x. Each parcel is filled ' +
      'and outlined in the colours of its first matching rule (the default rule’s, or a transparent fill and ' +
      'purple outline, where none applies); a tile without parcels is a transparent PNG.',
    tags: ['Tiles', 'Sources'],
    params: sourceId.extend(tileCoords.pick({ z: true, x: true }).shape).extend({
      tile: z
        .string()
        .regex(/^\d{1,7}(@2x)?\.png$/)
        .describe('{y}.png (256 px) or {y}@2x.png (512 px)'),
    }),
    query: tileVersionQuery,
    answers: {
      '200': { description: 'The tile as a PNG image', media: 'png' },
      '304': { description: 'Not modified (If-None-Match)' },
    },
    errors: { ...tileErrors, '403': 'A rule or field of the source needs a plan the caller does not have' },
    auth: 'public',
  },
  {
    method: 'post',
    path: '/api/v1/sources',
    operationId: 'createSource',
    summary:
      'Store a source definition (a parcel query, fields and style rules; or a buildings or zoning query and a style); answers its TileJSON with a stable id',
    tags: ['Sources'],
    body: z.union([definitionInput, layerDefinitionInput]),
    answers: tileJsonAnswer,
    errors: {
      ...badInput,
      '403': 'The definition uses fields your level may not see (buildings sources and the zoning type need Pro)',
      '413': 'Over 64 KB',
      ...gateErrors,
    },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/sources',
    operationId: 'listSources',
    summary: 'The sources you stored, newest first, a page at a time',
    tags: ['Sources'],
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('Sources per page (1 to 200)'),
      after: z.string().optional().describe('The `next` cursor of the previous page'),
    }),
    answers: { '200': { description: 'A page of sources', media: 'json', schema: sourcesList } },
    errors: badInput,
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/sources/{id}/live',
    operationId: 'followSource',
    summary: 'Server-sent events: the source’s tile template each time its version moves',
    tags: ['Sources'],
    params: sourceId,
    answers: { '200': { description: 'An event stream of `version` events', media: 'events' } },
    errors: notFound,
    auth: 'public',
  },
  {
    method: 'delete',
    path: '/api/v1/sources/{id}/cache',
    operationId: 'purgeSourceCache',
    summary: 'Purge a source’s cached tiles (admins)',
    tags: ['Sources'],
    params: sourceId,
    answers: { '200': { description: 'What was purged', media: 'json', schema: sourceCachePurge } },
    errors: { '403': 'Admins only', ...notFound },
    auth: 'token',
  },
  {
    method: 'get',
    path: '/api/v1/styles/{name}',
    operationId: 'style',
    summary: 'The MapLibre style of the map, with your token in its source URLs',
    tags: ['Styles'],
    params: z.object({ name: z.literal('default.json') }),
    answers: { '200': { description: 'A MapLibre style', media: 'json', schema: mapStyle } },
    errors: notFound,
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/fonts/{fontstack}/{range}',
    operationId: 'glyphs',
    summary: 'Label glyphs of a font stack (256 code points)',
    tags: ['Styles'],
    params: z.object({
      fontstack: z.string().describe('DejaVu Sans Book, Bold or Oblique'),
      range: z
        .string()
        .regex(/^\d{1,5}-\d{1,5}\.pbf$/)
        .describe('{start}-{start+255}.pbf'),
    }),
    answers: { '200': { description: 'Glyph protobuf', media: 'protobuf' } },
    errors: { ...badInput, ...notFound },
    auth: 'public',
  },
  {
    method: 'get',
    path: '/api/v1/sprites/{file}',
    operationId: 'sprite',
    summary: 'The basemap sprite: basemap.json, basemap.png and their @2x',
    tags: ['Styles'],
    params: z.object({ file: z.string().regex(/^basemap(@2x)?\.(json|png)$/) }),
    answers: { '200': { description: 'The sprite index (JSON) or image (PNG)', media: ['json', 'png'] } },
    errors: notFound,
    auth: 'public',
  },
];
