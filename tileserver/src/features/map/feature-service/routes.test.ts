// The ArcGIS FeatureServer against SQL written here by hand: counts, ids and pages equal the SQL's, pages
// chain without gaps or repeats, envelopes in 3857 find the same parcels as in 4326, outFields and the
// layer's fields are the plan's, parcels are metered, and refusals answer ArcGIS's envelope (499, 498,
// 403, 400) with no JSONP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';

const admin = 'feature-service-admin-token-0123456789abcdef';
const sql = testDb(3);
const app = createApp({
  config: loadConfig({ ADMIN_TOKEN: admin, METERING_FLUSH_MS: '100' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
afterAll(() => sql.end());

const base = '/arcgis/rest/services/parcels/FeatureServer';
const cambridge = "path LIKE '/us/ma/middlesex/cambridge/%'";

async function get(path: string, params: Record<string, string>, token: string | null = admin) {
  const query = new URLSearchParams({ ...params, ...(token ? { token } : {}) });
  const res = await app.request(`${path}?${query}`);
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), text, json: JSON.parse(text) };
}

let sandbox: string;
let browser: TestBrowser;
beforeAll(async () => {
  browser = new TestBrowser(app);
  await browser.register(uniqueEmail('arcgis'), 'secret-pass-1', 'Esri User');
  const made = await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] });
  expect(made.status).toBe(201);
  sandbox = made.json.token as string;
});

