// Every tile route the app serves is one of the tile source route pair's, and each of them passes the
// API gate and the metering. The list of routes is read from the app's own route table and the
// registered sources (built in, and a stored source made here), so a source added later is covered
// without touching this file. Every TileJSON is validated (weak ETag, 304, a short max-age) and public
// only when neither the source's access rules nor the caller's token make it the caller's own.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { builtInTileMounts } from '../features/map/layers/tile-sources.ts';
import { createHttpServer } from '../http/server.ts';
import { createLogger } from '../logger.ts';
import { signedInUser } from '../testing/accounts.ts';
import { testDb } from '../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../testing/http-client.ts';
import { lonLatToTile } from '../testing/tiles.ts';
import { createServices } from '../services.ts';
import type { TileSource } from './tile-source.ts';

const sql = testDb(4);
const config = loadConfig({ METERING_FLUSH_MS: '600000' });
const services = createServices({ config, sql, logger: createLogger('silent') });
const { tiles } = services;
const app = createApp(services);
const server = createHttpServer(app, tiles);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.close();
  await sql.end();
});

interface Served {
  name: string;
  tileJson: string;
  tile: string;
  /** Who may read it beyond the gate (the map layers say; the static layers are for paid levels). */
  access: 'everyone' | 'paid' | 'admin';
}

const accessOf = (source: TileSource): Served['access'] =>
  'access' in source
    ? (source.access as Served['access'])
    : source.path.startsWith('/api/v1/static/')
      ? 'paid'
      : 'everyone';

/** A tile of the source near Cambridge, at zoom 15 or the nearest zoom it has. */
function tileOf(source: Pick<TileSource, 'path' | 'minzoom' | 'maxzoom'>): string {
  const { z, x, y } = lonLatToTile(-71.1097, 42.3736, Math.min(Math.max(15, source.minzoom), source.maxzoom));
  return `${source.path}/${z}/${x}/${y}.mvt`;
}

let served: Served[] = [];

beforeAll(async () => {
  const made = await new TestBrowser(app).post('/api/v1/sources', {
    query: { parcel: true, path: '/us/ma/middlesex/cambridge' },
    fields: ['address'],
  });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const stored = {
    path: `/api/v1/sources/${made.json.id as string}`,
    minzoom: made.json.minzoom as number,
    maxzoom: 22,
  };
  served = [
    ...builtInTileMounts
      .flatMap((mount) => mount.registered)
      .map((s) => ({ name: s.path, tileJson: `${s.path}?format=mvt`, tile: tileOf(s), access: accessOf(s) })),
    { name: 'a stored source', tileJson: `${stored.path}.json`, tile: tileOf(stored), access: 'everyone' },
  ];
});

const get = (path: string, token: string) =>
  fetch(`${base}${path}${path.includes('?') ? '&' : '?'}token=${token}`, { headers: { 'Accept-Encoding': 'gzip' } });
const usageOf = async (groupId: number) =>
  Number(
    (
      await sql<
        { tiles: string }[]
      >`SELECT coalesce(sum(tiles), 0)::text AS tiles FROM api_usage WHERE group_id = ${groupId}`
    )[0]!.tiles,
  );
const groupOf = async (browser: TestBrowser) => {
  const userId = (await browser.session()).user.id as number;
  return Number((await sql<{ id: string }[]>`SELECT primary_group_id AS id FROM users WHERE id = ${userId}`)[0]!.id);
};

describe('the tile source route pair', () => {
  it('serves every tile route of the app: no tile layer is mounted beside it', () => {
    const tileRoutes = new Set(
      app.routes.filter((r) => r.method === 'GET' && r.path.endsWith('/:z/:x/:y')).map((r) => r.path),
    );
    const pairRoutes = new Set(
      [...builtInTileMounts.map((m) => m.tilesPath), '/api/v1/sources/:id'].map((path) => `${path}/:z/:x/:y`),
    );
    expect([...tileRoutes].sort()).toEqual([...pairRoutes].sort());
    // parcels, fema, wetlands, zoning, basemap, the map layers and the stored source
    expect(served.map((s) => s.name)).toEqual([
      '/api/v1/parcels',
      '/api/v1/static/fema',
      '/api/v1/static/wetlands',
      '/api/v1/zoning',
      '/api/v1/basemap',
      '/api/v1/layers/population',
      '/api/v1/layers/census-block-groups',
      '/api/v1/layers/census-blocks',
      '/api/v1/layers/open-space',
      '/api/v1/layers/land-cover',
      '/api/v1/layers/buildings',
      '/api/v1/layers/contours',
      '/api/v1/layers/spot-elevations',
      '/api/v1/layers/flood-2010',
      'a stored source',
    ]);
  });

  it('counts every tile an API token is served on every source, cached or new, and never a TileJSON or a refusal', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const token = (await browser.post('/users/api_token.json', {})).json.token as string;
    const groupId = await groupOf(browser);
    await tiles.meter.flush();
    const before = await usageOf(groupId);
    const answers: Record<string, number> = {};
    let count = 0;
    for (const { name, tileJson, tile } of served) {
      const described = await get(tileJson, token);
      answers[`${name} TileJSON`] = described.status;
      await described.arrayBuffer();
      // Twice: a new tile, then the cached one (for parcels, from the fast path).
      for (const round of ['new', 'cached']) {
        const res = await get(tile, token);
        answers[`${name} ${round}`] = res.status < 300 ? 200 : res.status;
        await res.arrayBuffer();
        if (res.status < 300) count++;
      }
    }
    // A Pro group's token: the admin-only map layers refuse it.
    const status = (access: Served['access']) => (access === 'admin' ? 403 : 200);
    expect(answers).toEqual(
      Object.fromEntries(
        served.flatMap(({ name, access }) => [
          [`${name} TileJSON`, status(access)],
          [`${name} new`, status(access)],
          [`${name} cached`, status(access)],
        ]),
      ),
    );
    await tiles.meter.flush();
    expect(await usageOf(groupId)).toBe(before + count);
  });

  it('refuses a token past its volume with 429 on every tile and TileJSON route, cached tiles included', async () => {
    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('volume'), 'secret-pass-1', 'Val Volume');
    const made = await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] });
    expect(made.status).toBe(201);
    const token = made.json.token as string;
    await sql`INSERT INTO api_usage (group_id, month, tiles) VALUES (${await groupOf(browser)}, date_trunc('month', now())::date, 10000)`;
    const answers: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const { name, tileJson, tile } of served) {
      for (const [kind, path] of [
        ['TileJSON', tileJson],
        ['tile', tile],
      ] as const) {
        const res = await get(path, token);
        const body = (await res.json()) as { error?: { code: string } };
        answers[`${name} ${kind}`] = `${res.status} ${body.error?.code}`;
        expected[`${name} ${kind}`] = '429 TOO_MANY_REQUESTS';
      }
    }
    expect(answers).toEqual(expected);
  });
});

