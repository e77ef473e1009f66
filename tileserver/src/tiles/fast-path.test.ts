import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createHttpServer } from '../http/server.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';
import { lonLatToTile } from '../testing/tiles.ts';
import { createServices } from '../services.ts';

const sql = testDb();
const config = loadConfig({ ADMIN_TOKEN: 'test-admin-token-of-at-least-32-chars' });
const services = createServices({ config, sql, logger: createLogger('silent') });
const { tiles } = services;
const server = createHttpServer(createApp(services), tiles);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.close();
  await sql.end();
});

const { z, x, y } = lonLatToTile(-71.1097, 42.3736, 16);
const url = `${base}/api/v1/parcels/${z}/${x}/${y}.mvt`;
const gzip = { 'Accept-Encoding': 'gzip' };

describe('the node:http fast path', () => {
  it('answers a cached tile with the same bytes and headers as the app, without the app', async () => {
    const miss = await fetch(url, { headers: gzip });
    const missBytes = Buffer.from(await miss.arrayBuffer());
    const hitsBefore = tiles.renderer.cache.hits;
    const hit = await fetch(url, { headers: gzip });
    expect(hit.status).toBe(200);
    expect(tiles.renderer.cache.hits).toBe(hitsBefore + 1);
    expect(Buffer.from(await hit.arrayBuffer()).equals(missBytes)).toBe(true);
    for (const header of ['content-type', 'etag', 'cache-control', 'vary', 'access-control-allow-origin']) {
      expect(hit.headers.get(header), header).toBe(miss.headers.get(header));
    }
    // fetch() decodes gzip itself, so compare the encoding the server declared
    expect(hit.headers.get('content-encoding')).toBe(miss.headers.get('content-encoding'));
    // Hits skip the app (no request id).
    expect(hit.headers.get('x-request-id')).toBeNull();
  });

  it('renders a z16 miss itself with the same bytes and headers as the app, and leaves a z15 miss to the app', async () => {
    const neighbour = `/api/v1/parcels/${z}/${x + 1}/${y}.mvt`;
    tiles.renderer.cache.purge('parcels@');
    const viaApp = await createApp(services).request(neighbour, { headers: gzip });
    tiles.renderer.cache.purge('parcels@');
    const missesBefore = tiles.renderer.cache.misses;
    const direct = await fetch(`${base}${neighbour}`, { headers: gzip });
    expect(direct.status).toBe(200);
    expect(tiles.renderer.cache.misses).toBe(missesBefore + 1);
    expect(direct.headers.get('x-request-id')).toBeNull();
    // fetch() decodes the gzip body; the app's Response holds it as sent.
    const appBytes = gunzipSync(Buffer.from(await viaApp.arrayBuffer()));
    expect(Buffer.from(await direct.arrayBuffer()).equals(appBytes)).toBe(true);
    for (const header of ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary']) {
      expect(direct.headers.get(header), header).toBe(viaApp.headers.get(header));
    }
    const z15 = lonLatToTile(-71.1097, 42.3736, 15);
    const app15 = await fetch(`${base}/api/v1/parcels/15/${z15.x}/${z15.y}.mvt`, { headers: gzip });
    expect(app15.status).toBe(200);
    expect(app15.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers 304 for a matching ETag from the cache', async () => {
    const first = await fetch(url, { headers: gzip });
    const again = await fetch(url, { headers: { ...gzip, 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('leaves unknown tokens, other routes and malformed coordinates to the app', async () => {
    await fetch(url, { headers: gzip });
    const unknown = await fetch(`${url}?token=nobody`, { headers: gzip });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error.code).toBe('UNAUTHORIZED');
    const padded = await fetch(`${base}/api/v1/parcels/${z}/0${x}/${y}.mvt`, { headers: gzip });
    expect(padded.status).toBe(400);
    expect((await padded.json()).error.code).toBe('BAD_REQUEST');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/parcels/99/0/0.mvt`)).status).toBe(400);
  });
});

// Last in the file: it leaves this test client over the unknown-token limit.
describe('the fast path and the unknown-token throttle', () => {
  it("H4: serves a valid token's cached tile to an address that has sent 21 bogus tokens this minute", async () => {
    const admin = { ...gzip, Authorization: 'Bearer test-admin-token-of-at-least-32-chars' };
    expect((await fetch(url, { headers: admin })).status).toBe(200);
    for (let i = 0; i < 21; i++) await fetch(`${url}?token=bogus-${i}`, { headers: gzip });
    expect((await fetch(`${url}?token=bogus-last`, { headers: gzip })).status).toBe(429);
    const hitsBefore = tiles.renderer.cache.hits;
    const valid = await fetch(url, { headers: admin });
    expect(valid.status).toBe(200);
    expect(tiles.renderer.cache.hits).toBe(hitsBefore + 1);
  });
});
