// Buildings and zoning sources through the sources API: each kind is created, its TileJSON and tiles
// are served by the stored sources' route pair with only the filtered features, a bad definition is a
// 400 in the one error shape, and buildings (paid) and the standardized zoning type (Pro) are gated.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import type { TestBrowser } from '../../../testing/http-client.ts';
import { decodeTile, lonLatToTile } from '../../../testing/tiles.ts';

const sql = testDb();
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

// Harvard Square at z15: dozens of the flyover's buildings and several zoning districts.
const { z, x, y } = lonLatToTile(-71.1167, 42.3736, 15);

/** A tile of a TileJSON fetched with the browser's cookies (raw, for decoding). */
async function tileOf(browser: TestBrowser, tilejson: { tiles: string[] }): Promise<Response> {
  const url = new URL(tilejson.tiles[0]!.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)));
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.request(`${url.pathname}${url.search}`, { headers: { Cookie: cookie } });
}

const inTile = async (table: string, where: ReturnType<typeof sql>) =>
  (
    await sql<{ id: number }[]>`
    SELECT id FROM ${sql(table)} WHERE geom_3857 && ST_TileEnvelope(${z}, ${x}, ${y}, margin => 64.0 / 4096) AND ${where}`
  ).map((r) => r.id);

describe('buildings sources', () => {
  it('creates a buildings source whose tiles hold only the buildings its filters select, coloured by type', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const made = await browser.post('/api/v1/sources', {
      query: { buildings: true, filters: { height_ft: { gte: 40 }, building_type: ['BLDG'] } },
      style: { fill: '#cccccc', by: { field: 'building_type', values: { BLDG: '#ff0000' } } },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.id).toMatch(/^[0-9a-f]{20}$/);
    expect(made.json.tiles[0]).toContain(`/api/v1/sources/${made.json.id}/{z}/{x}/{y}.mvt`);
    expect(made.json.vector_layers).toEqual([expect.objectContaining({ id: 'buildings' })]);

    const res = await tileOf(browser, made.json);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^private\b/);
    const features = await decodeTile(res, 'buildings');
    const selected = await inTile('buildings', sql`building_type = 'BLDG' AND height_ft >= 40`);
    const all = await inTile('buildings', sql`true`);
    expect(features.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(selected.length);
    for (const f of features) {
      expect(selected).toContain(f.id);
      expect(f.properties.building_type).toBe('BLDG');
      expect(Number(f.properties.height_ft)).toBeGreaterThanOrEqual(40);
      expect(f.properties.fill).toBe('#ff0000ff');
    }

    // The TileJSON is served again from its stored id, and the list names the source.
    const again = await browser.get(`/api/v1/sources/${made.json.id}.json`);
    expect(again.status).toBe(200);
    expect(again.json.style).toEqual(made.json.style);
    // Its bounds are the buildings table's extent.
    const [extent] = await sql<{ w: number; n: number }[]>`
      SELECT ST_XMin(x) AS w, ST_YMax(x) AS n FROM (SELECT ST_Extent(geom) AS x FROM buildings) e`;
    expect(made.json.bounds).toHaveLength(4);
    expect(made.json.bounds[0]).toBeCloseTo(extent!.w, 5);
    expect(made.json.bounds[3]).toBeCloseTo(extent!.n, 5);
    const list = await browser.get('/api/v1/sources');
    expect(list.json.sources.map((s: { id: string }) => s.id)).toContain(made.json.id);
  });

  it('refuses buildings sources and their tiles to free callers with 403 JSON', async () => {
    const { browser: pro } = await signedInUser(app, sql, 'pro');
    const made = await pro.post('/api/v1/sources', { query: { buildings: true } });
    expect(made.status).toBe(200);
    const { browser: free } = await signedInUser(app, sql, 'free');
    const refused = await free.post('/api/v1/sources', { query: { buildings: true } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Pro') });
    expect((await tileOf(free, made.json)).status).toBe(403);
    expect((await free.get(`/api/v1/sources/${made.json.id}.json`)).status).toBe(403);
  });
});

describe('zoning sources', () => {
  it('creates a zoning source whose tiles hold only the chosen districts, each in its colour', async () => {
    const { browser } = await signedInUser(app, sql, 'free');
    const made = await browser.post('/api/v1/sources', {
      query: { zoning: true, filters: { zoning: ['BA', 'C-1'] } },
      style: {
        fill: '#00000000',
        line: '#333333',
        by: { field: 'zoning', values: { BA: '#aa0000', 'C-1': '#00aa00' } },
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const features = await decodeTile(await tileOf(browser, made.json), 'zoning');
    const selected = await inTile('zoning_districts', sql`zoning IN ('BA', 'C-1')`);
    expect(features.length).toBeGreaterThan(0);
    for (const f of features) {
      expect(selected).toContain(f.id);
      expect(f.properties.fill).toBe(f.properties.zoning === 'BA' ? '#aa0000ff' : '#00aa00ff');
      // A free caller's tiles never carry the standardized type.
      expect(f.properties).not.toHaveProperty('zoning_type');
    }
  });

  it('lets only callers who may read zoning_type filter by it, and gives them the type in tiles', async () => {
    const definition = { query: { zoning: true, filters: { zoning_type: ['Commercial'] } } };
    const { browser: free } = await signedInUser(app, sql, 'free');
    const refused = await free.post('/api/v1/sources', definition);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('FORBIDDEN');
    const { browser: pro } = await signedInUser(app, sql, 'pro');
    const made = await pro.post('/api/v1/sources', definition);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const features = await decodeTile(await tileOf(pro, made.json), 'zoning');
    const selected = await inTile('zoning_districts', sql`zoning_type = 'Commercial'`);
    expect(features.length).toBeGreaterThan(0);
    for (const f of features) {
      expect(selected).toContain(f.id);
      expect(f.properties.zoning_type).toBe('Commercial');
    }
    expect((await tileOf(free, made.json)).status).toBe(403);
  });

  it('answers a bad layer definition with 400 and a code and message', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    for (const body of [
      { query: { zoning: true }, style: { fill: '#fff', by: { field: 'zoning', values: {} } } },
      { query: { zoning: true }, style: { fill: '#ffffff', by: { field: 'height_ft', values: { a: '#ffffff' } } } },
      { query: { buildings: true, filters: { zoning: ['BA'] } } },
      { query: { buildings: true, filters: { height_ft: {} } } },
      { query: { buildings: true, filters: { height_ft: { gte: 'tall' } } } },
      { query: { zoning: true, filters: { zoning: [] } } },
    ]) {
      const res = await browser.post('/api/v1/sources', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    }
  });
});
