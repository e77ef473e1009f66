// The owner highlight (query.owner) is a Pro feature on the server as in the viewer: callers below Pro
// posting it, or reading a stored source that uses it, get 403 JSON; Pro callers get the source, and
// its tiles are private (a session's tile URL is the anonymous one). The highlight matches owners by
// their grouping key (sql/functions/owner-key.sql): every published spelling of the owner is lit.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { decodeTile, lonLatToTile } from '../../../testing/tiles.ts';
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

  it('lights every published spelling of the owner, in its tiles, its extent and as the viewer’s owner filter', async () => {
    // Somerville's data spells one trustee "NOLAN ROSEMARY TRSTEE" and "NOLAN ROSEMARY TRUSTEE".
    const parcels = await sql<{ id: string; owner: string; lon: number; lat: number }[]>`
      SELECT id, owner, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat
      FROM parcels WHERE upper(owner) IN ('NOLAN ROSEMARY TRSTEE', 'NOLAN ROSEMARY TRUSTEE') ORDER BY id`;
    expect(new Set(parcels.map((p) => p.owner)).size).toBe(2);
    const ids = parcels.map((p) => Number(p.id));
    const { browser: pro } = await signedInUser(app, sql, 'pro');
    // A third spelling, typed: comma, mixed case, the word in full.
    for (const query of [
      { parcel: true, owner: 'Nolan, Rosemary Trustee' },
      { parcel: true, path: '/us/ma/middlesex/somerville', filters: { owner: ['NOLAN ROSEMARY TRSTEE'] } },
    ]) {
      const made = await pro.post('/api/v1/sources', { query, fields: ['owner'] });
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      const extent = await pro.get(`/sources/${made.json.id}/extent.json`);
      expect(extent.status).toBe(200);
      expect(extent.json.parcels).toBe(parcels.length);
      const tiles = new Map(
        parcels.map((p) => {
          const t = lonLatToTile(p.lon, p.lat, 16);
          return [`${t.z}/${t.x}/${t.y}`, t] as const;
        }),
      );
      const lit = new Map<number, unknown>();
      const cookie = [...pro.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const template = made.json.tiles[0] as string;
      for (const t of tiles.values()) {
        const url = new URL(template.replace('{z}', `${t.z}`).replace('{x}', `${t.x}`).replace('{y}', `${t.y}`));
        const tile = await app.request(url.pathname + url.search, { headers: { Cookie: cookie } });
        expect(tile.status).toBe(200);
        for (const f of await decodeTile(tile, 'parcels')) lit.set(f.id, f.properties.owner);
      }
      expect([...lit.keys()].sort((a, b) => a - b)).toEqual(ids);
      // The tiles carry the owner as published, each parcel its own spelling.
      expect(new Set(lit.values())).toEqual(new Set(parcels.map((p) => p.owner)));
    }
  });
});
