import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { testDb } from '../../testing/db.ts';

const sql = testDb();
const config = loadConfig({ ADMIN_TOKEN: 'test-admin-token-of-at-least-32-chars' });
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
const get = async (path: string) => {
  const res = await app.request(path);
  return { status: res.status, json: await res.json() };
};
const post = async (definition: object, token?: string) => {
  const res = await app.request(`/api/v1/sources${token ? `?token=${token}` : ''}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(definition) });
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
    const id = await post({ query: { parcel: true, path: cambridge, filters: { owner: ["x'); DROP TABLE parcels; --"] } } });
    const { status, json } = await get(`/sources/${id}/extent.json`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ bbox: null, parcels: 0 });
    expect((await sql`SELECT 1 FROM parcels LIMIT 1`).length).toBe(1);
  });

  it('answers 404 for an unknown or malformed source id, and 403 to a plan that cannot read a filtered column', async () => {
    expect((await get('/sources/0123456789abcdef0123456789abcdef/extent.json')).status).toBe(404);
    expect((await get('/sources/not-a-source/extent.json')).status).toBe(404);
    expect((await get('/sources/0123456789abcdef0123456789abcdef/colors')).json.error.code).toBe('NOT_FOUND');
    const premium = await post({ query: { parcel: true, path: cambridge, filters: { zoning_type: ['Residential'] } } }, config.ADMIN_TOKEN);
    const refused = await get(`/sources/${premium}/extent.json`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.details.fields).toEqual(['zoning_type']);
    expect((await get(`/sources/${premium}/extent.json?token=${config.ADMIN_TOKEN}`)).status).toBe(200);
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
    // The same legend the source's TileJSON carries.
    expect((await get(`/api/v1/sources/${id}.json`)).json.legend).toEqual(json.colors);
  });
});
