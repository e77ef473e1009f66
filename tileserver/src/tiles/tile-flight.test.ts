// Single-flight renders against real PostgreSQL: a render cancelled because its only client left must
// not be handed to a client who asks for the same tile a moment later.
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { QueryGate } from '../db/query-gate.ts';
import { testDb } from '../testing/db.ts';
import { TileAbortedError, TileCache } from './tile-cache.ts';
import { TileRenderer } from './tile-renderer.ts';

const sql = testDb(2);
afterAll(() => sql.end());

// A "tile" that takes 400 ms in PostgreSQL, so a client can leave while it runs.
const slowTile = `SELECT convert_to('tile ' || $1::int || '/' || $2::int || '/' || $3::int, 'UTF8') AS mvt FROM pg_sleep(0.4)`;

describe('a tile render whose only client left', () => {
  it('is not shared with a client who asks for the same tile after the first one left', async () => {
    const renderer = new TileRenderer(
      sql,
      new TileCache(1024 * 1024),
      new QueryGate({ name: 'tiles', concurrency: 2, maxQueue: 10, maxWaitMs: 5000 }),
    );
    const coords = { z: 14, x: 1, y: 2 };
    const leaving = new AbortController();
    const first = renderer.tile('flight-test@1', slowTile, coords, { signal: leaving.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 150)); // the query runs in PostgreSQL now
    leaving.abort();
    expect(await first).toBeInstanceOf(TileAbortedError);
    const second = await renderer.tile('flight-test@1', slowTile, coords);
    expect(gunzipSync(second.body!).toString()).toBe('tile 14/1/2');
  });
});