/** A token of an account on the standard API plan (the Pro fields). */
async function standardToken(): Promise<string> {
  const buyer = new TestBrowser(app);
  await buyer.register(uniqueEmail('arcgis-std'), 'secret-pass-1', 'Stan Dard');
  const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Stan Dard' };
  const method = (await buyer.post('/payments/local/payment_methods', card)).json.id;
  const bought = await buyer.post('/subscriptions.json', {
    plan: 'api_standard',
    payment_method_id: method,
    agreement: true,
    api_acknowledgement: true,
    group_name: `Arcgis ${process.pid} ${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(bought.status).toBe(201);
  return (await buyer.post('/users/api_token.json', {})).json.token as string;
}

describe('the service directory and metadata', () => {
  it('answers /arcgis/rest/info to anyone, as FeatureServer writes it', async () => {
    const info = await get('/arcgis/rest/info', { f: 'json' }, null);
    expect(info.status).toBe(200);
    expect(info.json.currentVersion).toBeGreaterThan(10);
    expect(info.json.authInfo.isTokenBasedSecurity).toBe(false);
  });

  it('describes layer 0 with the plan fields, extent, paging and Query only', async () => {
    const layer = await get(`${base}/0`, { f: 'json' }, sandbox);
    expect(layer.status).toBe(200);
    expect(layer.json).toMatchObject({
      name: 'Parcels',
      type: 'Feature Layer',
      geometryType: 'esriGeometryPolygon',
      objectIdField: 'OBJECTID',
      maxRecordCount: 2000,
      capabilities: 'Query',
      advancedQueryCapabilities: { supportsPagination: true },
    });
    const fields = layer.json.fields as { name: string; type: string }[];
    expect(fields[0]).toMatchObject({ name: 'OBJECTID', type: 'esriFieldTypeOID' });
    // The sandbox reads the Team fields: every catalogue field of its level, typed from the catalogue.
    expect(fields.find((f) => f.name === 'yearbuilt')!.type).toBe('esriFieldTypeInteger');
    expect(fields.find((f) => f.name === 'parval')!.type).toBe('esriFieldTypeDouble');
    expect(fields.find((f) => f.name === 'saledate')!.type).toBe('esriFieldTypeDate');
    expect(fields.every((f) => f.name === 'OBJECTID' || parcelFieldsByName.has(f.name))).toBe(true);
    const { xmin, ymin, xmax, ymax } = layer.json.extent;
    expect(xmin).toBeLessThan(-71.1);
    expect(xmax).toBeGreaterThan(-71.1);
    expect(ymin).toBeLessThan(42.37);
    expect(ymax).toBeGreaterThan(42.37);
  });

  it('lists the layer in the service', async () => {
    const service = await get(base, { f: 'json' });
    expect(service.status).toBe(200);
    expect(service.json.layers).toEqual([expect.objectContaining({ id: 0, name: 'Parcels' })]);
    expect(service.json.maxRecordCount).toBe(2000);
  });
});

describe('queries pushed into PostGIS', () => {
  it('counts Cambridge parcels as the SQL does', async () => {
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%'`;
    const answer = await get(`${base}/0/query`, { where: cambridge, returnCountOnly: 'true', f: 'json' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ count: row!.n });
  });

  it('answers the extent only, in outSR, as ST_Extent of the matching rows, with the count when asked', async () => {
    const where = `${cambridge} AND yearbuilt < 1880`;
    const [e] = await sql<{ n: number; e4326: string; e3857: string }[]>`
      SELECT count(*)::int AS n, ST_Extent(geom)::text AS e4326, ST_Extent(geom_3857)::text AS e3857
      FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND yearbuilt < 1880`;
    const box = (text: string) => text.match(/-?[\d.]+(e[-+]?\d+)?/g)!.map(Number);
    const in4326 = await get(`${base}/0/query`, { where, returnExtentOnly: 'true', f: 'json' });
    expect(in4326.status).toBe(200);
    const { xmin, ymin, xmax, ymax, spatialReference } = in4326.json.extent;
    expect([xmin, ymin, xmax, ymax].map((v: number) => v.toFixed(6))).toEqual(box(e!.e4326).map((v) => v.toFixed(6)));
    expect(spatialReference.wkid).toBe(4326);
    expect(in4326.json.count).toBeUndefined();
    const in3857 = await get(`${base}/0/query`, {
      where,
      returnExtentOnly: 'true',
      returnCountOnly: 'true',
      outSR: '102100',
      f: 'json',
    });
    expect(in3857.json.count).toBe(e!.n);
    const m = in3857.json.extent;
    expect([m.xmin, m.ymin, m.xmax, m.ymax].map((v: number) => Math.round(v))).toEqual(
      box(e!.e3857).map((v) => Math.round(v)),
    );
    expect(m.spatialReference.wkid).toBe(3857);
    const none = await get(`${base}/0/query`, { where: '1=0', returnExtentOnly: 'true', f: 'json' });
    expect(none.json.extent).toMatchObject({ xmin: 'NaN', ymax: 'NaN' });
  });

  it('answers ids only in id order', async () => {
    const rows = await sql<{ id: string }[]>`
      SELECT id FROM parcels WHERE yearbuilt = 1900 AND path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id`;
    const answer = await get(`${base}/0/query`, {
      where: `yearbuilt = 1900 AND ${cambridge}`,
      returnIdsOnly: 'true',
      f: 'json',
    });
    expect(answer.json.objectIdFieldName).toBe('OBJECTID');
    expect(answer.json.objectIds).toEqual(rows.map((r) => Number(r.id)));
  });

  it('pages by resultOffset with exceededTransferLimit, each parcel once', async () => {
    const where = `${cambridge} AND yearbuilt < 1880`;
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND yearbuilt < 1880`;
    expect(row!.n).toBeGreaterThan(250);
    const seen: number[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await get(`${base}/0/query`, {
        where,
        outFields: 'OBJECTID',
        returnGeometry: 'false',
        resultOffset: String(offset),
        resultRecordCount: '100',
        f: 'json',
      });
      expect(page.status).toBe(200);
      const ids = (page.json.features as { attributes: { OBJECTID: number } }[]).map((f) => f.attributes.OBJECTID);
      seen.push(...ids);
      if (!page.json.exceededTransferLimit) break;
      expect(ids).toHaveLength(100);
    }
    expect(seen).toHaveLength(row!.n);
    expect(new Set(seen).size).toBe(row!.n);
  });

  it('finds the same parcels in an envelope given in 3857 as in 4326, and answers 3857 coordinates', async () => {
    const [lon0, lat0, lon1, lat1] = [-71.1205, 42.3725, -71.118, 42.374];
    const [w] = await sql<{ x0: number; y0: number; x1: number; y1: number }[]>`
      SELECT ST_X(a) AS x0, ST_Y(a) AS y0, ST_X(b) AS x1, ST_Y(b) AS y1 FROM (SELECT
        ST_Transform(ST_SetSRID(ST_MakePoint(${lon0}, ${lat0}), 4326), 3857) AS a,
        ST_Transform(ST_SetSRID(ST_MakePoint(${lon1}, ${lat1}), 4326), 3857) AS b) s`;
    const expected = await sql<{ id: string }[]>`
      SELECT id FROM parcels WHERE ST_Intersects(geom_3857, ST_MakeEnvelope(${w!.x0}, ${w!.y0}, ${w!.x1}, ${w!.y1}, 3857)) ORDER BY id`;
    expect(expected.length).toBeGreaterThan(5);
    const in3857 = await get(`${base}/0/query`, {
      geometry: JSON.stringify({
        xmin: w!.x0,
        ymin: w!.y0,
        xmax: w!.x1,
        ymax: w!.y1,
        spatialReference: { wkid: 102100 },
      }),
      geometryType: 'esriGeometryEnvelope',
      spatialRel: 'esriSpatialRelIntersects',
      outSR: '102100',
      outFields: 'OBJECTID',
      f: 'json',
    });
    expect(in3857.status).toBe(200);
    expect(in3857.json.spatialReference.latestWkid).toBe(3857);
    const features = in3857.json.features as { attributes: { OBJECTID: number }; geometry: { rings: number[][][] } }[];
    expect(features.map((f) => f.attributes.OBJECTID)).toEqual(expected.map((r) => Number(r.id)));
    expect(Math.abs(features[0]!.geometry.rings[0]![0]![0]!)).toBeGreaterThan(7_000_000);
    const in4326 = await get(`${base}/0/query`, {
      geometry: `${lon0},${lat0},${lon1},${lat1}`,
      inSR: '4326',
      returnIdsOnly: 'true',
      f: 'json',
    });
    expect(in4326.json.objectIds.length).toBeGreaterThan(5);
  });

  it('reads only the plan fields: a standard plan cannot name a Team field, and * gives its own fields', async () => {
    const teamField = 'median_household_income';
    const q = { where: cambridge, resultRecordCount: '1', returnGeometry: 'false', f: 'json' };
    const all = await get(`${base}/0/query`, { ...q, outFields: '*' }, sandbox);
    expect(all.status).toBe(200);
    expect(Object.keys(all.json.features[0].attributes)).toContain(teamField);
    const some = await get(`${base}/0/query`, { ...q, outFields: 'address,yearbuilt' }, sandbox);
    expect(Object.keys(some.json.features[0].attributes).sort()).toEqual(['OBJECTID', 'address', 'yearbuilt']);

    const standard = await standardToken();
    const own = await get(`${base}/0/query`, { ...q, outFields: '*' }, standard);
    expect(own.status).toBe(200);
    const attributes = Object.keys(own.json.features[0].attributes);
    expect(attributes).toContain('fema_flood_zone'); // a Pro field
    expect(attributes).not.toContain('zoning_type'); // the Standardized Zoning add-on (N5)
    expect(attributes).not.toContain(teamField);
    const layer = await get(`${base}/0`, { f: 'json' }, standard);
    expect(layer.json.fields.map((f: { name: string }) => f.name)).not.toContain(teamField);
    const namings: Record<string, string>[] = [
      { outFields: teamField },
      { where: `${teamField} > 0` },
      { orderByFields: teamField },
    ];
    for (const named of namings) {
      const refused = await get(`${base}/0/query`, { ...q, ...named }, standard);
      expect(refused.status, JSON.stringify(named)).toBe(400);
      expect(refused.json.error.details.join(' ')).toContain(teamField);
    }
  });

  it('answers the features of objectIds, as clients that page by ids ask', async () => {
    const rows = await sql<{ id: string }[]>`
      SELECT id FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id DESC LIMIT 3`;
    const ids = rows.map((r) => Number(r.id)).reverse();
    const answer = await get(`${base}/0/query`, { objectIds: ids.join(','), outFields: 'path', f: 'json' });
    expect(answer.json.features.map((f: { attributes: { OBJECTID: number } }) => f.attributes.OBJECTID)).toEqual(ids);
    const bad = await get(`${base}/0/query`, { objectIds: '1,two', f: 'json' });
    expect(bad.status).toBe(400);
  });

  it('orders by orderByFields, then by id', async () => {
    const rows = await sql<{ id: string }[]>`
      SELECT id FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY parval DESC NULLS LAST, id LIMIT 5`;
    const answer = await get(`${base}/0/query`, {
      where: cambridge,
      orderByFields: 'parval DESC',
      resultRecordCount: '5',
      returnGeometry: 'false',
      outFields: 'parval',
      f: 'json',
    });
    expect(answer.json.features.map((f: { attributes: { OBJECTID: number } }) => f.attributes.OBJECTID)).toEqual(
      rows.map((r) => Number(r.id)),
    );
    expect(answer.json.exceededTransferLimit).toBe(true);
  });

  it('answers GeoJSON with f=geojson and PBF with f=pbf', async () => {
    const q = { where: cambridge, resultRecordCount: '3', outFields: 'address' };
    const geojson = await get(`${base}/0/query`, { ...q, f: 'geojson' });
    expect(geojson.json.type).toBe('FeatureCollection');
    expect(geojson.json.features).toHaveLength(3);
    expect(geojson.json.features[0].geometry.type).toMatch(/Polygon/);
    const pbf = await app.request(`${base}/0/query?${new URLSearchParams({ ...q, f: 'pbf', token: admin })}`);
    expect(pbf.status).toBe(200);
    expect(pbf.headers.get('content-type')).toBe('application/x-protobuf');
    expect((await pbf.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('meters each parcel returned to the sandbox account, and a count as one record (N3)', async () => {
    const records = async () => {
      await new Promise((r) => setTimeout(r, 400));
      return (await browser.get('/api/account.json')).json.usage.records as number;
    };
    const before = await records();
    const page = await get(
      `${base}/0/query`,
      { where: cambridge, resultRecordCount: '7', outFields: 'address', f: 'json' },
      sandbox,
    );
    expect(page.json.features).toHaveLength(7);
    await get(`${base}/0/query`, { where: cambridge, returnCountOnly: 'true', f: 'json' }, sandbox);
    expect(await records()).toBe(before + 7 + 1);
  });
});

describe('the flood and wetland layers', () => {
  it('answers Pro callers as their tile layers do, unmetered, and refuses free ones', async () => {
    const pro = (await signedInUser(app, sql, 'pro')).browser;
    for (const [layer, field, table] of [
      ['flood', 'fld_zone', 'flood_zones'],
      ['wetlands', 'wetland_type', 'wetlands'],
    ] as const) {
      const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${sql(table)}`;
      const path = `/arcgis/rest/services/${layer}/FeatureServer/0`;
      const count = await pro.get(`${path}/query?where=1%3D1&returnCountOnly=true&f=json`);
      expect(count.json).toEqual({ count: row!.n });
      const page = await pro.get(`${path}/query?where=1%3D1&outFields=*&resultRecordCount=2&f=json`);
      expect(page.status).toBe(200);
      expect(page.json.features).toHaveLength(2);
      expect(page.json.features[0].attributes).toHaveProperty(field);
      expect(page.json.features[0].geometry.rings.length).toBeGreaterThan(0);
    }
    const free = (await signedInUser(app, sql, 'free')).browser;
    const refused = await free.get('/arcgis/rest/services/flood/FeatureServer/0?f=json');
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe(403);
    const anonymous = await get('/arcgis/rest/services/wetlands/FeatureServer/0/query', { f: 'json' }, null);
    expect(anonymous.json.error).toMatchObject({ code: 499, message: 'Token Required' });
  });
});

