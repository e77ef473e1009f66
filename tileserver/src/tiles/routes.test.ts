import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';
import { decodeTile, lonLatToTile } from '../testing/tiles.ts';
import { signedInUser } from '../testing/accounts.ts';
import { TestBrowser } from '../testing/http-client.ts';
import { siteControlLayerMessage } from './static-sources.ts';
import { inject } from 'vitest';

const sql = testDb();
const config = loadConfig({ ADMIN_TOKEN: 'test-admin-token-of-at-least-32-chars' });
const app = createApp({ config, sql, logger: createLogger('silent') });
const gzip = { 'Accept-Encoding': 'gzip' };
const cambridge = lonLatToTile(-71.1097, 42.3736, 16);
const tileUrl = ({ z, x, y }: { z: number; x: number; y: number }) => `/api/v1/parcels/${z}/${x}/${y}.mvt`;

afterAll(() => sql.end());

describe('the parcel TileJSON', () => {
  it('describes the parcel layer as TileJSON 3.0.0 with the caller token in the tile URLs', async () => {
    const res = await app.request('/api/v1/parcels?format=mvt&token=public');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.tilejson).toBe('3.0.0');
    expect(body.tiles[0]).toMatch(
      /^http:\/\/localhost:8080\/api\/v1\/parcels\/\{z\}\/\{x\}\/\{y\}\.mvt\?token=public&v=\d+$/,
    );
    expect(body.minzoom).toBe(11);
    expect(body.maxzoom).toBeGreaterThanOrEqual(16);
    expect(body.vector_layers[0]).toMatchObject({
      id: 'parcels',
      fields: { ll_uuid: 'String', path: 'String', address: 'String', owner: 'String', parcelnumb: 'String' },
    });
    const [w, s, e, n] = body.bounds;
    expect(w).toBeLessThan(-71.1);
    expect(e).toBeGreaterThan(-71.1);
    expect(s).toBeLessThan(42.37);
    expect(n).toBeGreaterThan(42.37);
  });

  it('asks for format=mvt', async () => {
    const res = await app.request('/api/v1/parcels');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/format must be mvt/);
  });
});

