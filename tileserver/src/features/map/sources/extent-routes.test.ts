import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { extentTexts } from './extent-routes.ts';

const sql = testDb();
const config = loadConfig({ ADMIN_TOKEN: 'test-admin-token-of-at-least-32-chars' });
const app = createApp({ config, sql, logger: createLogger('silent') });
// A second client on the same database that counts the extent scans the server sends it.
let scans = 0;
const counted = postgres(inject('databaseUrl'), {
  max: 3,
  onnotice: () => {},
  debug: (_connection, query) => void (query.includes('ST_Extent') && scans++),
}) as unknown as Sql;
afterAll(async () => {
  await sql.end();
  await counted.end();
});

const cambridge = '/us/ma/middlesex/cambridge';
const get = async (path: string) => {
  const res = await app.request(path);
  return { status: res.status, json: await res.json() };
};
const post = async (definition: object, token?: string) => {
  const res = await app.request(`/api/v1/sources${token ? `?token=${token}` : ''}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(definition),
  });
  expect(res.status).toBe(200);
  return (await res.json()).id as string;
};
const close = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));

describe('the extent of a stored source', () => {
  it('is the bounding box of the parcels its place and filters select, as PostGIS computes it', async () => {
    const id = await post({ query: { parcel: true, path: cambridge, filters: { yearbuilt: { lt: 1900 } } } });
    const [row] = await sql<{ w: number; s: number; e: number; n: number; count: number }[]>`
      SELECT ST_XMin(b) AS w, ST_YMin(b) AS s, ST_XMax(b) AS e, ST_YMax(b) AS n, count FROM (
        SELECT ST_Extent(p.geom) AS b, count(*)::int AS count FROM parcels p, places pl
        WHERE pl.path = ${cambridge} AND ST_Intersects(pl.geom_3857, p.geom_3857) AND p.yearbuilt < 1900) x`;
    expect(row!.count).toBeGreaterThan(0);
    const { status, json } = await get(`/sources/${id}/extent.json`);
    expect(status).toBe(200);
    expect(json.id).toBe(id);
    expect(json.parcels).toBe(row!.count);
    close(json.bbox, [row!.w, row!.s, row!.e, row!.n]);
    // The filter narrows the box: it lies inside the box of every Cambridge parcel.
    const all = (await get(`/sources/${await post({ query: { parcel: true, path: cambridge } })}/extent.json`)).json;
    expect(all.parcels).toBeGreaterThan(json.parcels);
    expect(all.bbox[0]).toBeLessThanOrEqual(json.bbox[0]);
    expect(all.bbox[3]).toBeGreaterThanOrEqual(json.bbox[3]);
  });

  it('reads filter values as data: a value that looks like SQL selects nothing and breaks nothing', async () => {
    const id = await post({
      query: { parcel: true, path: cambridge, filters: { owner: ["x'); DROP TABLE parcels; --"] } },
    });
    const { status, json } = await get(`/sources/${id}/extent.json`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ bbox: null, parcels: 0 });
    expect((await sql`SELECT 1 FROM parcels LIMIT 1`).length).toBe(1);
  });

  it('answers 404 for an unknown or malformed source id, and 403 to a plan that cannot read a filtered column', async () => {
    expect((await get('/sources/0123456789abcdef0123456789abcdef/extent.json')).status).toBe(404);
    expect((await get('/sources/not-a-source/extent.json')).status).toBe(404);
    expect((await get('/sources/0123456789abcdef0123456789abcdef/colors')).json.error.code).toBe('NOT_FOUND');
    const premium = await post(
      { query: { parcel: true, path: cambridge, filters: { zoning_type: ['Residential'] } } },
      config.ADMIN_TOKEN,
    );
    const refused = await get(`/sources/${premium}/extent.json`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.details.fields).toEqual(['zoning_type']);
    expect((await get(`/sources/${premium}/extent.json?token=${config.ADMIN_TOKEN}`)).status).toBe(200);
  });
});

describe('bounded extents (M10)', () => {
  it('M10: 60 new sources differing only in colour make one scan (the cache is keyed by the selection), also asked in parallel', async () => {
    const roomy = loadConfig({ SOURCE_POSTS_PER_MINUTE: '1000', EXTENT_PER_MINUTE: '0' });
    const scanning = createApp({ config: roomy, sql: counted, logger: createLogger('silent') });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const fill = `#${(0x100000 + i * 977).toString(16).slice(-6)}`;
      const res = await scanning.request('/api/v1/sources', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          query: { parcel: true, path: cambridge, filters: { yearbuilt: { gte: 1950 } } },
          styles: [{ predicate: 'default', fill, line: '#000000' }],
        }),
      });
      expect(res.status).toBe(200);
      ids.push((await res.json()).id);
    }
    expect(new Set(ids).size).toBe(60);
    scans = 0;
    const answers = await Promise.all(
      ids.map(async (id) => (await scanning.request(`/sources/${id}/extent.json`)).json()),
    );
    expect(new Set(answers.map((a) => JSON.stringify([a.bbox, a.parcels]))).size).toBe(1);
    expect(answers[0].parcels).toBeGreaterThan(0);
    expect(scans).toBe(1);
  });

  it('M10: an anonymous extent of a source without a county or smaller place is refused (403) before any scan; a token caller gets it', async () => {
    scans = 0;
    const scanning = createApp({ config, sql: counted, logger: createLogger('silent') });
    for (const query of [{ parcel: true }, { parcel: true, path: '/us' }, { parcel: true, path: '/us/ma' }]) {
      const id = await post({ query, styles: [{ predicate: 'default', fill: '#123456', line: '#000000' }] });
      const res = await scanning.request(`/sources/${id}/extent.json`);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toMatchObject({ code: 'FORBIDDEN', message: extentTexts.needsPlace });
    }
    expect(scans).toBe(0);
    const county = await post({
      query: { parcel: true, path: '/us/ma/middlesex', filters: { yearbuilt: { lt: 1800 } } },
    });
    expect((await scanning.request(`/sources/${county}/extent.json`)).status).toBe(200);
    const everywhere = await post({ query: { parcel: true, filters: { yearbuilt: { lt: 1750 } } } });
    expect((await scanning.request(`/sources/${everywhere}/extent.json?token=${config.ADMIN_TOKEN}`)).status).toBe(200);
    expect(scans).toBe(2);
  });

  it('M10: extents and value lists are under the per-minute limit of the expensive routes (EXTENT_PER_MINUTE)', async () => {
    const limited = createApp({ config: loadConfig({ EXTENT_PER_MINUTE: '2' }), sql, logger: createLogger('silent') });
    const id = await post({ query: { parcel: true, path: cambridge } });
    const from = (path: string) =>
      limited.request(path, {}, { incoming: { socket: { remoteAddress: '198.51.100.77' } } });
    expect((await from(`/sources/${id}/extent.json`)).status).toBe(200);
    expect((await from('/sources/parcel/autocomplete.json?key=owner&query=a')).status).toBe(200);
    const over = await from(`/sources/${id}/extent.json`);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).not.toBeNull();
  });
});

describe('the colours of a stored source', () => {
  it('lists each style rule with its index, label, fill and line colour, in rule order', async () => {
    const id = await post({
      query: { parcel: true, path: cambridge },
      styles: [
        { field: 'yearbuilt', predicate: 'lt', value: '1900', fill: '#ff0000', line: '#880000' },
        { field: 'owner', predicate: 'exists', value: 'Yes', fill: '#00ff00', line: '#008800' },
        { predicate: 'default', fill: '#0000ff', line: '#000088' },
      ],
    });
    const { status, json } = await get(`/sources/${id}/colors`);
    expect(status).toBe(200);
    expect(json).toEqual({
      id,
      colors: [
        { rule: 0, label: 'yearbuilt < 1900', fill: '#ff0000ff', line: '#880000ff' },
        { rule: 1, label: 'owner has a value', fill: '#00ff00ff', line: '#008800ff' },
        { rule: 2, label: 'Everything else', fill: '#0000ffff', line: '#000088ff' },
      ],
    });
    // The same structured legend the source's TileJSON carries under `rules`.
    expect((await get(`/api/v1/sources/${id}.json`)).json.rules).toEqual(json.colors);
  });
});