describe('the zoning layer', () => {
  const path = '/arcgis/rest/services/zoning/FeatureServer/0';

  it('answers every caller district codes and names as the zoning tiles do, unmetered', async () => {
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM zoning_districts`;
    expect(row!.n).toBeGreaterThan(0);
    const count = await get(`${path}/query`, { where: '1=1', returnCountOnly: 'true', f: 'json' }, null);
    expect(count.status).toBe(200);
    expect(count.json).toEqual({ count: row!.n });
    const page = await get(`${path}/query`, { where: '1=1', outFields: '*', resultRecordCount: '2', f: 'json' }, null);
    expect(page.status).toBe(200);
    expect(page.json.features).toHaveLength(2);
    expect(Object.keys(page.json.features[0].attributes).sort()).toEqual(['OBJECTID', 'zoning', 'zoning_name']);
    expect(page.json.features[0].geometry.rings.length).toBeGreaterThan(0);
    const layer = await get(path, { f: 'json' }, null);
    expect(layer.json.fields.map((f: { name: string }) => f.name)).toEqual(['OBJECTID', 'zoning', 'zoning_name']);
    const typed = await get(`${path}/query`, { where: "zoning_type = 'Residential'", f: 'json' }, null);
    expect(typed.status).toBe(400);
    expect(typed.json.error.details.join(' ')).toContain('zoning_type');
  });

  it('gives Pro callers the standardized type and subtype, filtered as the SQL does', async () => {
    const pro = (await signedInUser(app, sql, 'pro')).browser;
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM zoning_districts WHERE zoning_type = 'Residential'`;
    expect(row!.n).toBeGreaterThan(0);
    const count = await pro.get(`${path}/query?where=zoning_type%20%3D%20'Residential'&returnCountOnly=true&f=json`);
    expect(count.json).toEqual({ count: row!.n });
    const page = await pro.get(`${path}/query?where=1%3D1&outFields=*&resultRecordCount=1&f=json`);
    expect(Object.keys(page.json.features[0].attributes).sort()).toEqual([
      'OBJECTID',
      'zoning',
      'zoning_name',
      'zoning_subtype',
      'zoning_type',
    ]);
    const bad = await get(`${path}/query`, { where: '1=1', f: 'json' }, 'not-a-token-of-ours');
    expect(bad.json.error).toMatchObject({ code: 498, message: 'Invalid Token' });
  });
});

