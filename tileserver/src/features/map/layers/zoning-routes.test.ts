import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import type { TestBrowser } from '../../../testing/http-client.ts';
import { decodeTile, lonLatToTile } from '../../../testing/tiles.ts';
import { zoningTypes } from '@parcel-map/contracts/map/zoning-types';

const sql = testDb();
const app = createApp({ config: loadConfig(), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

// Central Square, Cambridge: business, residence and special districts meet here.
const central = (z: number) => lonLatToTile(-71.1035, 42.3651, z);
const url = ({ z, x, y }: { z: number; x: number; y: number }) => `/api/v1/zoning/${z}/${x}/${y}.mvt?token=public`;
/** A raw request with a signed-in browser's cookie (tiles are not JSON, so TestBrowser's answer has no body). */
const asUser = (browser: TestBrowser, path: string) =>
  app.request(path, {
    headers: { Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'Accept-Encoding': 'gzip' },
  });

describe('the zoning layer', () => {
  it('describes itself as TileJSON from zoom 11 to 20 with the caller token and the data version', async () => {
    const res = await app.request('/api/v1/zoning?token=public');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ tilejson: '3.0.0', name: 'zoning', minzoom: 11, maxzoom: 20 });
    expect(body.tiles[0]).toMatch(
      /^http:\/\/localhost:8080\/api\/v1\/zoning\/\{z\}\/\{x\}\/\{y\}\.mvt\?token=public&v=\d+$/,
    );
    // The standardized type and subtype are Pro fields: an anonymous caller's TileJSON does not list them.
    expect(body.vector_layers[0]).toEqual(
      expect.objectContaining({ id: 'zoning', fields: { zoning: 'String', zoning_name: 'String' } }),
    );
    expect(body.bounds[0]).toBeLessThan(-71.1);
    const { browser } = await signedInUser(app, sql, 'pro');
    const pro = await browser.get('/api/v1/zoning');
    expect(pro.json.vector_layers[0].fields).toEqual({
      zoning: 'String',
      zoning_name: 'String',
      zoning_type: 'String',
      zoning_subtype: 'String',
    });
  });

  it('serves the districts of a tile with their code, name and standardized type, as stored', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const res = await asUser(browser, url(central(15)));
    expect(res.status).toBe(200);
    const features = await decodeTile(res, 'zoning');
    expect(features.length).toBeGreaterThan(2);
    const stored = await sql<
      { id: number; zoning: string; zoning_name: string; zoning_type: string; zoning_subtype: string | null }[]
    >`
      SELECT id, zoning, zoning_name, zoning_type, zoning_subtype FROM zoning_districts WHERE id IN ${sql(features.map((f) => f.id))}`;
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const f of features) {
      const row = byId.get(f.id)!;
      expect(f.properties).toMatchObject({
        zoning: row.zoning,
        zoning_name: row.zoning_name,
        zoning_type: row.zoning_type,
      });
    }
    expect(new Set(features.map((f) => f.properties.zoning_type)).size).toBeGreaterThan(1);
  });

  it('M2: anonymous and free callers get zoning tiles without the Pro zoning_type and zoning_subtype; Pro tiles carry them, private', async () => {
    const tile = url(central(16));
    const { browser: pro } = await signedInUser(app, sql, 'pro');
    // The Pro caller first, so a cache keyed by tile alone would hand its tile to the others.
    const proRes = await asUser(pro, tile);
    expect(proRes.status).toBe(200);
    expect(proRes.headers.get('cache-control')).toMatch(/^private\b/);
    expect(proRes.headers.get('vary')).toMatch(/Cookie, Authorization/);
    const proFeatures = await decodeTile(proRes, 'zoning');
    expect(proFeatures.length).toBeGreaterThan(0);
    expect(proFeatures.every((f) => typeof f.properties.zoning_type === 'string')).toBe(true);

    const { browser: free } = await signedInUser(app, sql, 'free');
    for (const res of [await app.request(tile, { headers: { 'Accept-Encoding': 'gzip' } }), await asUser(free, tile)]) {
      expect(res.status).toBe(200);
      // Public bytes, but the same URL carries more for a Pro session: caches must key by the credentials.
      expect(res.headers.get('cache-control')).toMatch(/^public\b/);
      expect(res.headers.get('vary')).toMatch(/Cookie, Authorization/);
      const features = await decodeTile(res, 'zoning');
      expect(features.map((f) => f.id).sort()).toEqual(proFeatures.map((f) => f.id).sort());
      for (const f of features) {
        expect(f.properties).not.toHaveProperty('zoning_type');
        expect(f.properties).not.toHaveProperty('zoning_subtype');
        expect(typeof f.properties.zoning).toBe('string');
      }
    }
  });

  it('answers 404 outside zoom 11 to 20 and 204 where there are no districts', async () => {
    expect((await app.request(url(central(10)))).status).toBe(404);
    expect((await app.request(url(central(21)))).status).toBe(404);
    expect((await app.request(url(central(20)))).status).not.toBe(404);
    expect((await app.request(url(lonLatToTile(-100, 40, 12)))).status).toBe(204);
  });

  it('keeps the type colours equal to the documented ones in sql/functions/zoning.sql', async () => {
    const rows = await sql<
      { zoning_type: string; color: string }[]
    >`SELECT zoning_type, color FROM zoning_type_colors() ORDER BY sort`;
    expect(rows.map((r) => ({ type: r.zoning_type, color: r.color }))).toEqual(
      zoningTypes.map((t) => ({ type: t.type, color: t.color })),
    );
    expect(zoningTypes.map((t) => t.type)).toEqual([
      'Residential',
      'Commercial',
      'Mixed',
      'Industrial',
      'Special',
      'Planned',
      'Agriculture',
      'Overlay',
    ]);
  });

  it('is listed in the layer catalogue with one legend entry per zoning type', async () => {
    const res = await app.request('/api/v1/layers.json');
    const zoning = (await res.json()).find((l: { id: string }) => l.id === 'zoning');
    expect(zoning).toMatchObject({
      name: 'Zoning',
      sourceLayer: 'zoning',
      property: 'zoning_type',
      minzoom: 11,
      maxzoom: 20,
    });
    expect(zoning.legend).toEqual(zoningTypes.map((t) => ({ label: t.type, color: t.color, values: [t.type] })));
  });
});
