// Every GET route of the app that answers JSON is called with a sample request, as a role that may call
// it, and its real answer is parsed with the route's schema in @parcel-map/contracts/responses: a shape
// that drifts from its contract fails here by route. A new GET route needs a schema and a sample, or a
// place in the list of routes that answer no JSON (tiles, files, images, streams).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { getResponses, pathResponses, type GetRoute } from '@parcel-map/contracts/responses';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { LocalPaymentProvider } from '../payments/local/local-provider.ts';
import { signedInUser } from '../testing/accounts.ts';
import { testDb } from '../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../testing/http-client.ts';
import { routeKey, routeTable } from './route-table.ts';

const sql = testDb(3);
const app = createApp({
  config: loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'contracts-')), METERING_FLUSH_MS: '600000' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
afterAll(() => sql.end());

/** GET routes whose answer is not JSON: tiles, fonts, sprites, files, images, CSV, metrics text, events. */
const notJson = new Set([
  'GET /*',
  'GET /metrics',
  'GET /api/v1/parcels/:z/:x/:y',
  'GET /api/v1/static/:layer',
  'GET /api/v1/static/:layer/:z/:x/:y',
  'GET /api/v1/sources/:file',
  'GET /api/v1/sources/:id/:z/:x/:y',
  'GET /api/v1/sources/:id/:z/:x/:tile{[0-9]+(?:@2x)?\\.png}',
  'GET /api/v1/sources/:id/live',
  'GET /api/v1/basemap/:z/:x/:y',
  'GET /api/v1/fonts/:fontstack/:range',
  'GET /api/v1/sprites/:file',
  'GET /api/v1/zoning/:z/:x/:y',
  'GET /api/v1/layers/:id/:z/:x/:y',
  'GET /api/v1/styles/:name',
  'GET /api/v1/legal/:file',
  'GET /sources/:id/colors',
  'GET /profile/bookmarks.csv',
  'GET /imagery/:kind{(street|birdseye)\\.jpg}',
  'GET /surveys/:id{[0-9]+}/posts/:post{[0-9]+}/photo',
  'GET /surveys/:id{[0-9]+}/posts.csv',
  'GET /exports/:id{[0-9]+}/download',
  'GET /ogc/collections/:collectionId/tiles/WebMercatorQuad/:z/:y/:x',
  'GET /arcgis/*',
]);

type Role = 'anonymous' | 'team' | 'admin' | 'sandbox';
const browsers = {} as Record<Role, TestBrowser>;
const v: Record<string, string> = {};
const cambridge = '/us/ma/middlesex/cambridge';

beforeAll(async () => {
  browsers.anonymous = new TestBrowser(app);
  browsers.admin = (await signedInUser(app, sql, 'admin')).browser;
  const team = await signedInUser(app, sql, 'team');
  browsers.team = team.browser;
  browsers.sandbox = new TestBrowser(app);
  await browsers.sandbox.register(uniqueEmail('contracts'), 'secret-pass-1', 'Sandy Box');
  expect((await browsers.sandbox.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] })).status).toBe(201);
  // Rows for the admin lists.
  expect(
    (
      await browsers.anonymous.post('/requests', {
        path: cambridge,
        name: 'Ann',
        contact: 'ann@example.org',
        comment: 'More please',
      })
    ).status,
  ).toBeLessThan(300);
  expect(
    (
      await browsers.anonymous.post('/search/feedback', {
        feedback: { query: 'main st', additional_information: 'not found' },
      })
    ).status,
  ).toBeLessThan(300);
  const project = await team.browser.post('/projects.json', { name: 'Contracts', query: { path: cambridge } });
  expect(project.status).toBe(201);
  const [, group, slug] = /^\/g\/([^/]+)\/maps\/([^/.]+)/.exec(project.json.path)!;
  const survey = await team.browser.post('/surveys.json', {
    map_id: project.json.id,
    name: 'Occupancy',
    questions: JSON.stringify([
      { id: 'q1', question: 'Is it occupied?', answers: [{ label: 'Yes' }, { label: 'No' }] },
    ]),
    photo_required: '0',
  });
  expect(survey.status).toBe(201);
  const [parcel] = await sql<{ path: string; parcelnumb: string; address: string; lon: number; lat: number }[]>`
    SELECT path, parcelnumb, address, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat
    FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND parcelnumb IS NOT NULL AND address ~ '^[0-9]+ [A-Z]' ORDER BY id LIMIT 1`;
  expect((await team.browser.post(`${parcel!.path}/bookmark.json`)).status).toBeLessThan(300);
  expect((await team.browser.post(`${cambridge}/follow.json`)).status).toBeLessThan(300);
  const source = await app.request('/api/v1/sources', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: { parcel: true, path: cambridge } }),
  });
  expect(source.status).toBe(200);
  Object.assign(v, {
    group: group!,
    slug: slug!,
    mapId: String(project.json.id),
    survey: String(survey.json.id),
    source: (await source.json()).id,
    parcel: parcel!.path,
    lat: String(parcel!.lat),
    lon: String(parcel!.lon),
    apn: encodeURIComponent(parcel!.parcelnumb),
    address: encodeURIComponent(parcel!.address.split(' ').slice(0, 2).join(' ')),
  });
  v.llUuid = (await sql<{ id: string }[]>`SELECT ll_uuid::text AS id FROM parcels WHERE path = ${parcel!.path}`)[0]!.id;
});

