// The sources API's bounds: POST rate and daily quota per caller, a bounded registry of compiled
// sources, a bounded number of prepared statements per connection, owners' listings with keyset pages.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { createDb } from '../../../db/client.ts';
import { QueryGate } from '../../../db/query-gate.ts';
import { TileCache } from '../../../tiles/tile-cache.ts';
import { TileRenderer } from '../../../tiles/tile-renderer.ts';
import { sourceId } from '../../../tiles/definition/source-id.ts';
import { saveSource } from './queries.ts';
import { SourceRegistry } from './registry.ts';
import { validateDefinition } from '../../../tiles/definition/validate.ts';

const sql = testDb();
afterAll(() => sql.end());

/** A definition no other test posts: a filter on a value unique to this run and index. */
const distinct = (tag: string, i: number) => ({
  query: { parcel: true, filters: { zoning: [`${tag}-${process.pid}-${i}`] } },
});

function appWith(env: Record<string, string>) {
  return createApp({ config: loadConfig({ ADMIN_TOKEN: admin, ...env }), sql, logger: createLogger('silent') });
}
const admin = 'a'.repeat(32);
let clients = 0;
/** A client address of its own for each use, as the TCP peer the node server would report. */
const newClient = () => `198.51.${process.pid % 250}.${++clients}`;
const as = (client: string) => ({ incoming: { socket: { remoteAddress: client } } });
const post = (app: ReturnType<typeof appWith>, body: unknown, client: string, token = 'public') =>
  app.request(
    `/api/v1/sources?token=${token}`,
    { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } },
    as(client),
  );
const list = (app: ReturnType<typeof appWith>, client: string, query: string) =>
  app.request(`/api/v1/sources?${query}`, {}, as(client));

describe('source limits', () => {
  it('answers POSTs over the per-minute rate with 429 JSON and Retry-After', async () => {
    const app = appWith({ SOURCE_POSTS_PER_MINUTE: '3' });
    const client = newClient();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(app, distinct('rate', i), client)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await post(app, distinct('rate', 9), client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/3 source definitions a minute/),
    });
    // Another client is not held back by the first one's rate.
    expect((await post(app, distinct('rate', 10), newClient())).status).toBe(200);
  });

  it('stops a caller at its daily quota of new sources but still answers its own sources', async () => {
    const app = appWith({ SOURCES_PER_DAY: '2' });
    const client = newClient();
    const first = [];
    for (let i = 0; i < 2; i++) first.push((await post(app, distinct('quota', i), client)).status);
    expect(first).toEqual([200, 200]);
    const refused = await post(app, distinct('quota', 99), client);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(/2 new sources a day/);
    // Posting a definition it already owns is not a new source.
    expect((await post(app, distinct('quota', 0), client)).status).toBe(200);
    // The admin has no daily quota.
    expect((await post(app, distinct('quota-admin', 1), client, admin)).status).toBe(200);
  });

  it("lists only the caller's own sources, all of them to the admin, in keyset pages without repeats", async () => {
    const app = appWith({});
    const client = newClient();
    const theirs: string[] = [];
    for (let i = 0; i < 3; i++)
      theirs.push((await (await post(app, distinct('list-admin', i), client, admin)).json()).id);
    const own: string[] = [];
    for (let i = 0; i < 3; i++) own.push((await (await post(app, distinct('list-own', i), client)).json()).id);

    const anonymous = await (await list(app, client, 'limit=200')).json();
    expect(anonymous.sources.map((s: { id: string }) => s.id).sort()).toEqual([...own].sort());
    expect(anonymous.next).toBeNull();
    const someoneElse = await (await list(app, newClient(), 'limit=200')).json();
    expect(someoneElse.sources).toEqual([]);

    const seen: string[] = [];
    let after = '';
    for (let page = 0; page < 1000; page++) {
      const res = await list(app, client, `token=${admin}&limit=50${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.sources.length).toBeLessThanOrEqual(50);
      seen.push(...body.sources.map((s: { id: string }) => s.id));
      if (!body.next) break;
      after = body.next;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of [...own, ...theirs]) expect(seen).toContain(id);
    expect((await list(app, client, 'after=bm90LWEtY3Vyc29y')).status).toBe(400);
  });
});

describe('the source registry', () => {
  it('keeps at most SOURCE_REGISTRY_MAX compiled sources and recompiles evicted ones from storage', async () => {
    const registry = new SourceRegistry(sql, { maxCompiled: 2, maxPrepared: 2 });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const definition = validateDefinition(distinct('registry', i));
      const id = sourceId(definition);
      await saveSource(sql, id, definition, 'anonymous', 'test:registry');
      registry.remember(id, definition);
      ids.push(id);
    }
    expect(registry.sizes.compiled).toBe(2);
    const again = await registry.get(ids[0]!);
    expect(again?.id).toBe(ids[0]);
    expect(registry.sizes.compiled).toBe(2);
  });

  it('prepares at most SOURCE_PREPARED_MAX source statements on a connection, however many sources are hot', async () => {
    const one = createDb(inject('databaseUrl'), { max: 1 });
    try {
      const registry = new SourceRegistry(one, { maxCompiled: 100, maxPrepared: 2 });
      const renderer = new TileRenderer(
        one,
        new TileCache(0),
        new QueryGate({ name: 'tiles', concurrency: 1, maxQueue: 10, maxWaitMs: 10_000 }),
      );
      for (let i = 0; i < 6; i++) {
        const definition = validateDefinition(distinct('prepared', i));
        const id = sourceId(definition);
        await saveSource(one, id, definition, 'anonymous', 'test:prepared');
        const source = registry.remember(id, definition);
        for (let y = 0; y < 20; y++)
          await renderer.tile(
            `source:${id}@t`,
            source.statement,
            { z: 16, x: 19818, y: 24240 + y },
            { prepare: registry.use(source) },
          );
      }
      const [row] = await one<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%ST_AsMVT%' AND statement NOT LIKE '%pg_prepared_statements%'`;
      expect(row!.n).toBe(2);
      expect(registry.sizes.prepared).toBe(2);
    } finally {
      await one.end();
    }
  });
});
