// Provisions the test database once per `npm test`: system packages, a separate local cluster (or
// TEST_DATABASE_URL's server), a fresh database, migrations and the real data. Vitest calls this once
// per project, so the work is shared through a process-wide promise; tests read the URL via inject().
// npm test starts two vitest runs side by side (bin/run-tests.mjs): a lock folder under DATA_DIR keeps
// them from installing packages and creating the test cluster at the same time.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { createDb, maintenanceUrl, recreateDatabase } from '../db/client.ts';
import { ensureLocalCluster, type LocalCluster } from '../db/local-cluster.ts';
import { migrate } from '../db/migrate.ts';
import { appRoleName, appRolePassword, prepareServingRole, urlAs } from '../db/roles.ts';
import { repoRoot } from '../paths.ts';
import { browserPackages, ensureSystemPackages, exportPackages, serverPackages } from '../system/system-packages.ts';
import { loadRealData } from '@parcel-map/tileserver/data/load-real-data';
import { processAlive } from '../system/process-alive.ts';

interface TestDatabase {
  /** The serving role's URL (no superuser, db/roles.ts): what tests and their servers connect as. */
  url: string;
  /** The owner's URL: migrations, the real data, and tests that change the schema. */
  ownerUrl: string;
  cluster?: LocalCluster;
}

const shared = globalThis as typeof globalThis & { __parcelTestDb?: Promise<TestDatabase>; __parcelTestUsers?: number };

/** Runs `work` while holding the setup lock; a lock older than 10 minutes is left over from a killed run. */
async function withSetupLock<T>(dataDir: string, work: () => T | Promise<T>): Promise<T> {
  const lock = resolve(dataDir, 'test-setup.lock');
  mkdirSync(dataDir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

const dataDirOf = () => resolve(repoRoot, loadConfig().DATA_DIR);

async function provision(): Promise<TestDatabase> {
  const config = loadConfig();
  const log = (line: string) => console.log(`[test setup] ${line}`);
  const dataDir = resolve(repoRoot, config.DATA_DIR);
  // Each run gets its own database, so parallel runs (npm test's two, two checkouts) never collide. It is made
  // under the lock too, so a run that ends meanwhile sees it and leaves the shared cluster running.
  const database = `parcels_test_${process.pid}`;
  const { url: ownerUrl, cluster } = await withSetupLock(dataDir, async () => {
    ensureSystemPackages([...serverPackages, ...exportPackages, ...browserPackages], log);
    const cluster = config.TEST_DATABASE_URL
      ? undefined
      : ensureLocalCluster({ dir: resolve(dataDir, 'test-pg'), port: config.TEST_PG_PORT, fast: true, log });
    let url: string;
    if (config.TEST_DATABASE_URL) {
      const base = new URL(config.TEST_DATABASE_URL);
      base.pathname = `/${database}`;
      url = base.toString();
    } else {
      url = cluster!.url(database);
    }
    await recreateDatabase(url);
    return { url, cluster };
  });
  // The serving role of the test cluster as of npm start's; on TEST_DATABASE_URL's server the same role,
  // its password derived from the owner's.
  const url = cluster
    ? cluster.appUrl(database)
    : urlAs(ownerUrl, appRoleName, appRolePassword(decodeURIComponent(new URL(ownerUrl).password) || database));
  const sql = createDb(ownerUrl, { max: 4 });
  try {
    await migrate(sql);
    // Made under the setup lock: both runs of npm test would otherwise alter the one role together.
    await withSetupLock(dataDir, () => prepareServingRole(ownerUrl, url, true));
    const started = performance.now();
    await loadRealData(sql, { force: true, log: () => {} });
    log(`real data loaded in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await sql.end();
  }
  return { url, ownerUrl, cluster };
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.__parcelTestDb ??= provision();
  shared.__parcelTestUsers = (shared.__parcelTestUsers ?? 0) + 1;
  const db = await shared.__parcelTestDb;
  project.provide('databaseUrl', db.url);
  project.provide('ownerDatabaseUrl', db.ownerUrl);
  project.provide('adminDatabaseUrl', maintenanceUrl(db.ownerUrl).adminUrl);
  return async () => {
    shared.__parcelTestUsers = (shared.__parcelTestUsers ?? 1) - 1;
    if (shared.__parcelTestUsers === 0) await withSetupLock(dataDirOf(), () => dropTestDatabase(db));
  };
}

async function dropTestDatabase(db: TestDatabase): Promise<void> {
  const { adminUrl, database } = maintenanceUrl(db.ownerUrl);
  const admin = createDb(adminUrl, { max: 1 });
  let othersRunning = true;
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    const rows = await admin<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE datname LIKE 'parcels\_test\_%' OR datname LIKE 'scratch\_%'`;
    // A run's database carries its process id: one left by a killed run keeps nothing running.
    othersRunning = rows.some(
      ({ datname }) => !datname.startsWith('parcels_test_') || processAlive(Number(datname.slice(13))),
    );
  } finally {
    await admin.end();
  }
  // The last run to finish stops the test cluster (its own folder, used by tests only), whichever run started it.
  if (db.cluster && !othersRunning) db.cluster.stop();
}
