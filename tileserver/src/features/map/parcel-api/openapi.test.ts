// The OpenAPI document of the public API (/api/openapi.json): it passes an OpenAPI 3.1 validator, it
// documents every public route of the app (and nothing the app does not serve), and real answers of the
// app fit the schema and media type the document gives for their route.
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import accessMatrix from '../../../reliability/access-matrix.json' with { type: 'json' };
import { pieces } from '../../../reliability/route-table.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';

const sql = testDb(3);
const app = createApp({
  config: loadConfig({ METERING_FLUSH_MS: '600000' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
afterAll(() => sql.end());

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }>; 'x-route'?: string };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };

const fetched = await new TestBrowser(app).get('/api/openapi.json');
const doc = fetched.json as Document;

/**
 * The public API: every route under /api/ (tiles, TileJSON, styles, sources, the parcel API, the API
 * account, service routes), and the records an anonymous caller or an API token reads outside it: search,
 * places under a point, parcels under a point, the field catalogue and filters, coverage, and the one
 * wildcard route that serves place and parcel paths (GET /*). The rest (sign-in, projects, billing,
 * admin, ...) is the viewer's own API.
 */
const publicRecords = new Set([
  'GET /search.json',
  'GET /at_point.json',
  'GET /parcels_at_point.json',
  'GET /parcel_fields.json',
  'GET /coverage.json',
  'GET /sources/:source/filters.json',
  'GET /sources/:source/autocomplete.json',
  'GET /*',
]);
const isPublic = (key: string) => key.split(' ')[1]!.startsWith('/api/') || publicRecords.has(key);

/** A route pattern as an OpenAPI path template: /g/:group/maps/:slug{[a-z0-9-]+\.json} -> /g/{group}/maps/{slug}. */
const template = (pattern: string) =>
  pieces(pattern)
    .map((p) => ('literal' in p ? p.literal : 'param' in p ? `{${p.param}}` : '*'))
    .join('');

/** Each documented operation as the route key the server mounts it under. */
const documented = new Set(
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => op['x-route'] ?? `${method.toUpperCase()} ${path}`),
  ),
);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 by @readme/openapi-parser', async () => {
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toMatch(/^application\/json/);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.specification).toBe('OpenAPI');
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('declares each {name} of a path template as a path parameter, and no other', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(operations)) {
        const declared = (op as unknown as { parameters: { name: string; in: string }[] }).parameters
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect(declared, `${method} ${path}`).toEqual(names);
      }
    }
  });

  it('answers the same document at its former address /api/v2/openapi.json', async () => {
    expect((await new TestBrowser(app).get('/api/v2/openapi.json')).json).toEqual(doc);
  });

  it('documents every public route of the access matrix, path by path with its method', () => {
    const publicRoutes = Object.keys(accessMatrix.routes).filter(isPublic);
    expect(publicRoutes.length).toBeGreaterThan(40);
    const asDocumented = publicRoutes.map((key) => {
      const [method, pattern] = key.split(' ') as [string, string];
      return pattern === '/*' ? key : `${method} ${template(pattern)}`;
    });
    expect(asDocumented.filter((key) => !documented.has(key))).toEqual([]);
  });

  it('documents only routes the app serves', () => {
    const served = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL')
        .map((r) => (r.path === '/*' ? 'GET /*' : `${r.method} ${template(r.path)}`)),
    );
    expect([...documented].filter((key) => !served.has(key))).toEqual([]);
  });

  it('types tiles as application/vnd.mapbox-vector-tile and parcel API answers as application/geo+json', () => {
    expect(Object.keys(doc.paths['/api/v1/parcels/{z}/{x}/{y}']!.get!.responses['200']!.content!)).toEqual([
      'application/vnd.mapbox-vector-tile',
    ]);
    expect(Object.keys(doc.paths['/api/v2/parcels/point']!.get!.responses['200']!.content!)).toEqual([
      'application/geo+json',
    ]);
  });
});

// Component references as JSON Schema $defs, which zod's JSON Schema reader resolves.
const defs = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'));

/** Checks an answer against the document: its status is listed, its media type and body fit that response. */
async function expectDocumented(path: string, method: string, url: string, browser = new TestBrowser(app)) {
  const res = await browser.get(url);
  const response = doc.paths[path]?.[method]?.responses[String(res.status)];
  expect(response, `${res.status} of ${url}`).toBeDefined();
  const media = res.headers.get('content-type')!.split(';')[0]!;
  const schema = response!.content?.[media]?.schema as { $ref?: string } | undefined;
  expect(schema, `${media} of ${url}`).toBeDefined();
  const zodSchema = z.fromJSONSchema({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')),
    $defs: defs,
  });
  const parsed = zodSchema.safeParse(res.json);
  expect(parsed.success ? [] : parsed.error.issues.slice(0, 5)).toEqual([]);
  return res;
}

describe('real answers fit the document', () => {
  it('TileJSON, the style, a search and places under a point', async () => {
    await expectDocumented('/api/v1/parcels', 'get', '/api/v1/parcels?format=mvt');
    await expectDocumented('/api/v1/zoning', 'get', '/api/v1/zoning');
    await expectDocumented('/api/v1/styles/{name}', 'get', '/api/v1/styles/default.json');
    const search = await expectDocumented('/search.json', 'get', '/search.json?q=cambridge');
    expect(search.json.results.length).toBeGreaterThan(0);
    await expectDocumented('/at_point.json', 'get', '/at_point.json?lat=42.3736&lon=-71.1097');
    // A bad request answers the documented error shape.
    await expectDocumented('/search.json', 'get', '/search.json?q=');
  });

  it('a parcel record, a place outline and a /api/v2 answer as application/geo+json', async () => {
    const [parcel] = await sql<{ path: string; parcelnumb: string }[]>`
      SELECT path, parcelnumb FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND parcelnumb IS NOT NULL ORDER BY id LIMIT 1`;
    await expectDocumented('/{parcel}.json', 'get', `${parcel!.path}.json`);
    await expectDocumented('/{place}/boundaries.json', 'get', '/us/ma/middlesex/cambridge/boundaries.json');

    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('oapi'), 'secret-pass-1', 'Olga Api');
    const token = (await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] })).json.token as string;
    const v2 = await expectDocumented(
      '/api/v2/parcels/apn',
      'get',
      `/api/v2/parcels/apn?parcelnumb=${encodeURIComponent(parcel!.parcelnumb)}&token=${token}`,
    );
    expect(v2.headers.get('content-type')).toBe('application/geo+json');
    expect(v2.json.features.length).toBeGreaterThan(0);
  });
});