// semver.org's pattern for a version without pre-release or build parts.
const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** A TileJSON answer and its revalidations: by its ETag, by `*`, and by a list holding its ETag. */
async function described(path: string, headers: Record<string, string>) {
  const res = await fetch(`${base}${path}`, { headers });
  const body = res.status === 200 ? ((await res.json()) as { version: string }) : undefined;
  const etag = res.headers.get('etag') ?? '';
  const again = async (match: string) =>
    (await fetch(`${base}${path}`, { headers: { ...headers, 'If-None-Match': match } })).status;
  return {
    status: res.status,
    version: body?.version,
    etag,
    cacheControl: res.headers.get('cache-control'),
    vary: res.headers.get('vary'),
    revalidated: body ? [await again(etag), await again('*'), await again(`"other", ${etag}`)] : [],
  };
}

describe('the TileJSON of every source', () => {
  it('has a semver version, a weak ETag, 304 on a match, on * and in a list, and a public max-age of a minute for anonymous callers', async () => {
    for (const { name, tileJson, access } of served) {
      const path = `${tileJson}${tileJson.includes('?') ? '&' : '?'}token=public`;
      const got = await described(path, {});
      // The flood and wetland layers, and the paid and admin map layers, are not for anonymous callers.
      if (access !== 'everyone') {
        expect(got.status, name).toBe(403);
        continue;
      }
      expect(got.status, name).toBe(200);
      expect(got.version, name).toMatch(semver);
      expect(got.etag, name).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(got.revalidated, name).toEqual([304, 304, 304]);
      expect(got.cacheControl, name).toBe('public, max-age=60');
      // The zoning layer answers Pro sessions with more fields at the same URL.
      expect(got.vary, name).toBe(name === '/api/v1/zoning' ? 'Cookie, Authorization' : 'Authorization');
    }
  });

  it('is private to a caller whom it depends on: entitled layers for a session, and any API token in the URLs', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = (await browser.post('/users/api_token.json', {})).json.token as string;
    const asSession: Record<string, string | null> = {};
    const asToken: Record<string, string | null> = {};
    // A Pro caller: the admin-only map layers refuse it (layer-sources.test.ts).
    for (const { name, tileJson } of served.filter((s) => s.access !== 'admin')) {
      const bySession = await described(tileJson, { Cookie: cookie });
      expect(bySession.status, name).toBe(200);
      expect(bySession.revalidated, name).toEqual([304, 304, 304]);
      asSession[name] = bySession.cacheControl;
      const byToken = await described(tileJson, { Authorization: `Bearer ${token}` });
      expect(byToken.status, name).toBe(200);
      asToken[name] = byToken.cacheControl;
    }
    const readable = served.filter((s) => s.access !== 'admin');
    const publicOne = ({ name, access }: Served) =>
      ['/api/v1/parcels', '/api/v1/basemap', 'a stored source'].includes(name) ||
      (name.startsWith('/api/v1/layers/') && access === 'everyone');
    expect(asSession).toEqual(
      Object.fromEntries(readable.map((s) => [s.name, publicOne(s) ? 'public, max-age=60' : 'private, max-age=60'])),
    );
    expect(asToken).toEqual(Object.fromEntries(readable.map(({ name }) => [name, 'private, max-age=60'])));
  });

  it('moves its version and its ETag when the data changes', async () => {
    const path = '/api/v1/zoning?token=public';
    const before = await described(path, {});
    await sql`SELECT bump_layer_version('zoning')`;
    let after = before;
    for (let tries = 0; tries < 50 && after.version === before.version; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await described(path, {});
    }
    expect(after.version).toMatch(semver);
    expect(after.version).not.toBe(before.version);
    expect(after.etag).not.toBe(before.etag);
    const stale = await fetch(`${base}${path}`, { headers: { 'If-None-Match': before.etag } });
    expect(stale.status).toBe(200);
  });
});
