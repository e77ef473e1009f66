// The scale-out configuration, started for real (npm run test:cluster): primary + streaming replica,
// the app on the primary, two tile processes on the replica, nginx with proxy_cache in front.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Sql } from '../db/client.ts';
import { userOf } from '../db/roles.ts';
import { repoRoot } from '../paths.ts';
import { decodeTile, lonLatToTile } from '../testing/tiles.ts';
import { startCluster, type Cluster } from './cluster.ts';

const basePort = Number(process.env.CLUSTER_TEST_PORT ?? 18_480);
const dir = resolve(repoRoot, '.data/test-cluster');
let cluster: Cluster;
let primary: Sql;
let template: string;

const tilePath = (t: { z: number; x: number; y: number }) =>
  template
    .replace('{z}', String(t.z))
    .replace('{x}', String(t.x))
    .replace('{y}', String(t.y))
    .replace(/^https?:\/\/[^/]+/, '');

/** fetch() inflates gzip but keeps the header decodeTile reads: ask for plain MVT where we decode. */
const plain = (url: string) => fetch(url, { headers: { 'Accept-Encoding': 'identity' } });

async function tileJsonTemplate(): Promise<string> {
  const body = (await (await fetch(`${cluster.url}/api/v1/parcels?format=mvt`)).json()) as { tiles: string[] };
  return body.tiles[0]!;
}

beforeAll(async () => {
  cluster = await startCluster({ dir, basePort, tileProcesses: 2, log: (line) => console.log(`[cluster] ${line}`) });
  primary = createDb(cluster.primaryUrl, { max: 2 });
  template = await tileJsonTemplate();
});

afterAll(async () => {
  await primary?.end();
  await cluster?.stop();
});