describe('parcel tiles', () => {
  it('carries every parcel intersecting the tile with its database values', async () => {
    const res = await app.request(tileUrl(cambridge), { headers: gzip });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const features = await decodeTile(res, 'parcels');
    expect(features.length).toBeGreaterThan(20);
    const { z, x, y } = cambridge;
    const rows = await sql<
      {
        id: string;
        ll_uuid: string;
        path: string;
        address: string | null;
        owner: string | null;
        parcelnumb: string | null;
        inside: boolean;
      }[]
    >`
      SELECT id, ll_uuid::text, path, address, owner, parcelnumb,
             geom_3857 && ST_TileEnvelope(${z}, ${x}, ${y}) AND ST_Intersects(geom_3857, ST_TileEnvelope(${z}, ${x}, ${y})) AS inside
      FROM parcels WHERE geom_3857 && ST_TileEnvelope(${z}, ${x}, ${y}, margin => 64.0 / 4096)`;
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const feature of features) {
      const row = byId.get(feature.id);
      expect(row, `feature ${feature.id} lies near the tile`).toBeDefined();
      const expected: Record<string, unknown> = { ll_uuid: row!.ll_uuid, path: row!.path };
      for (const key of ['address', 'owner', 'parcelnumb'] as const) if (row![key] !== null) expected[key] = row![key];
      expect(feature.properties).toEqual(expected);
    }
    const inTile = new Set(features.map((f) => f.id));
    const missing = rows.filter((r) => r.inside && !inTile.has(Number(r.id)));
    expect(missing).toEqual([]);
  });

  it('answers 304 to a matching ETag and serves identity bytes to clients without gzip', async () => {
    const first = await app.request(tileUrl(cambridge), { headers: gzip });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+-gzip"$/);
    const again = await app.request(tileUrl(cambridge), { headers: { ...gzip, 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    const plain = await app.request(tileUrl(cambridge));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBe(etag!.replace(/^W\/"(.*)-gzip"$/, '"$1"'));
    const star = await app.request(tileUrl(cambridge), { headers: { ...gzip, 'If-None-Match': '*' } });
    expect(star.status).toBe(304);
    expect((await decodeTile(plain, 'parcels')).length).toBe((await decodeTile(first, 'parcels')).length);
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
  });

  it('compresses a miss as zstd for a browser that reads zstd, and still answers gzip-only clients in gzip', async () => {
    const tile = lonLatToTile(-71.1097, 42.3736, 15);
    const browser = await app.request(tileUrl(tile), { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(browser.headers.get('content-encoding')).toBe('zstd');
    expect(browser.headers.get('vary')).toBe('Accept-Encoding');
    const fromZstd = await decodeTile(browser, 'parcels');
    expect(fromZstd.length).toBeGreaterThan(100);
    const older = await app.request(tileUrl(tile), { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(older.headers.get('content-encoding')).toBe('gzip');
    // One tile, two bodies: each encoding has its own ETag.
    expect(browser.headers.get('etag')).toMatch(/-zstd"$/);
    expect(older.headers.get('etag')).toBe(browser.headers.get('etag')!.replace(/-zstd"$/, '-gzip"'));
    expect((await decodeTile(older, 'parcels')).map((f) => f.id)).toEqual(fromZstd.map((f) => f.id));
    const refusing = await app.request(tileUrl(tile), { headers: { 'Accept-Encoding': 'zstd;q=0, gzip' } });
    expect(refusing.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers 204 for a tile with no parcels', async () => {
    const ocean = lonLatToTile(-40, 30, 14);
    const res = await app.request(tileUrl(ocean));
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  it('draws every parcel that covers a few display pixels at low zoom and leaves out sub-pixel ones', async () => {
    // A parcel covers pixels when its mean width (2 x area / perimeter) is at least one display pixel
    // (512-px tiles, web-mercator metres): a 2 x 2 px square does, a 2 m sliver along a lot line does not.
    const covering = (z: number) =>
      sql`2 * ST_Area(geom_3857) / ST_Perimeter(geom_3857) >= 40075016.68557849 / 512.0 / 2 ^ ${z}`;
    const z13 = lonLatToTile(-71.1097, 42.3736, 13);
    const ids = new Set((await decodeTile(await app.request(tileUrl(z13)), 'parcels')).map((f) => f.id));
    const expected = await sql<{ id: string }[]>`
      SELECT id FROM parcels WHERE ST_Intersects(geom_3857, ST_TileEnvelope(${z13.z}, ${z13.x}, ${z13.y})) AND ${covering(13)}`;
    expect(expected.length).toBeGreaterThan(1000);
    expect(expected.filter((r) => !ids.has(Number(r.id)))).toEqual([]);

    const z11 = lonLatToTile(-71.1097, 42.3736, 11);
    const drawn = (await decodeTile(await app.request(tileUrl(z11)), 'parcels')).length;
    const [counts] = await sql<{ total: number; covering: number }[]>`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE ${covering(11)})::int AS covering
      FROM parcels WHERE ST_Intersects(geom_3857, ST_TileEnvelope(${z11.z}, ${z11.x}, ${z11.y}))`;
    expect(drawn).toBeGreaterThanOrEqual(counts!.covering);
    expect(drawn).toBeLessThan(counts!.total);
  });
});

describe('static flood and wetland tiles', () => {
  // Site control (Pro, Team, admins) may draw these layers; the admin token stands in for it here.
  const admin = 'token=test-admin-token-of-at-least-32-chars';

  it('draws the Cambridge AE flood polygons in the flood tile that covers them', async () => {
    const [point] = await sql<{ lon: number; lat: number }[]>`
      SELECT ST_X(p) AS lon, ST_Y(p) AS lat FROM (
        SELECT ST_PointOnSurface(geom) AS p FROM flood_zones WHERE fld_zone = 'AE' AND source NOT LIKE '%legacy%' ORDER BY id LIMIT 1) s`;
    expect(point).toBeDefined();
    const res = await app.request(
      `/api/v1/static/fema/${Object.values(lonLatToTile(point!.lon, point!.lat, 14)).join('/')}.mvt?${admin}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const zones = (await decodeTile(res, 'flood')).map((f) => f.properties);
    expect(zones).toContainEqual({ fld_zone: 'AE', sfha: true });
  });

  it('serves wetland types from zoom 10 and refuses zooms outside the layer range', async () => {
    const [point] = await sql<
      { lon: number; lat: number }[]
    >`SELECT ST_X(p) AS lon, ST_Y(p) AS lat FROM (SELECT ST_PointOnSurface(geom) AS p FROM wetlands ORDER BY id LIMIT 1) s`;
    const { z, x, y } = lonLatToTile(point!.lon, point!.lat, 12);
    const features = await decodeTile(
      await app.request(`/api/v1/static/wetlands/${z}/${x}/${y}.mvt?${admin}`),
      'wetlands',
    );
    expect(features.some((f) => typeof f.properties.wetland_type === 'string')).toBe(true);
    const tooLow = await app.request(`/api/v1/static/wetlands/9/0/0.mvt?${admin}`);
    expect(tooLow.status).toBe(404);
    expect((await tooLow.json()).error.code).toBe('NOT_FOUND');
    expect((await app.request(`/api/v1/static/fema/15/0/0.mvt?${admin}`)).status).toBe(404);
  });

  it('describes each static layer as TileJSON with the caller token and the data version in its tile URLs', async () => {
    const res = await app.request(`/api/v1/static/wetlands?${admin}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ tilejson: '3.0.0', name: 'wetlands', minzoom: 10, maxzoom: 14 });
    expect(body.tiles[0]).toMatch(
      /^http:\/\/localhost:8080\/api\/v1\/static\/wetlands\/\{z\}\/\{x\}\/\{y\}\.mvt\?token=test-admin-token-of-at-least-32-chars&v=\d+$/,
    );
    expect(body.vector_layers[0]).toMatchObject({
      id: 'wetlands',
      fields: { wetland_type: 'String', attribute: 'String' },
    });
    expect((await (await app.request(`/api/v1/static/fema?${admin}`)).json()).vector_layers[0].id).toBe('flood');
  });

  it('answers 403 JSON with the way up to callers without site control, and serves Pro and Team users', async () => {
    const flood = `/api/v1/static/fema/${Object.values(lonLatToTile(-71.1097, 42.3736, 12)).join('/')}.mvt`;
    const { browser: free } = await signedInUser(app, sql, 'free');
    const anonymous = new TestBrowser(app);
    for (const [who, browser] of [
      ['anonymous', anonymous],
      ['free', free],
    ] as const) {
      for (const url of [
        flood,
        '/api/v1/static/wetlands/12/1238/1514.mvt',
        '/api/v1/static/fema',
        '/api/v1/static/wetlands',
      ]) {
        const res = await browser.get(url);
        expect(res.status, `${who} ${url}`).toBe(403);
        expect(res.json.error).toMatchObject({
          code: 'FORBIDDEN',
          message: siteControlLayerMessage,
          details: { upgrade: '/plans#p=level1' },
        });
      }
    }
    expect((await app.request(`${flood}?token=public`)).status).toBe(403);
    for (const level of ['pro', 'team'] as const) {
      const { browser } = await signedInUser(app, sql, level);
      expect([200, 204], level).toContain((await browser.get(flood)).status);
      expect((await browser.get('/api/v1/static/fema')).status, level).toBe(200);
    }
  });
});

describe('bad tile requests', () => {
  it.each([
    ['/api/v1/parcels/1.5/0/0.mvt', 400, 'BAD_REQUEST'],
    ['/api/v1/parcels/14/abc/0.mvt', 400, 'BAD_REQUEST'],
    ['/api/v1/parcels/14/99999/0.mvt', 400, 'BAD_REQUEST'],
    ['/api/v1/parcels/14/0/-1.mvt', 400, 'BAD_REQUEST'],
    ['/api/v1/parcels/14/0/0.pbf', 400, 'BAD_REQUEST'],
    ['/api/v1/parcels/10/0/0.mvt', 404, 'NOT_FOUND'],
    ['/api/v1/parcels/23/0/0.mvt', 404, 'NOT_FOUND'],
    ['/api/v1/parcels/14/0/0.mvt?token=nobody', 401, 'UNAUTHORIZED'],
    ['/api/v1/static/rivers/10/0/0.mvt', 404, 'NOT_FOUND'],
  ])('answers %s with %i JSON', async (url, status, code) => {
    const res = await app.request(url);
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.error.code).toBe(code);
    expect(body.error.message).not.toMatch(/select|ST_|at .*\.ts/i);
  });

  it('answers 503 JSON when a tile query passes the statement timeout', async () => {
    // One connection, whose timeout is lowered after connecting (the client's own start-up queries must pass).
    const slow = createDb(inject('databaseUrl'), { max: 1 });
    await slow`SET statement_timeout = 1`;
    const slowApp = createApp({
      config: loadConfig({ TILE_CACHE_MB: '0' }),
      sql: slow,
      logger: createLogger('silent'),
    });
    const res = await slowApp.request(tileUrl(lonLatToTile(-71.1097, 42.3736, 12)));
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/too long/) });
    await slow.end();
  });

  it('answers 1,000 random malformed requests with 4xx JSON and still serves a good tile', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const junk = [
      '-1',
      '1.5',
      'NaN',
      '1e9',
      "1'; DROP TABLE parcels;--",
      '%00',
      '99999999999',
      '',
      'x',
      '0x1f',
      '../..',
      '%2e%2e',
    ];
    for (let i = 0; i < 1000; i++) {
      const parts = [pick(['11', '14', '16', '30', '31', ...junk]), pick(['0', '1', ...junk]), pick(['0', ...junk])];
      const base = pick([
        '/api/v1/parcels',
        '/api/v1/static/fema',
        '/api/v1/static/wetlands',
        '/api/v1/sources/abc',
        '/api/v1/sources/00000000000000000000',
      ]);
      const suffix = pick(['.mvt', '.pbf', '', '.mvt?token=wrong']);
      const res = await app.request(`${base}/${parts.join('/')}${suffix}`);
      if (res.status === 204 || res.status === 200) continue; // a well-formed tile in an empty area
      expect(res.status, `${base}/${parts.join('/')}${suffix}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json()).error.code).toMatch(/^[A-Z_]+$/);
    }
    const good = await app.request(tileUrl(cambridge));
    expect(good.status).toBe(200);
    const [count] = await sql`SELECT count(*)::int AS n FROM parcels`;
    expect(count!.n).toBeGreaterThan(27000);
  });
});

describe('layer versions', () => {
  let before: string;
  beforeAll(async () => {
    before = (await (await app.request('/api/v1/parcels?format=mvt')).json()).tiles[0];
  });

  it('changes the tile URLs when the data version changes', async () => {
    await sql`SELECT bump_layer_version('parcels')`;
    let after = before;
    for (let i = 0; i < 50 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = (await (await app.request('/api/v1/parcels?format=mvt')).json()).tiles[0];
    }
    expect(after).not.toBe(before);
    expect(after.replace(/v=\d+/, '')).toBe(before.replace(/v=\d+/, ''));
  });
});
