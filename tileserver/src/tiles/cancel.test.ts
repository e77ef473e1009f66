import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';
import { lonLatToTile } from '../testing/tiles.ts';

const sql = testDb();
const watcher = testDb(2);
const app = createApp({ config: loadConfig({ TILE_CACHE_MB: '0' }), sql, logger: createLogger('silent') });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

afterAll(async () => {
  server.close();
  await sql.end();
  await watcher.end();
});

async function waitFor(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

const tileQueriesRunning = async () => {
  const [row] = await watcher<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE state = 'active' AND query LIKE '%FROM parcel_tiles_z16 t%' AND pid <> pg_backend_pid()`;
  return row!.n;
};

describe('a client that disconnects', () => {
  it('cancels its tile query in PostgreSQL', async () => {
    const { z, x, y } = lonLatToTile(-71.1097, 42.3736, 16);
    expect((await fetch(`${origin()}/api/v1/parcels/${z}/${x}/${y}.mvt`)).status).toBe(200); // warms versions
    // A held lock on the table a z16 tile is read from (the stored z16 tiles, not parcels itself: a lock
    // on parcels alone let the query run, and the test passed only when its polling caught it mid-flight)
    // makes the next tile query wait inside PostgreSQL until someone cancels it.
    const locker = await watcher.reserve();
    await locker`BEGIN`;
    await locker`LOCK TABLE parcels, parcel_tiles_z16 IN ACCESS EXCLUSIVE MODE`;
    try {
      const client = new AbortController();
      const request = fetch(`${origin()}/api/v1/parcels/${z}/${x + 1}/${y}.mvt`, { signal: client.signal }).catch(
        (e: Error) => e,
      );
      expect(await waitFor(async () => (await tileQueriesRunning()) === 1, 5000)).toBe(true);
      client.abort();
      expect(await request).toBeInstanceOf(Error);
      // The lock is still held: only a cancel can end the query this soon.
      expect(await waitFor(async () => (await tileQueriesRunning()) === 0, 3000)).toBe(true);
    } finally {
      await locker`ROLLBACK`;
      locker.release();
    }
    expect((await fetch(`${origin()}/api/v1/parcels/${z}/${x + 1}/${y}.mvt`)).status).toBe(200);
  });
});
