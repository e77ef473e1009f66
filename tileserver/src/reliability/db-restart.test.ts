// PostgreSQL restarts under load. The test runs a throw-away cluster of its own (restarting the shared
// test cluster would break the test files running beside it), serves the app over it, keeps eight
// clients busy with reads, writes and tiles, and restarts the cluster in the middle. Asserted: no
// answer is a 5xx other than 503 JSON with Retry-After, the app recovers by itself (same process, same
// pools), every write that was acknowledged is in the database afterwards, and LISTEN/NOTIFY works
// again: a layer version bumped after the restart reaches the tile cache's versions by notification.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, ensureDatabase, type Sql } from '../db/client.ts';
import { ensureLocalCluster, pgBin, type LocalCluster } from '../db/local-cluster.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { createServices } from '../services.ts';
import type { TileContext } from '../tiles/tile-context.ts';
import { freePort } from '../system/free-port.ts';

let dir: string;
let cluster: LocalCluster;
let sql: Sql;
let control: Sql;
let tiles: TileContext;
let app: Hono;

/** pg_ctl restart, as the cluster's owner (the postgres user when tests run as root); async, so requests keep flowing. */
function restartCluster(): Promise<number> {
  const started = performance.now();
  const args = [
    `${pgBin()}/pg_ctl`,
    '-D',
    cluster.dir,
    '-l',
    `${cluster.dir}/server.log`,
    '-m',
    'fast',
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${cluster.port}`,
    'restart',
  ];
  const [command, ...rest] = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;
  return new Promise((done, fail) => {
    const child = spawn(command!, rest, { stdio: 'ignore', cwd: '/' });
    child.on('exit', (code) =>
      code === 0 ? done(performance.now() - started) : fail(new Error(`pg_ctl restart failed (${code})`)),
    );
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'restart-pg-'));
  // The postgres user must reach the cluster folder when tests run as root.
  chmodSync(dir, 0o755);
  cluster = ensureLocalCluster({ dir: join(dir, 'pg'), port: await freePort(), fast: true });
  const url = cluster.url('parcels');
  await ensureDatabase(url);
  control = createDb(url, { max: 1 });
  await migrate(control);
  const config = loadConfig({ DATA_DIR: join(dir, 'data'), QUEUE_WAIT_MS: '2000' });
  sql = createDb(url, { max: 4, statementTimeoutMs: config.TILE_QUERY_TIMEOUT_MS });
  const services = createServices({
    config,
    sql,
    tileSql: createDb(url, { max: 4, statementTimeoutMs: config.TILE_QUERY_TIMEOUT_MS }),
    logger: createLogger('silent'),
  });
  tiles = services.tiles;
  app = createApp(services);
}, 180_000);

afterAll(async () => {
  tiles?.versions.stop();
  await Promise.allSettled([sql?.end({ timeout: 1 }), control?.end({ timeout: 1 }), tiles?.sql.end({ timeout: 1 })]);
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  kind: string;
  status: number;
  at: number;
  retryAfter: string | null;
  shapeOk: boolean;
  message?: string;
  ms: number;
}

describe('a database restart under load', () => {
  it('answers 503 JSON (never 500) during the restart, recovers by itself, loses no acknowledged write, and gets notifications again', async () => {
    const before = await tiles.versions.get('parcels');
    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    let running = true;
    let n = 0;
    const t0 = performance.now();

    const worker = async (w: number) => {
      while (running) {
        const i = n++;
        const kind = ['search', 'write', 'session', 'tile'][i % 4]!;
        const text = `restart-${process.pid}-${w}-${i}`;
        const remoteAddress = `198.51.${w}.${(i % 250) + 1}`;
        let res: Response;
        const sent = performance.now();
        if (kind === 'write') {
          res = await app.request(
            '/search/feedback',
            {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ feedback: { query: text } }),
            },
            { incoming: { socket: { remoteAddress } } },
          );
        } else {
          const path =
            kind === 'search'
              ? '/search.json?q=cambridge'
              : kind === 'session'
                ? '/api/v1/session.json'
                : `/api/v1/parcels/14/${4955 + (i % 50)}/6059.mvt?token=public`;
          res = await app.request(path, {}, { incoming: { socket: { remoteAddress } } });
        }
        const body = res.headers.get('content-type')?.includes('json')
          ? await res.json().catch(() => undefined)
          : await res.arrayBuffer().then(() => undefined);
        const shapeOk =
          res.status < 400 || (typeof body?.error?.code === 'string' && typeof body?.error?.message === 'string');
        outcomes.push({
          kind,
          status: res.status,
          at: performance.now() - t0,
          retryAfter: res.headers.get('retry-after'),
          shapeOk,
          message: body?.error?.message,
          ms: performance.now() - sent,
        });
        if (kind === 'write' && res.status < 300) acknowledged.push(text);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));

    await new Promise((r) => setTimeout(r, 1500));
    const restartStarted = performance.now() - t0;
    const restartMs = await restartCluster();
    const restartEnded = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 4000));
    running = false;
    await Promise.all(workers);

    const during = outcomes.filter((o) => o.at >= restartStarted && o.at <= restartEnded + 1000);
    const unavailable = outcomes.filter((o) => o.status === 503);
    console.log(
      `restart: ${outcomes.length} requests, restart took ${Math.round(restartMs)} ms, ${during.length} in it, ${unavailable.length} answered 503, 5xx other than 503: ${outcomes.filter((o) => o.status >= 500 && o.status !== 503).length}, acknowledged writes ${acknowledged.length}`,
    );

    expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
    expect(outcomes.filter((o) => !o.shapeOk)).toEqual([]);
    for (const o of unavailable) expect(Number(o.retryAfter)).toBeGreaterThan(0);
    // Recovered without a restart of the app: each kind of request succeeds again, now.
    for (const path of [
      '/search.json?q=cambridge',
      '/api/v1/session.json',
      '/api/v1/parcels/14/4955/6059.mvt?token=public',
    ]) {
      expect((await app.request(path)).status, path).toBeLessThan(300);
    }
    const write = await app.request('/search/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ feedback: { query: `after-${process.pid}` } }),
    });
    expect(write.status).toBeLessThan(300);
    const slowest = outcomes.reduce((m, o) => Math.max(m, o.ms), 0);
    const late = outcomes.filter((o) => o.status === 503 && o.at - o.ms > restartEnded + 1000);
    console.log(
      `restart: slowest answer ${Math.round(slowest)} ms; 503s to requests started over 1 s after the restart: ${late.length}`,
    );

    // Every acknowledged write is there.
    const [stored] = await control<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM search_feedback WHERE query = ANY(${acknowledged})`;
    expect(stored!.n).toBe(acknowledged.length);
    expect(acknowledged.length).toBeGreaterThan(10);

    // A version bumped now reaches the app by notification, well before its 45-second re-read.
    await control`SELECT bump_layer_version('parcels')`;
    await expect
      .poll(() => tiles.versions.current('parcels'), { timeout: 5000, interval: 100 })
      .toBeGreaterThan(before);
  }, 180_000);
});
