// Provisions the test database once per `npm test`: system packages, a separate local cluster (or
// TEST_DATABASE_URL's server), a fresh database, migrations and the real data. Vitest calls this once
// per project, so the work is shared through a process-wide promise; tests read the URL via inject().
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
}

const shared = globalThis as typeof globalThis & { __parcelTestDb?: Promise<TestDatabase>; __parcelTestUsers?: number };

async function provision(): Promise<TestDatabase> {
  const config = loadConfig();
  const log = (line: string) => console.log(`[test setup] ${line}`);
  ensureSystemPackages([...serverPackages, ...exportPackages, ...browserPackages], log);
  // Each run gets its own database, so parallel runs (two checkouts, two developers) never collide.
  const database = `parcels_test_${process.pid}`;
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
    if (shared.__parcelTestUsers === 0) await dropTestDatabase(db);
  };
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