/** Routes with a schema but no sample here, and why. */
const unsampled: Partial<Record<GetRoute, string>> = {
  'GET /admin/imports/:id{[0-9]+}':
    'needs an import run; the same importRun schema parses the runs of GET /admin/imports_exports/running.json',
};

/** A request that answers 200 for each route with a schema, and the role that sends it. */
const samples = (): Partial<Record<GetRoute, [Role, string]>> => ({
  'GET /api/health': ['admin', '/api/health'],
  'GET /at_point.json': ['anonymous', `/at_point.json?lat=${v.lat}&lon=${v.lon}`],
  'GET /parcel_fields.json': ['team', '/parcel_fields.json'],
  'GET /parcels_at_point.json': ['team', `/parcels_at_point.json?lat=${v.lat}&lon=${v.lon}`],
  'GET /api/v1/dimensions.json': ['anonymous', `/api/v1/dimensions.json?path=${encodeURIComponent(v.parcel!)}`],
  'GET /search.json': ['anonymous', '/search.json?q=cambridge'],
  'GET /api/v1/config.json': ['team', '/api/v1/config.json'],
  'GET /api/v1/layers.json': ['anonymous', '/api/v1/layers.json'],
  'GET /api/v1/session.json': ['team', '/api/v1/session.json'],
  'GET /users/lookup_limits.json': ['anonymous', '/users/lookup_limits.json'],
  'GET /preferences.json': ['team', '/preferences.json'],
  'GET /search/groups.json': ['anonymous', '/search/groups.json?query=con'],
  'GET /users/members.json': ['team', '/users/members.json'],
  'GET /admin/metrics.json': ['admin', '/admin/metrics.json'],
  'GET /admin/overview.json': ['admin', '/admin/overview.json'],
  'GET /admin/users.json': ['admin', '/admin/users.json'],
  'GET /admin/user_profiles.json': ['admin', '/admin/user_profiles.json'],
  'GET /admin/requests.json': ['admin', '/admin/requests.json'],
  'GET /admin/bulk_requests.json': ['admin', '/admin/bulk_requests.json'],
  'GET /admin/map.json': ['admin', '/admin/map.json'],
  'GET /admin/pages.json': ['admin', '/admin/pages.json'],
  'GET /admin/search_feedback.json': ['admin', '/admin/search_feedback.json'],
  'GET /profile/projects.json': ['team', '/profile/projects.json'],
  'GET /g/:group/maps/:slug{[a-z0-9-]+\\.json}': ['team', `/g/${v.group}/maps/${v.slug}.json`],
  'GET /neighborhoods.json': ['team', '/neighborhoods.json'],
  'GET /coverage.json': ['anonymous', '/coverage.json'],
  'GET /profile/follows.json': ['team', '/profile/follows.json'],
  'GET /profile/follows/slim.json': ['team', '/profile/follows/slim.json'],
  'GET /profile/datasets.json': ['team', '/profile/datasets.json'],
  'GET /plans.json': ['anonymous', '/plans.json'],
  'GET /profile/orders.json': ['team', '/profile/orders.json'],
  'GET /g/:group/settings/billing.json': ['team', `/g/${v.group}/settings/billing.json`],
  'GET /settings/check_change.json': ['team', '/settings/check_change.json?plan=level1&cycle=monthly&users=1'],
  'GET /admin/codes.json': ['admin', '/admin/codes.json'],
  'GET /admin/orders.json': ['admin', '/admin/orders.json'],
  'GET /api/v1/parcels': ['anonymous', '/api/v1/parcels?format=mvt'],
  'GET /api/v1/sources': ['admin', '/api/v1/sources'],
  'GET /api/v1/basemap': ['anonymous', '/api/v1/basemap'],
  'GET /api/v1/zoning': ['anonymous', '/api/v1/zoning'],
  'GET /api/v1/layers/:id': ['anonymous', '/api/v1/layers/population'],
  'GET /sources/:source/filters.json': ['team', '/sources/parcel/filters.json'],
  'GET /sources/:source/autocomplete.json': [
    'team',
    `/sources/parcel/autocomplete.json?key=scity&query=c&filter_path=${cambridge}`,
  ],
  'GET /sources/:id/extent.json': ['anonymous', `/sources/${v.source}/extent.json`],
  'GET /admin/imports_exports/running.json': ['admin', '/admin/imports_exports/running.json'],
  'GET /users/:id/img_limits': ['anonymous', '/users/0/img_limits'],
  'GET /sources/presets.json': ['team', '/sources/presets.json'],
  'GET /sources.json': ['team', `/sources.json?type=survey&group=false&map_id=${v.mapId}`],
  'GET /surveys/:id{[0-9]+\\.json}': ['team', `/surveys/${v.survey}.json`],
  'GET /sources/:id{[0-9]+\\.json}': ['team', `/sources/${v.survey}.json`],
  'GET /api/plans.json': ['team', '/api/plans.json'],
  'GET /api/counties.json': ['anonymous', '/api/counties.json'],
  'GET /api/account.json': ['sandbox', '/api/account.json'],
  'GET /admin/api_trials.json': ['admin', '/admin/api_trials.json'],
  'GET /api/v2/parcels/point': ['admin', `/api/v2/parcels/point?lat=${v.lat}&lon=${v.lon}`],
  'GET /api/v2/parcels/address': ['admin', `/api/v2/parcels/address?query=${v.address}&path=${cambridge}`],
  'GET /api/v2/parcels/apn': ['admin', `/api/v2/parcels/apn?parcelnumb=${v.apn}`],
  'GET /api/v2/parcels/query': ['admin', `/api/v2/parcels/query?path=${cambridge}&fields[city]=cambridge`],
  'GET /api/v2/openapi.json': ['anonymous', '/api/v2/openapi.json'],
  'GET /api/openapi.json': ['anonymous', '/api/openapi.json'],
  'GET /ogc': ['anonymous', '/ogc'],
  'GET /ogc/conformance': ['anonymous', '/ogc/conformance'],
  'GET /ogc/collections': ['anonymous', '/ogc/collections'],
  'GET /ogc/collections/:collectionId': ['anonymous', '/ogc/collections/parcels'],
  'GET /ogc/collections/:collectionId/items': [
    'sandbox',
    `/ogc/collections/parcels/items?bbox=${v.lon},${v.lat},${v.lon},${v.lat}`,
  ],
  'GET /ogc/collections/:collectionId/items/:featureId': ['admin', `/ogc/collections/parcels/items/${v.llUuid}`],
  'GET /ogc/collections/:collectionId/tiles': ['anonymous', '/ogc/collections/parcels/tiles'],
  'GET /ogc/collections/:collectionId/tiles/WebMercatorQuad': [
    'anonymous',
    '/ogc/collections/parcels/tiles/WebMercatorQuad',
  ],
  'GET /ogc/tileMatrixSets': ['anonymous', '/ogc/tileMatrixSets'],
  'GET /ogc/tileMatrixSets/WebMercatorQuad': ['anonymous', '/ogc/tileMatrixSets/WebMercatorQuad'],
  'GET /arcgis/rest/info': ['anonymous', '/arcgis/rest/info?f=json'],
  'GET /arcgis/rest/services/:layer/FeatureServer': ['admin', '/arcgis/rest/services/parcels/FeatureServer?f=json'],
  'GET /arcgis/rest/services/:layer/FeatureServer/0': ['admin', '/arcgis/rest/services/parcels/FeatureServer/0?f=json'],
  'GET /arcgis/rest/services/:layer/FeatureServer/0/query': [
    'admin',
    '/arcgis/rest/services/parcels/FeatureServer/0/query?where=1%3D1&outFields=*&resultRecordCount=2&f=json',
  ],
  'GET /g/:group/maps/:slug/exports.json': ['team', `/g/${v.group}/maps/${v.slug}/exports.json`],
  'GET /profile/exports.json': ['team', '/profile/exports.json'],
  'GET /orders/cart.json': ['team', '/orders/cart.json'],
  'GET /store/stats.json': ['anonymous', '/store/stats.json'],
  'GET /store/places.json': ['anonymous', '/store/places.json?path=/us'],
  'GET /store/products.json': ['anonymous', '/store/products.json?path=/us/ma/middlesex'],
  'GET /store/search.json': ['anonymous', '/store/search.json?q=middle'],
});