describe('queries posted as forms', () => {
  const post = (body: string, type = 'application/x-www-form-urlencoded', query = '') =>
    app.request(`${base}/0/query${query}`, { method: 'POST', headers: { 'content-type': type }, body });

  it('answers a long where clause in a form body as the same query by GET, token in the body', async () => {
    const rows = await sql<{ id: string }[]>`
      SELECT id FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 400`;
    // Longer than a URL some proxies pass, as ArcGIS clients post them.
    const where = `OBJECTID IN (${rows.map((r) => r.id).join(', ')}) AND ${cambridge}`;
    expect(where.length).toBeGreaterThan(2000);
    const params = { where, outFields: 'address,yearbuilt', orderByFields: 'yearbuilt DESC', f: 'json' };
    const byGet = await get(`${base}/0/query`, params);
    const answer = await post(new URLSearchParams({ ...params, token: admin }).toString());
    expect(answer.status).toBe(200);
    const posted = await answer.json();
    expect(posted.features).toHaveLength(400);
    expect(posted).toEqual(byGet.json);
    const count = await post(new URLSearchParams({ where, returnCountOnly: 'true', token: admin }).toString());
    expect(await count.json()).toEqual({ count: 400 });
  });

  it('reads the URL parameters too, the body taking precedence', async () => {
    const url = `?${new URLSearchParams({ token: admin, f: 'json', returnCountOnly: 'true', where: '1=0' })}`;
    const answer = await post(new URLSearchParams({ where: cambridge }).toString(), undefined, url);
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%'`;
    expect(await answer.json()).toEqual({ count: row!.n });
  });

  it('refuses without a token, an unknown token, another body type and an oversized body, in ArcGIS words', async () => {
    const none = await post('where=1%3D1&f=json');
    expect(none.status).toBe(401);
    expect((await none.json()).error).toMatchObject({ code: 499, message: 'Token Required' });
    const unknown = await post('where=1%3D1&f=json&token=not-a-token-of-ours');
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error).toMatchObject({ code: 498, message: 'Invalid Token' });
    const json = await post(JSON.stringify({ where: '1=1', token: admin }), 'application/json', `?token=${admin}`);
    expect(json.status).toBe(415);
    expect((await json.json()).error.code).toBe(415);
    const huge = await post(`token=${admin}&where=${'x'.repeat(600 * 1024)}`);
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe(413);
    const bad = await post(new URLSearchParams({ where: 'pg_sleep(1) = 1', token: admin }).toString());
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe("'where' parameter is invalid");
  });
});

