// SQL of the store: counties with parcels (county_coverage, filled when parcels load), states, the
// typeahead, and whether a county's parcels carry an add-on's fields.
import type { Sql } from '../../../db/client.ts';

export interface StoreCounty {
  path: string;
  name: string;
  headline: string;
  state_path: string;
  parcels: number;
}

export async function storeCounties(sql: Sql, statePath?: string): Promise<StoreCounty[]> {
  return sql<StoreCounty[]>`
    SELECT path, name, headline, state_path, parcels FROM county_coverage
    WHERE parcels > 0 AND (${statePath ?? null}::text IS NULL OR state_path = ${statePath ?? null})
    ORDER BY headline`;
}

export async function storeCounty(sql: Sql, path: string): Promise<StoreCounty | undefined> {
  const [row] = await sql<StoreCounty[]>`SELECT path, name, headline, state_path, parcels FROM county_coverage WHERE path = ${path} AND parcels > 0`;
  return row;
}

export async function placeNames(sql: Sql, paths: string[]): Promise<Map<string, { name: string; headline: string }>> {
  const rows = await sql<{ path: string; name: string; headline: string }[]>`SELECT path, name, headline FROM places WHERE path = ANY(${paths})`;
  return new Map(rows.map((r) => [r.path, r]));
}

/** Up to `limit` states, provinces, counties or census divisions whose name starts with (or contains) the text. */
export async function searchStore(sql: Sql, text: string, country: string | undefined, limit: number): Promise<{ path: string; headline: string; kind: string }[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return sql<{ path: string; headline: string; kind: string }[]>`
    SELECT path, headline, kind FROM places
    WHERE kind IN ('state', 'county') AND headline ILIKE ${pattern} AND (${country ?? null}::text IS NULL OR country = ${country ?? null})
    ORDER BY (name ILIKE ${`${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}) DESC, kind DESC, headline LIMIT ${limit}`;
}

/** Whether any parcel of the place has a value in one of the fields (catalog names only). */
export async function hasAnyValue(sql: Sql, path: string, fields: string[]): Promise<boolean> {
  const tests = fields.map((f) => sql`${sql(f)} IS NOT NULL`);
  const where = tests.reduce((acc, t) => sql`${acc} OR ${t}`);
  const [row] = await sql`SELECT 1 FROM parcels_in_place(${path}) WHERE (${where}) LIMIT 1`;
  return Boolean(row);
}
