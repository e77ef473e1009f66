// Reads behind filters.json and autocomplete.json. Column names come from the catalog only; the place
// prefix and the typed text are bound parameters, so a value never becomes SQL text.
import type { Sql } from '../../../db/client.ts';
import { likeEscape } from '../../../db/like.ts';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';

/** At most this many matching rows are read per suggestion list, so a common prefix stays cheap. */
export const AUTOCOMPLETE_SCAN_ROWS = 5000;
export const AUTOCOMPLETE_MAX = 20;
/** A rare prefix on a big county may scan far; past this the answer is an empty list, not a slow one. */
export const AUTOCOMPLETE_TIMEOUT_MS = 2000;

/**
 * Distinct values of one column starting with `query` (case-insensitive) among parcels of a place,
 * alphabetical. Reads at most AUTOCOMPLETE_SCAN_ROWS matching rows. Owners are grouped by their key
 * (sql/functions/owner-key.sql): one suggestion per owner, its most common spelling, found by the
 * typed text's key ("duprey nicholas" finds "DUPREY, NICHOLAS D") or by the published name's start.
 */
export async function autocomplete(sql: Sql, key: string, query: string, path: string | undefined): Promise<string[]> {
  if (!parcelFieldsByName.has(key)) throw new Error(`not a catalog field: ${key}`);
  const column = `p."${key}"::text`;
  const pattern = `${likeEscape(query)}%`;
  const from = path === undefined ? 'parcels p' : 'parcels_in_place($2) p';
  const params = path === undefined ? [pattern] : [pattern, path];
  let statement = `
    SELECT v FROM (
      SELECT ${column} AS v FROM ${from}
      WHERE ${column} ILIKE $1 ESCAPE '\\' AND ${column} <> ''
      LIMIT ${AUTOCOMPLETE_SCAN_ROWS}
    ) s GROUP BY v ORDER BY lower(v), v LIMIT ${AUTOCOMPLETE_MAX}`;
  if (key === 'owner') {
    params.push(query);
    // A key holds only letters, digits and single spaces, so it is its own LIKE prefix pattern.
    statement = `
    SELECT v FROM (
      SELECT (array_agg(v ORDER BY n DESC, v COLLATE "C"))[1] AS v FROM (
        SELECT owner_key(v) AS k, v, count(*) AS n FROM (
          SELECT p.owner AS v FROM ${from}
          WHERE (owner_key(p.owner) LIKE owner_key($${params.length}) || '%' OR p.owner ILIKE $1 ESCAPE '\\')
            AND p.owner <> ''
          LIMIT ${AUTOCOMPLETE_SCAN_ROWS}
        ) s GROUP BY v
      ) g WHERE k IS NOT NULL GROUP BY k
    ) groups ORDER BY lower(v), v LIMIT ${AUTOCOMPLETE_MAX}`;
  }
  try {
    return await sql.begin(async (tx) => {
      await tx.unsafe(`SET LOCAL statement_timeout = ${AUTOCOMPLETE_TIMEOUT_MS}`);
      const rows = await tx.unsafe<{ v: string }[]>(statement, params);
      return rows.map((r) => r.v);
    });
  } catch (error) {
    if ((error as { code?: string }).code === '57014') return [];
    throw error;
  }
}

export async function placeExists(sql: Sql, path: string): Promise<boolean> {
  const rows = await sql`SELECT 1 FROM places WHERE path = ${path}`;
  return rows.length > 0;
}
