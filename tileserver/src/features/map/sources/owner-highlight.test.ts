// The owner highlight (query.owner) is a Pro feature on the server as in the viewer: callers below Pro
// posting it, or reading a stored source that uses it, get 403 JSON; Pro callers get the source, and
// its tiles are private (a session's tile URL is the anonymous one).
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';
import { ownerHighlightMessage } from './policy.ts';

const sql = testDb(2);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const { z, x, y } = lonLatToTile(-71.1097, 42.3736, 16);

describe('the owner highlight on the server', () => {
  it('Low 10: an anonymous or free caller posting a source with query.owner gets 403 JSON saying owner highlights need Pro', async () => {
    const [owner] = await sql<
      { owner: string }[]
    >`SELECT owner FROM parcels WHERE owner IS NOT NULL ORDER BY id LIMIT 1`;
    expect(owner?.owner).toBeTruthy();
    const definition = { query: { parcel: true, owner: owner!.owner }, fields: ['address'] };
    const { browser: free } = await signedInUser(app, sql, 'free');
    for (const caller of [new TestBrowser(app), free]) {
      const refused = await caller.post('/api/v1/sources', definition);
      expect(refused.status).toBe(403);
      expect(refused.json.error).toMatchObject({
        code: 'FORBIDDEN',
        message: ownerHighlightMessage,
        details: { upgrade: '/plans#p=level1' },
      });
      expect(refused.json.error.requestId).toBeTruthy();
    }

    const { browser: pro } = await signedInUser(app, sql, 'pro');
    const made = await pro.post('/api/v1/sources', definition);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const tilePath = `/api/v1/sources/${made.json.id}/${z}/${x}/${y}.mvt`;
    const tile = await pro.get(tilePath);
    expect(tile.status).toBeLessThan(300);
    expect(tile.headers.get('cache-control')).toMatch(/^private\b/);
    // The stored source's id is a hash anyone can compute: its TileJSON and tiles refuse them too.
    for (const caller of [new TestBrowser(app), free]) {
      expect((await caller.get(tilePath)).status).toBe(403);
      expect((await caller.get(`/api/v1/sources/${made.json.id}.json`)).status).toBe(403);
    }
  });
});
