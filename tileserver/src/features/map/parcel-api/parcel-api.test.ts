// The parcel API (/api/v2) against SQL written here by hand: each endpoint's parcels equal the SQL's,
// with the fields the plan's schema allows (standard: Pro fields, premium and the sandbox: Team fields),
// only in the sandbox's counties; bad input, anonymous callers and accounts without an API plan get the
// one error shape; the answers are application/geo+json; the OpenAPI document lists every /api/v2 route
// with parameters and responses.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { signedInUser } from '../../../testing/accounts.ts';
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

// A Pro field outside the Standardized Zoning add-on (which no self-serve plan includes: N5).
const proField = parcelFields.find((f) => f.tier === 'pro' && !f.name.startsWith('zoning_'))!.name;
const teamField = parcelFields.find((f) => f.tier === 'team')!.name;
const paths = (answer: { features: { properties: { path: string } }[] }) =>
  answer.features.map((f) => f.properties.path);

async function sandboxToken(counties: string[]) {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('v2'), 'secret-pass-1', 'Vic Two');
  const made = await browser.post('/api/sandbox.json', { counties });
  expect(made.status).toBe(201);
  return made.json.token as string;
}

async function standardToken() {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('v2std'), 'secret-pass-1', 'Stan Dard');
  const method = (
    await browser.post('/payments/local/payment_methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Stan Dard',
    })
  ).json.id;
  const bought = await browser.post('/subscriptions.json', {
    plan: 'api_standard',
    payment_method_id: method,
    agreement: true,
    api_acknowledgement: true,
    group_name: `Std ${process.pid} ${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(bought.status).toBe(201);
  return (await browser.post('/users/api_token.json', {})).json.token as string;
}

const token = await sandboxToken(['/us/ma/middlesex']);
const get = async (path: string, t = token) =>
  new TestBrowser(app).get(`${path}${path.includes('?') ? '&' : '?'}token=${t}`);
const [sample] = await sql<
  { path: string; parcelnumb: string; address: string; lon: number; lat: number; usecode: string | null }[]
>`
  SELECT path, parcelnumb, address, usecode, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat
  FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND parcelnumb IS NOT NULL AND address ~ '^[0-9]+ [A-Z]' AND usecode IS NOT NULL
  ORDER BY id LIMIT 1`;

describe('the parcel API answers equal SQL', () => {
  it('point: the parcels containing the point, and those within a radius nearest first', async () => {
    const at = await get(`/api/v2/parcels/point?lat=${sample!.lat}&lon=${sample!.lon}`);
    expect(at.status).toBe(200);
    expect(at.headers.get('content-type')).toBe('application/geo+json');
    expect(at.json.type).toBe('FeatureCollection');
    const expected = await sql<{ path: string }[]>`
      SELECT path FROM parcels WHERE ST_Intersects(geom, ST_SetSRID(ST_MakePoint(${sample!.lon}, ${sample!.lat}), 4326)) ORDER BY ST_Area(geom), id LIMIT 20`;
    expect(paths(at.json)).toEqual(expected.map((r) => r.path));
    expect(paths(at.json)).toContain(sample!.path);
    const near = await get(`/api/v2/parcels/point?lat=${sample!.lat}&lon=${sample!.lon}&radius=80&limit=50`);
    const within = await sql<{ path: string }[]>`
      SELECT path FROM parcels WHERE ST_DWithin(geom::geography, ST_SetSRID(ST_MakePoint(${sample!.lon}, ${sample!.lat}), 4326)::geography, 80)
      ORDER BY ST_Distance(geom::geography, ST_SetSRID(ST_MakePoint(${sample!.lon}, ${sample!.lat}), 4326)::geography), id LIMIT 50`;
    expect(paths(near.json)).toEqual(within.map((r) => r.path));
    expect(within.length).toBeGreaterThan(1);
  });

  it('address: the parcels whose address contains the query', async () => {
    const query = sample!.address.split(' ').slice(0, 2).join(' ');
    const answer = await get(`/api/v2/parcels/address?query=${encodeURIComponent(query)}&limit=100`);
    const expected = await sql<
      { path: string }[]
    >`SELECT path FROM parcels WHERE address ILIKE ${`%${query}%`} AND path LIKE '/us/ma/middlesex/%' ORDER BY address, id LIMIT 100`;
    expect(paths(answer.json)).toEqual(expected.map((r) => r.path));
    expect(expected.length).toBeGreaterThan(0);
  });

  it('apn: the parcels with the number, under the path', async () => {
    const answer = await get(
      `/api/v2/parcels/apn?parcelnumb=${encodeURIComponent(sample!.parcelnumb)}&path=/us/ma/middlesex/cambridge`,
    );
    const expected = await sql<
      { path: string }[]
    >`SELECT path FROM parcels WHERE parcelnumb = ${sample!.parcelnumb} AND path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY path, id`;
    expect(paths(answer.json)).toEqual(expected.map((r) => r.path));
    expect(answer.json.features[0].geometry.type).toMatch(/Polygon/);
  });

  it('query: the parcels under the path whose fields equal the values, at most limit', async () => {
    const answer = await get(
      `/api/v2/parcels/query?fields[usecode]=${encodeURIComponent(sample!.usecode!)}&path=/us/ma/middlesex/cambridge&limit=30`,
    );
    expect(answer.status).toBe(200);
    const expected = await sql<
      { path: string }[]
    >`SELECT path FROM parcels WHERE usecode::text = ${sample!.usecode} AND path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY path, id LIMIT 30`;
    expect(paths(answer.json)).toEqual(expected.map((r) => r.path));
    for (const feature of answer.json.features) expect(feature.properties.usecode).toBe(sample!.usecode);
  });
});

describe('plans, tiers and counties', () => {
  it('gives the sandbox (premium schema) the Team fields and a Standard plan only the Pro fields', async () => {
    const premium = await get(`/api/v2/parcels/apn?parcelnumb=${encodeURIComponent(sample!.parcelnumb)}`);
    expect(Object.keys(premium.json.features[0].properties)).toEqual(expect.arrayContaining([proField, teamField]));
    const standard = await get(
      `/api/v2/parcels/apn?parcelnumb=${encodeURIComponent(sample!.parcelnumb)}`,
      await standardToken(),
    );
    const keys = Object.keys(standard.json.features[0].properties);
    expect(keys).toContain(proField);
    expect(keys).not.toContain(teamField);
    const refused = await get(`/api/v2/parcels/query?fields[${teamField}]=x&path=/us/ma`, await standardToken());
    expect(refused.status).toBe(400);
    expect(refused.json.error.details).toEqual({ fields: [teamField] });
  });

  it('answers only parcels of the sandbox counties', async () => {
    // The test data has one loaded county: move this sandbox to another one the way its choice would.
    const other = await sandboxToken(['/us/ma/middlesex']);
    await sql`UPDATE api_accounts SET counties = '{/us/ma/suffolk}' WHERE group_id = (SELECT id FROM groups WHERE api_token_hint = ${other.slice(-4)} ORDER BY id DESC LIMIT 1)`;
    const answer = await get(`/api/v2/parcels/point?lat=${sample!.lat}&lon=${sample!.lon}`, other);
    expect(answer.status).toBe(200);
    expect(answer.json.features).toEqual([]);
  });

  it('refuses anonymous callers (401), accounts without an API plan (403) and bad input (400) in the one error shape', async () => {
    expect((await new TestBrowser(app).get('/api/v2/parcels/apn?parcelnumb=1')).json.error.code).toBe('UNAUTHORIZED');
    const { browser } = await signedInUser(app, sql, 'pro');
    expect((await browser.get('/api/v2/parcels/apn?parcelnumb=1')).status).toBe(403);
    const bad = await get('/api/v2/parcels/point?lat=200&lon=0');
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('BAD_REQUEST');
    expect((await get('/api/v2/parcels/query?path=/us/ma')).status).toBe(400);
    expect((await get("/api/v2/parcels/query?fields[owner'--]=x&path=/us/ma")).status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('lists every /api/v2 route of the app with its parameters and responses', async () => {
    const doc = (await new TestBrowser(app).get('/api/v2/openapi.json')).json;
    expect(doc.openapi).toBe('3.1.0');
    const routes = [...new Set(app.routes.filter((r) => r.path.startsWith('/api/v2')).map((r) => r.path))].sort();
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith('/api/v2'))
        .sort(),
    ).toEqual(routes);
    expect(doc.paths['/api/v2/parcels/point'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'lat',
      'lon',
      'radius',
      'limit',
      'cursor',
    ]);
    expect(doc.paths['/api/v2/parcels/query'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'path',
      'limit',
      'cursor',
      'fields',
    ]);
    expect(Object.keys(doc.paths['/api/v2/parcels/apn'].get.responses)).toEqual([
      '200',
      '400',
      '401',
      '402',
      '403',
      '429',
    ]);
    expect(doc.components.schemas.ParcelFeatureCollection.properties.type).toMatchObject({
      const: 'FeatureCollection',
    });
  });
});
