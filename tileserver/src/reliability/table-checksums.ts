// A checksum of every row of every table in the public schema, per table, in one round trip: the fuzz
// suite compares it around each rejected request, and the backup test around a dump and restore.
// Table names come from the catalog, never from a request.
import type { Sql } from '../db/client.ts';

export type Checksums = Map<string, string>;

export async function tableNames(sql: Sql, except: readonly string[] = []): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`;
  return rows.map((r) => r.name).filter((name) => !except.includes(name));
}

/** One statement that checksums the given tables: rows as text, sorted, hashed, with the row count. */
export function checksumStatement(tables: string[]): string {
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const parts = tables.map(
    (name) =>
      `SELECT ${`'${name.replace(/'/g, "''")}'`} AS name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS sum FROM public.${quote(name)} t`,
  );
  return parts.length ? parts.join(' UNION ALL ') : `SELECT '' AS name, '' AS sum WHERE false`;
}

export async function checksums(sql: Sql, statement: string): Promise<Checksums> {
  const rows = await sql.unsafe<{ name: string; sum: string }[]>(statement);
  return new Map(rows.map((r) => [r.name, r.sum]));
}

/** Tables whose checksum differs. */
export function changedTables(before: Checksums, after: Checksums): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}