describe('the scale-out cluster behind nginx', () => {
  it('serves tiles through nginx from both tile processes, and answers a repeated tile from its cache', async () => {
    const centre = lonLatToTile(-71.1097, 42.3736, 16);
    const upstreams = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await fetch(
        `${cluster.url}${tilePath({ z: 16, x: centre.x + (i % 4) - 2, y: centre.y + Math.floor(i / 4) })}`,
      );
      expect([200, 204]).toContain(res.status);
      expect(res.headers.get('x-cache-status')).toBe('MISS');
      upstreams.add(res.headers.get('x-upstream') ?? '');
      await res.arrayBuffer();
    }
    expect([...upstreams].sort()).toEqual(cluster.tilePorts.map((p) => `127.0.0.1:${p}`).sort());
    const again = await fetch(`${cluster.url}${tilePath({ ...centre, x: centre.x - 2 })}`);
    expect(again.headers.get('x-cache-status')).toBe('HIT');
  });

  it('bumps the version on a data reload at the primary, and the new URLs serve the new data from the replica, never a stale tile', async () => {
    const tile = lonLatToTile(-71.1097, 42.3736, 17);
    const before = await decodeTile(await plain(`${cluster.url}${tilePath(tile)}`), 'parcels');
    expect(before.length).toBeGreaterThan(0);
    const target = before[0]!;
    const oldTemplate = template;

    // A reload as the loaders do it: the data and the version bump commit together on the primary.
    await primary.begin(async (tx) => {
      await tx`UPDATE parcels SET owner = 'RELOADED OWNER' WHERE id = ${target.id}`;
      await tx`SELECT bump_layer_version('parcels')`;
    });
    // The app hears of the new version through LISTEN/NOTIFY, a few milliseconds after the commit.
    await expect.poll(tileJsonTemplate, { timeout: 5000 }).not.toBe(oldTemplate);
    template = await tileJsonTemplate();
    // Straight away, before any waiting for replication: each tile process must not answer the new
    // URL from older data, and nginx must not cache such an answer.
    const after = await plain(`${cluster.url}${tilePath(tile)}`);
    expect(after.status).toBe(200);
    expect(after.headers.get('x-cache-status')).toBe('MISS');
    const owners = new Map((await decodeTile(after, 'parcels')).map((f) => [f.id, f.properties.owner]));
    expect(owners.get(target.id)).toBe('RELOADED OWNER');
    // And the same from the other tile process (a neighbouring tile, so nginx has not cached it).
    const neighbour = await fetch(`${cluster.url}${tilePath({ ...tile, x: tile.x + 1 })}`);
    expect(neighbour.status).toBe(200);
    for (const port of cluster.tilePorts) {
      const direct = await plain(`http://127.0.0.1:${port}${tilePath(tile)}`);
      const directOwners = new Map((await decodeTile(direct, 'parcels')).map((f) => [f.id, f.properties.owner]));
      expect(directOwners.get(target.id)).toBe('RELOADED OWNER');
    }
  });

  it('counts the tiles that the tile processes on the read-only replica serve to an API token at the primary', async () => {
    // The cluster's data directory outlives a run: names of their own.
    const run = Date.now();
    const token = `pm_cluster-metering-${run}`;
    const [group] = await primary<{ id: string }[]>`
      INSERT INTO groups (name, slug, tier, api_token_hash, api_token_hint)
      VALUES (${`Cluster metering ${run}`}, ${`cluster-metering-${run}`}, 'free', ${createHash('sha256').update(token).digest()}, ${token.slice(-4)}) RETURNING id`;
    const centre = lonLatToTile(-71.1097, 42.3736, 16);
    const served = async (port: number, i: number) => {
      const res = await fetch(
        `http://127.0.0.1:${port}/api/v1/parcels/16/${centre.x + i}/${centre.y}.mvt?token=${token}`,
      );
      await res.arrayBuffer();
      return res.status;
    };
    // The tile processes know the token once the group row has been replayed on the replica.
    for (const port of cluster.tilePorts) await expect.poll(() => served(port, 0), { timeout: 20_000 }).not.toBe(401);
    let counted = 0;
    for (const port of cluster.tilePorts) {
      for (let i = 1; i <= 5; i++) {
        expect([200, 204]).toContain(await served(port, i));
        counted++;
      }
    }
    const usage = async () =>
      (
        await primary<
          { tiles: string }[]
        >`SELECT coalesce(sum(tiles), 0) AS tiles FROM api_usage WHERE group_id = ${group!.id}`
      )[0]!.tiles;
    // Every answered tile, the polls that found the token included, reaches the primary's api_usage.
    await expect
      .poll(async () => Number(await usage()), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(counted + cluster.tilePorts.length);
  });

  it('loses no request when one tile process is killed under load: nginx retries on the other and marks it down', async () => {
    const centre = lonLatToTile(-71.1097, 42.3736, 18);
    const tiles = Array.from({ length: 160 }, (_, i) => ({
      z: 18,
      x: centre.x - 8 + (i % 16),
      y: centre.y - 5 + Math.floor(i / 16),
    }));
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < tiles.length) {
        const t = tiles[next++]!;
        const res = await fetch(`${cluster.url}${tilePath(t)}`);
        await res.arrayBuffer();
        statuses.push(res.status);
        if (next === 40) cluster.tiles[0]!.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(statuses.length).toBe(tiles.length);
    expect(statuses.filter((s) => s !== 200 && s !== 204)).toEqual([]);
    const upstream = (await fetch(`${cluster.url}${tilePath({ z: 18, x: centre.x + 20, y: centre.y })}`)).headers.get(
      'x-upstream',
    );
    expect(upstream).toBe(`127.0.0.1:${cluster.tilePorts[1]}`);
  });

  it('serves from the primary and the replica as a role that is no superuser (security review Low 18)', async () => {
    const replica = createDb(cluster.replicaUrl, { max: 1 });
    try {
      for (const db of [primary, replica]) {
        const [me] = await db<{ rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean }[]>`
          SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user`;
        expect(me).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
        // Every connection of the app, the tile processes and their meters is the serving role's.
        const users = await db<{ usename: string }[]>`
          SELECT DISTINCT usename::text FROM pg_stat_activity WHERE application_name LIKE 'parcel-map%'`;
        expect(users.map((u) => u.usename)).toEqual([userOf(cluster.primaryUrl)]);
      }
    } finally {
      await replica.end();
    }
  });
});