/** The same routes asked by other roles, where the answer's shape depends on who asks. */
const moreSamples = (): [GetRoute, Role, string][] => [
  ['GET /api/v1/session.json', 'anonymous', '/api/v1/session.json'],
  ['GET /api/v1/session.json', 'admin', '/api/v1/session.json'],
  ['GET /api/v1/config.json', 'anonymous', '/api/v1/config.json'],
  ['GET /users/lookup_limits.json', 'team', '/users/lookup_limits.json'],
  ['GET /parcel_fields.json', 'anonymous', '/parcel_fields.json?schema_key=ca'],
  ['GET /api/account.json', 'team', '/api/account.json'],
  ['GET /api/plans.json', 'sandbox', '/api/plans.json'],
  ['GET /api/health', 'anonymous', '/api/health'],
  ['GET /preferences.json', 'team', '/preferences.json?key=units'],
  ['GET /search.json', 'anonymous', `/search.json?q=${v.address}`],
  [
    'GET /arcgis/rest/services/:layer/FeatureServer/0/query',
    'anonymous',
    '/arcgis/rest/services/zoning/FeatureServer/0/query?where=1%3D1&outFields=*&resultRecordCount=2&f=json',
  ],
];

/** Place and parcel paths the wildcard route answers, each with a schema in pathResponses. */
const pathSamples = (): [Role, string][] => [
  ['anonymous', `${cambridge}/boundaries.json`],
  ['anonymous', '/us/ma/middlesex/children.json?geometry=1'],
  ['team', `${cambridge}/insights.json`],
  ['anonymous', `${cambridge}/insights.json`],
  ['team', `${cambridge}/filters.json`],
  ['team', `${cambridge}/sources.json`],
  ['anonymous', `${v.parcel}.json`],
  ['team', `${v.parcel}.json`],
];

