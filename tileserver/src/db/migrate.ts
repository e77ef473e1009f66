// Forward-only migrations: sql/migrations/NNNNN_name.sql applied in order, all pending ones in one
// transaction, recorded in schema_migrations; then sql/functions/*.sql re-applied (CREATE OR REPLACE).
// A migration that builds on a function (an expression index) names its file in a header line,
// `-- requires: functions/owner-key.sql`, and that file is applied just before it: on a fresh
// database the functions otherwise come only after every migration.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Sql } from './client.ts';

export const defaultSqlDir = resolve(import.meta.dirname, '../../../sql');

const migrationName = /^(\d{5})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  file: string;
  sql: string;
  /** Function files (names in sql/functions) this migration's SQL needs to exist first. */
  requires: string[];
}

const requiresLine = /^-- requires: functions\/([a-z0-9-]+\.sql)\s*$/gm;

export interface MigrateResult {
  applied: string[];
  version: number;
  functions: number;
}

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`Migration ${file} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const migrations = files.map((file, index) => {
    const match = migrationName.exec(file);
    if (!match) throw new Error(`Migration file name ${file} does not match NNNNN_name.sql`);
    const version = Number(match[1]);
    if (version !== index + 1)
      throw new Error(`Migrations must be contiguous from 00001: ${file} is number ${index + 1}`);
    const text = readFileSync(join(dir, file), 'utf8');
    const requires = [...text.matchAll(requiresLine)].map((m) => m[1]!);
    return { version, file, sql: text, requires };
  });
  return migrations;
}

// Migrations are serialised across processes (tests, npm start) with an advisory lock; the serving role's
// grants (roles.ts) take it too, since a GRANT ON ALL FUNCTIONS beside a re-applied function deadlocks.
export const migrationLockKey = 727_100_001;
const LOCK_KEY = migrationLockKey;

export async function migrate(sql: Sql, sqlDir: string = defaultSqlDir): Promise<MigrateResult> {
  const migrations = readMigrations(join(sqlDir, 'migrations'));
  const functionsDir = join(sqlDir, 'functions');
  const functionFiles = existsSync(functionsDir)
    ? readdirSync(functionsDir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];

  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${LOCK_KEY})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set(
      (await tx<{ version: number }[]>`SELECT version FROM schema_migrations`).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      try {
        for (const name of migration.requires) await tx.unsafe(readFileSync(join(functionsDir, name), 'utf8'));
        await tx.unsafe(migration.sql);
      } catch (error) {
        throw new MigrationError(migration.file, error);
      }
      await tx`INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, ${migration.file})`;
      applied.push(migration.file);
    }
    for (const file of functionFiles) {
      try {
        await tx.unsafe(readFileSync(join(functionsDir, file), 'utf8'));
      } catch (error) {
        throw new MigrationError(`functions/${file}`, error);
      }
    }
    const [row] = await tx<{ version: number | null }[]>`SELECT max(version) AS version FROM schema_migrations`;
    return { applied, version: row?.version ?? 0, functions: functionFiles.length };
  }) as Promise<MigrateResult>;
}

export async function migrationVersion(sql: Sql): Promise<number> {
  const [exists] = await sql`SELECT to_regclass('schema_migrations') IS NOT NULL AS found`;
  if (!exists?.found) return 0;
  const [row] = await sql<{ version: number | null }[]>`SELECT max(version) AS version FROM schema_migrations`;
  return row?.version ?? 0;
}
