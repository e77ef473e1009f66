// The health check's reads: row counts of the data tables that exist (a table of a later migration
// that is not there yet is left out).
import type { Sql } from '../../../db/client.ts';

/** Rows per table, for those of `tables` that exist. */
export async function tableCounts(sql: Sql, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [exists] = await sql`SELECT to_regclass(${table}) IS NOT NULL AS found`;
    if (!exists?.found) continue;
    const [row] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM ${sql(table)}`;
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}
