// Provisions the test database once per `npm test`: system packages, a separate local cluster (or
// TEST_DATABASE_URL's server), a fresh database, migrations and the real data. Vitest calls this once
// per project, so the work is shared through a process-wide promise; tests read the URL via inject().
// npm test starts two vitest runs side by side (the one-at-a-time browser tests and the rest) with
// the same TEST_RUN_ID: the first provisions, the second reuses the database, the last one out (or
// the one that finds the other gone) drops it. A lock folder under DATA_DIR orders them, which also
// keeps two runs from creating the cluster at once.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { createDb, maintenanceUrl, recreateDatabase } from '../db/client.ts';
import { ensureLocalCluster, type LocalCluster } from '../db/local-cluster.ts';
import { migrate } from '../db/migrate.ts';
import { repoRoot } from '../paths.ts';
import { browserPackages, ensureSystemPackages, exportPackages, serverPackages } from '../system/system-packages.ts';
import { loadRealData } from '@parcel-map/tileserver/data/load-real-data';

interface TestDatabase {
  url: string;
  cluster?: LocalCluster;
  /** The run id when several vitest runs share this database. */
  runId?: string;
}

/** What the vitest runs of one TEST_RUN_ID know of their shared database (a JSON file under DATA_DIR). */
interface SharedRun {
  url: string;
  /** Process ids of the vitest runs using it: a run killed before its teardown does not keep it alive. */
  users: number[];
  clusterStartedHere: boolean;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const shared = globalThis as typeof globalThis & { __parcelTestDb?: Promise<TestDatabase>; __parcelTestUsers?: number };

const runsDir = () => resolve(repoRoot, loadConfig().DATA_DIR, 'test-runs');
const runFile = (runId: string) => resolve(runsDir(), `${runId}.json`);

/** Runs `work` while holding the lock of the run id; a lock older than 30 minutes is left over from a killed run. */
async function withRunLock<T>(runId: string, work: () => Promise<T>): Promise<T> {
  const lock = resolve(runsDir(), `${runId}.lock`);
  mkdirSync(runsDir(), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 30 * 60_000) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function provision(): Promise<TestDatabase> {
  const runId = loadConfig().TEST_RUN_ID;
  if (!runId) return provisionDatabase(`parcels_test_${process.pid}`);
  return withRunLock(runId, async () => {
    const known = readShared(runId);
    if (known) {
      writeFileSync(runFile(runId), JSON.stringify({ ...known, users: [...known.users.filter(alive), process.pid] } satisfies SharedRun));
      return { url: known.url, runId };
    }
    const db = await provisionDatabase(`parcels_test_${runId}`);
    writeFileSync(runFile(runId), JSON.stringify({ url: db.url, users: [process.pid], clusterStartedHere: db.cluster?.startedHere ?? false } satisfies SharedRun));
    return { ...db, runId };
  });
}

function readShared(runId: string): SharedRun | undefined {
  try {
    return JSON.parse(readFileSync(runFile(runId), 'utf8')) as SharedRun;
  } catch {
    return undefined;
  }
}

async function provisionDatabase(database: string): Promise<TestDatabase> {
  const config = loadConfig();
  const log = (line: string) => console.log(`[test setup] ${line}`);
  ensureSystemPackages([...serverPackages, ...exportPackages, ...browserPackages], log);
  // Each run gets its own database, so parallel runs (two checkouts, two developers) never collide.
  let url: string;
  let cluster: LocalCluster | undefined;
  if (config.TEST_DATABASE_URL) {
    const base = new URL(config.TEST_DATABASE_URL);
    base.pathname = `/${database}`;
    url = base.toString();
  } else {
    cluster = ensureLocalCluster({ dir: resolve(repoRoot, config.DATA_DIR, 'test-pg'), port: config.TEST_PG_PORT, fast: true, log });
    url = cluster.url(database);
  }
  await recreateDatabase(url);
  const sql = createDb(url, { max: 4 });
  try {
    await migrate(sql);
    const started = performance.now();
    await loadRealData(sql, { force: true, log: () => {} });
    log(`real data loaded in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await sql.end();
  }
  return { url, cluster };
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.__parcelTestDb ??= provision();
  shared.__parcelTestUsers = (shared.__parcelTestUsers ?? 0) + 1;
  const db = await shared.__parcelTestDb;
  project.provide('databaseUrl', db.url);
  project.provide('adminDatabaseUrl', maintenanceUrl(db.url).adminUrl);
  return async () => {
    shared.__parcelTestUsers = (shared.__parcelTestUsers ?? 1) - 1;
    if (shared.__parcelTestUsers === 0) await leave(db);
  };
}

/** The last vitest run of a TEST_RUN_ID (or a run of its own) drops the database. */
async function leave(db: TestDatabase): Promise<void> {
  const runId = db.runId;
  if (!runId) return dropTestDatabase(db);
  await withRunLock(runId, async () => {
    const known = readShared(runId);
    const others = known?.users.filter((pid) => pid !== process.pid && alive(pid)) ?? [];
    if (known && others.length) {
      writeFileSync(runFile(runId), JSON.stringify({ ...known, users: others } satisfies SharedRun));
      return;
    }
    rmSync(runFile(runId), { force: true });
    // The run that started the test cluster may finish first: whoever drops the database stops it.
    const config = loadConfig();
    const cluster = known?.clusterStartedHere && !config.TEST_DATABASE_URL
      ? { ...ensureLocalCluster({ dir: resolve(repoRoot, config.DATA_DIR, 'test-pg'), port: config.TEST_PG_PORT, fast: true, log: () => {} }), startedHere: true }
      : undefined;
    await dropTestDatabase(cluster ? { url: db.url, cluster } : { url: db.url });
  });
}

async function dropTestDatabase(db: TestDatabase): Promise<void> {
  const { adminUrl, database } = maintenanceUrl(db.url);
  const admin = createDb(adminUrl, { max: 1 });
  let othersRunning = true;
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    const [row] = await admin`SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'parcels\_test\_%' OR datname LIKE 'scratch\_%'`;
    othersRunning = (row?.n ?? 0) > 0;
  } finally {
    await admin.end();
  }
  // Stop the test cluster when this run started it and no other run still uses it.
  if (db.cluster?.startedHere && !othersRunning) db.cluster.stop();
}