function problems(schema: z.ZodType, json: unknown): string[] {
  const parsed = schema.safeParse(json);
  return parsed.success
    ? []
    : parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
}

describe('the answers of the GET routes', () => {
  it('are each either described by a contract schema or not JSON', () => {
    const gets = routeTable(app)
      .filter((r) => r.method === 'GET')
      .map(routeKey);
    const undescribed = gets.filter((k) => !(k in getResponses) && !notJson.has(k));
    const stale = Object.keys(getResponses).filter((k) => !gets.includes(k));
    expect(undescribed, 'GET routes without a schema in contracts/src/responses.ts').toEqual([]);
    expect(stale, 'schemas in contracts/src/responses.ts for routes that no longer exist').toEqual([]);
    const sampled = Object.keys(samples());
    expect(
      Object.keys(getResponses).filter((k) => !sampled.includes(k) && !(k in unsampled)),
      'schemas without a sample request here',
    ).toEqual([]);
  });

  it("parse with their route's schema", async () => {
    const wrong: string[] = [];
    const all = [
      ...(Object.entries(samples()) as [GetRoute, [Role, string]][]).map(
        ([route, [role, path]]) => [route, role, path] as const,
      ),
      ...moreSamples(),
    ];
    for (const [route, role, path] of all) {
      const answer = await browsers[role].get(path);
      if (answer.status !== 200)
        wrong.push(
          `${route} (${path} as ${role}): answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`,
        );
      else
        for (const problem of problems(getResponses[route], answer.json))
          wrong.push(`${route} (${path} as ${role}): ${problem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('of place and parcel paths parse with the schema of their ending', async () => {
    const wrong: string[] = [];
    for (const [role, path] of pathSamples()) {
      const entry = pathResponses.find((p) => p.ending.test(path.split('?')[0]!));
      const answer = await browsers[role].get(path);
      if (!entry) wrong.push(`${path}: no schema in pathResponses`);
      else if (answer.status !== 200)
        wrong.push(`${path} as ${role}: answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
      else for (const problem of problems(entry.schema, answer.json)) wrong.push(`${path} as ${role}: ${problem}`);
    }
    expect(wrong).toEqual([]);
  });
});
