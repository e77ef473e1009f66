// Test helpers for the real test database: a client per test file, and scratch databases for tests
// that must create or break schemas (the migration runner's).
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDb, ensureDatabase, type Sql } from '../db/client.ts';

/** A pool on the test database with the server's statement timeout, so tests see what would time out.
 * It connects as the serving role, as the server does (no superuser, db/roles.ts). */
export function testDb(max = 4): Sql {
  return createDb(inject('databaseUrl'), { max, statementTimeoutMs: loadConfig().TILE_QUERY_TIMEOUT_MS });
}

/** A pool as the database's owner: for tests that create, alter or drop tables, triggers or functions. */
export function ownerTestDb(max = 2): Sql {
  return createDb(inject('ownerDatabaseUrl'), { max, statementTimeoutMs: loadConfig().TILE_QUERY_TIMEOUT_MS });
}

export async function scratchDatabase(): Promise<{ url: string; sql: Sql; drop: () => Promise<void> }> {
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  // A scratch database is the owner's: its tests migrate and break schemas.
  const url = new URL(inject('ownerDatabaseUrl'));
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  const sql = createDb(url.toString(), { max: 2 });
  return {
    url: url.toString(),
    sql,
    drop: async () => {
      await sql.end();
      const admin = createDb(inject('adminDatabaseUrl'), { max: 1 });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
