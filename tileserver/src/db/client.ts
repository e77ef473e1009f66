// The PostgreSQL client (postgres.js). Tile-friendly session settings are applied on every connection.
import postgres from 'postgres';

export type Sql = postgres.Sql<Record<string, never>>;

/**
 * Runs `work` in one transaction (committed when it resolves, rolled back when it throws). postgres.js
 * types the transaction apart from the pool, though it answers the same tagged-template calls; handing
 * it over as a Sql here lets every query function take either.
 */
export async function transaction<T>(sql: Sql, work: (tx: Sql) => Promise<T>): Promise<T> {
  return (await sql.begin((tx) => work(tx as unknown as Sql))) as T;
}

export interface DbOptions {
  max?: number;
  /** Milliseconds before a statement is cancelled (0 = none). */
  statementTimeoutMs?: number;
  applicationName?: string;
}

export function createDb(url: string, options: DbOptions = {}): Sql {
  return postgres(url, {
    max: options.max ?? 8,
    onnotice: () => {},
    // Parallel workers made tile queries 1.5-3x slower on 2 cores, and JIT only ever cost time
    // (shared/reference/tile-limits.md); both are off for every connection of ours.
    connection: {
      application_name: options.applicationName ?? 'parcel-map',
      jit: 'off',
      max_parallel_workers_per_gather: 0,
      statement_timeout: options.statementTimeoutMs ?? 0,
    },
  }) as Sql;
}

/** Database name and a URL to the maintenance database of the same server. */
export function maintenanceUrl(url: string): { database: string; adminUrl: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  parsed.pathname = '/postgres';
  return { database, adminUrl: parsed.toString() };
}

/** Creates the database (when missing) and the extensions the schema needs. */
export async function ensureDatabase(url: string): Promise<void> {
  const { database, adminUrl } = maintenanceUrl(url);
  const admin = createDb(adminUrl, { max: 1 });
  try {
    const [row] = await admin`SELECT 1 AS found FROM pg_database WHERE datname = ${database}`;
    if (!row) await admin.unsafe(`CREATE DATABASE ${quoteIdent(database)}`);
  } finally {
    await admin.end();
  }
  const db = createDb(url, { max: 1 });
  try {
    await db`CREATE EXTENSION IF NOT EXISTS postgis`;
    await db`CREATE EXTENSION IF NOT EXISTS pg_trgm`;
  } finally {
    await db.end();
  }
}

/** Drops and recreates a database: for the test database only. */
export async function recreateDatabase(url: string): Promise<void> {
  const { database, adminUrl } = maintenanceUrl(url);
  const admin = createDb(adminUrl, { max: 1 });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  await ensureDatabase(url);
}

// Database names come from our own configuration, never from a request.
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
