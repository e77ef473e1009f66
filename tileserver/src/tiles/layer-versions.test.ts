import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, type Sql } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { startChildServer } from '../testing/child-server.ts';
import { ownerTestDb, scratchDatabase, testDb } from '../testing/db.ts';
import { LayerVersions, parseVersionNotice } from './layer-versions.ts';

const adminToken = 'layer-versions-test-admin-token-0123456789';
const sql = testDb();
// The scratch database below is the owner's: only the owner alters it and sees its sessions' statements.
const owner = ownerTestDb(1);
const app = createApp({ config: loadConfig({ ADMIN_TOKEN: adminToken }), sql, logger: createLogger('silent') });
afterAll(async () => {
  await sql.end();
  await owner.end();
});

async function eventually(check: () => Promise<boolean> | boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const listenBackends = (db: Sql, application: string) =>
  db<
    { pid: number }[]
  >`SELECT pid FROM pg_stat_activity WHERE application_name = ${application} AND query ILIKE 'listen%'`;

describe('reading version notices', () => {
  it('splits a source notice on its last colon, so the layer keeps its id', () => {
    expect(parseVersionNotice('source:0123456789abcdef0123:7')).toEqual({
      layer: 'source:0123456789abcdef0123',
      version: 7,
    });
    expect(parseVersionNotice('parcels:12')).toEqual({ layer: 'parcels', version: 12 });
  });

  it('ignores payloads without a whole version (echoes, garbage)', () => {
    for (const payload of ['echo:9f3a', 'parcels:', ':3', 'parcels', 'parcels:1.5', 'parcels:-2'])
      expect(parseVersionNotice(payload)).toBeUndefined();
  });
});

describe('source cache purges across processes', () => {
  it('a purge handled by one server changes the version another tile server (role tiles) serves', async () => {
    const child = await startChildServer({ ADMIN_TOKEN: adminToken });
    try {
      const definition = {
        query: { parcel: true },
        fields: ['address'],
        styles: [{ field: 'parval', predicate: 'gte', value: '4242', fill: '#123456', line: '#654321' }],
      };
      const created = await app.request('/api/v1/sources?token=public', {
        method: 'POST',
        body: JSON.stringify(definition),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(created.status, await created.clone().text()).toBe(200);
      const { id } = (await created.json()) as { id: string };
      const sourceVersion = async () => {
        const tilejson = (await (await fetch(`${child.origin}/api/v1/sources/${id}.json?token=public`)).json()) as {
          tiles: string[];
        };
        return Number(new URL(tilejson.tiles[0]!.replace(/[{}]/g, '')).searchParams.get('v')!.split('.')[1]);
      };
      const before = await sourceVersion();
      const purge = await app.request(`/api/v1/sources/${id}/cache?token=${adminToken}`, { method: 'DELETE' });
      expect(purge.status).toBe(200);
      // Well inside the 45 s re-read: only the notification can have carried it.
      expect(await eventually(async () => (await sourceVersion()) === before + 1, 5000)).toBe(true);
    } finally {
      await child.stop();
    }
  });
});

describe('versions after the database connection drops', () => {
  it('re-reads the versions when LISTEN reconnects, so a bump made while disconnected is not lost', async () => {
    const application = 'versions-reconnect-test';
    const db = createDb(inject('databaseUrl'), { max: 2, applicationName: application });
    const versions = new LayerVersions(db);
    try {
      await versions.get('parcels');
      const layer = `test:reconnect:${Date.now()}`;
      await sql.begin(async (tx) => {
        await tx`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${application} AND query ILIKE 'listen%'`;
        await tx`SELECT bump_layer_version(${layer})`;
      });
      expect(await eventually(() => versions.current(layer) === 1, 5000)).toBe(true);
    } finally {
      versions.stop();
      await db.end();
    }
  });

  it('subscribes again when the reconnect failed (database refusing connections), and catches up', async () => {
    const scratch = await scratchDatabase();
    const application = 'versions-lost-listener-test';
    const db = createDb(scratch.url, { max: 2, applicationName: application });
    const versions = new LayerVersions(db, 250);
    const name = new URL(scratch.url).pathname.slice(1);
    try {
      await migrate(scratch.sql);
      await versions.get('parcels');
      await owner.unsafe(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await owner`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${application}`;
      await scratch.sql`SELECT bump_layer_version('test:while-down')`;
      await new Promise((r) => setTimeout(r, 600));
      await owner.unsafe(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      expect(await eventually(() => versions.current('test:while-down') === 1, 5000)).toBe(true);
      expect(await eventually(async () => (await listenBackends(owner, application)).length === 1, 5000)).toBe(true);
    } finally {
      await owner.unsafe(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      versions.stop();
      await db.end();
      await scratch.drop();
    }
  });
});

/** Counts re-reads of the versions table (each one is a query to PostgreSQL). */
class CountingVersions extends LayerVersions {
  rereads = 0;
  override async refresh(): Promise<void> {
    this.rereads++;
    return super.refresh();
  }
}

describe('tile requests waiting for a version this process has not seen', () => {
  it('share one re-read of the versions per wait step, however many of them wait', async () => {
    const versions = new CountingVersions(sql);
    const known = await versions.get('parcels');
    const before = versions.rereads;
    // 50 requests naming a version far ahead (a URL anyone can write): each re-read is a query, so
    // 50 pollers each re-reading every 50 ms put 50 times the load on the database for as long as they wait.
    const waits = await Promise.all(
      Array.from({ length: 50 }, () => versions.atLeast('parcels', known + 1_000_000, 500)),
    );
    expect(waits.every((v) => v === undefined)).toBe(true);
    // 500 ms / 50 ms = 10 steps; a margin for timer drift, far below 50 x 10.
    expect(versions.rereads - before).toBeLessThanOrEqual(15);
    versions.stop();
  });
});