describe('refusals in ArcGIS words', () => {
  const query = { where: '1=1', f: 'json' };

  it('answers 499 Token Required without a token, and 498 Invalid Token for an unknown one', async () => {
    const none = await get(`${base}/0/query`, query, null);
    expect(none.status).toBe(401);
    expect(none.json.error).toMatchObject({ code: 499, message: 'Token Required' });
    const bad = await get(`${base}/0/query`, query, 'not-a-token-of-ours');
    expect(bad.status).toBe(401);
    expect(bad.json.error).toMatchObject({ code: 498, message: 'Invalid Token' });
  });

  it('answers 403 to a Team site plan without an API plan', async () => {
    const team = (await signedInUser(app, sql, 'team')).browser;
    const answer = await team.get(`${base}/0/query?where=1%3D1&f=json`);
    expect(answer.status).toBe(403);
    expect(answer.json.error.code).toBe(403);
  });

  it.each([
    ["address = 'x' OR 1=1; DROP TABLE parcels --", 'unexpected character'],
    ['owner = 1 UNION SELECT 1', 'expected AND, OR or the end'],
    ["pg_sleep(10) = 'x'", 'expected a comparison'],
    ["nosuchfield = 'x'", 'nosuchfield'],
    ["yearbuilt = 'nineteen'", 'numeric'],
    ["address LIKE 'a", 'unterminated'],
  ])('answers 400 with the where clause %s', async (where, detail) => {
    const answer = await get(`${base}/0/query`, { where, f: 'json' });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe(400);
    expect(answer.json.error.message).toBe("'where' parameter is invalid");
    expect(answer.json.error.details.join(' ')).toContain(detail);
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM parcels`;
    expect(row!.n).toBeGreaterThan(0);
  });

  it('refuses other spatial relations and spatial references, and a standard plan naming Team fields', async () => {
    const within = await get(`${base}/0/query`, { ...query, geometry: '0,0,1,1', spatialRel: 'esriSpatialRelWithin' });
    expect(within.json.error).toMatchObject({ code: 400, message: "'spatialRel' parameter is invalid" });
    const sr = await get(`${base}/0/query`, { ...query, outSR: '2249' });
    expect(sr.json.error).toMatchObject({ code: 400, message: "'outSR' parameter is invalid" });
  });

  it('never wraps an answer in a JSONP callback', async () => {
    const answer = await get(`${base}/0/query`, {
      where: cambridge,
      returnCountOnly: 'true',
      f: 'json',
      callback: 'steal',
    });
    expect(answer.type).toMatch(/^application\/json/);
    expect(answer.text.startsWith('{')).toBe(true);
  });

  it('answers 404 for a layer it does not serve', async () => {
    for (const name of ['__proto__', 'zoning2', 'parcels2']) {
      const answer = await get(`/arcgis/rest/services/${name}/FeatureServer/0`, { f: 'json' });
      expect(answer.status, name).toBe(404);
      expect(answer.json.error.code).toBe(404);
      expect(answer.json.error.message).toMatch(/not found/);
    }
    expect((await get(`${base}/1/query`, { f: 'json' })).json.error.code).toBe(404);
  });
});
