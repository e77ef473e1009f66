// Gets a migrated database ready: the configured DATABASE_URL, or the project-local cluster (created
// and started on demand). Shared by npm start, npm run load/synth and the benchmark.
import { resolve } from 'node:path';
import { repoRoot } from '../paths.ts';
import type { Config } from '../config.ts';
import { ensureSystemPackages, exportPackages, serverPackages } from '../system/system-packages.ts';
import { ensureLocalCluster, type LocalCluster } from './local-cluster.ts';
import { createDb, ensureDatabase, type Sql } from './client.ts';
import { migrate, type MigrateResult } from './migrate.ts';
import { prepareServingRole } from './roles.ts';

export interface PreparedDatabase {
  /** The serving role's URL: the server's pools (no superuser, roles.ts). */
  url: string;
  /** The owner's URL: migrations, loading the real data, imports from the command line, backups. */
  ownerUrl: string;
  cluster?: LocalCluster;
  migration: MigrateResult;
}

export async function prepareDatabase(config: Config, log: (line: string) => void): Promise<PreparedDatabase> {
  let url = config.DATABASE_URL;
  let ownerUrl = config.MIGRATION_DATABASE_URL ?? url;
  let cluster: LocalCluster | undefined;
  // ogr2ogr writes the export files (features/commerce/exports/export-job.ts), whichever database serves.
  ensureSystemPackages(exportPackages, log);
  if (!url) {
    ensureSystemPackages(serverPackages, log);
    cluster = ensureLocalCluster({ dir: resolve(repoRoot, config.DATA_DIR, 'pg'), port: config.PG_PORT, log });
    ownerUrl = cluster.url('parcels');
    url = cluster.appUrl('parcels');
  } else {
    log(`using DATABASE_URL (${redact(url)})`);
    if (config.MIGRATION_DATABASE_URL) log(`migrating as MIGRATION_DATABASE_URL (${redact(ownerUrl!)})`);
  }
  await ensureDatabase(ownerUrl!);
  const sql = createDb(ownerUrl!, { max: 1 });
  try {
    const migration = await migrate(sql);
    log(
      migration.applied.length
        ? `applied migrations: ${migration.applied.join(', ')}`
        : `schema is current (version ${migration.version})`,
    );
    // The local cluster's serving role is ours to set up; an operator's keeps its password and attributes.
    await prepareServingRole(ownerUrl!, url, cluster !== undefined);
    return { url, ownerUrl: ownerUrl!, cluster, migration };
  } finally {
    await sql.end();
  }
}

export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export async function withDb<T>(url: string, work: (sql: Sql) => Promise<T>, max = 4): Promise<T> {
  const sql = createDb(url, { max });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}
