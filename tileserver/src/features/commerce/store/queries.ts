// SQL of the store: counties with parcels (county_coverage, filled when parcels load), states, the
// typeahead, whether a county's parcels carry an add-on's fields, and the user's cart.
import type { Sql } from '../../../db/client.ts';
import type { SelectionDefinition } from '../exports/selection.ts';

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
  const [row] = await sql<
    StoreCounty[]
  >`SELECT path, name, headline, state_path, parcels FROM county_coverage WHERE path = ${path} AND parcels > 0`;
  return row;
}

export async function placeNames(sql: Sql, paths: string[]): Promise<Map<string, { name: string; headline: string }>> {
  const rows = await sql<
    { path: string; name: string; headline: string }[]
  >`SELECT path, name, headline FROM places WHERE path = ANY(${paths})`;
  return new Map(rows.map((r) => [r.path, r]));
}

/** Up to `limit` states, provinces, counties or census divisions whose name starts with (or contains) the text. */
export async function searchStore(
  sql: Sql,
  text: string,
  country: string | undefined,
  limit: number,
): Promise<{ path: string; headline: string; kind: string }[]> {
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

// The cart (cart-routes.ts): one row per item and user, priced by the server.

export interface CartRow {
  item_key: string;
  kind: 'export' | 'store';
  path: string;
  variant: string;
  format: string;
  addons: string[];
  count: number;
  price_cents: number;
  free_rows: number;
  definition: SelectionDefinition | null;
  project_id: string | null;
  level: string;
}

export interface CartItemInput {
  key: string;
  kind: 'export' | 'store';
  path: string;
  variant: string;
  format: string;
  addons: string[];
  count: number;
  price: number;
  freeRows: number;
  definition: SelectionDefinition | null;
  projectId: number | null;
  level: string;
}

/** The user's cart in the order items were added; `lock` holds the rows until the checkout's transaction ends. */
export async function cartOf(sql: Sql, userId: number, lock = false): Promise<CartRow[]> {
  return lock
    ? sql<CartRow[]>`SELECT * FROM cart_items WHERE user_id = ${userId} ORDER BY added_at, item_key FOR UPDATE`
    : sql<CartRow[]>`SELECT * FROM cart_items WHERE user_id = ${userId} ORDER BY added_at, item_key`;
}

export async function repriceCartItem(
  sql: Sql,
  userId: number,
  itemKey: string,
  priceCents: number,
  freeRows: number,
): Promise<void> {
  await sql`UPDATE cart_items SET price_cents = ${priceCents}, free_rows = ${freeRows} WHERE user_id = ${userId} AND item_key = ${itemKey}`;
}

export async function putCartItem(sql: Sql, userId: number, item: CartItemInput): Promise<void> {
  await sql`
    INSERT INTO cart_items (user_id, item_key, kind, path, variant, format, addons, count, price_cents, free_rows, definition, project_id, level)
    VALUES (${userId}, ${item.key}, ${item.kind}, ${item.path}, ${item.variant}, ${item.format}, ${item.addons}, ${item.count}, ${item.price}, ${item.freeRows},
            ${item.definition === null ? null : sql.json(item.definition as never)}, ${item.projectId}, ${item.level})
    ON CONFLICT (user_id, item_key) DO UPDATE SET variant = EXCLUDED.variant, format = EXCLUDED.format, addons = EXCLUDED.addons, count = EXCLUDED.count,
      price_cents = EXCLUDED.price_cents, free_rows = EXCLUDED.free_rows, definition = EXCLUDED.definition, project_id = EXCLUDED.project_id, level = EXCLUDED.level, added_at = now()`;
}

/** One product per place: choosing another product replaces the place's item. */
export async function removeStoreItemsOfPlace(sql: Sql, userId: number, path: string): Promise<void> {
  await sql`DELETE FROM cart_items WHERE user_id = ${userId} AND kind = 'store' AND path = ${path}`;
}

export async function removeCartItem(sql: Sql, userId: number, itemKey: string): Promise<boolean> {
  return (
    (await sql`DELETE FROM cart_items WHERE user_id = ${userId} AND item_key = ${itemKey} RETURNING item_key`).length >
    0
  );
}

export async function emptyCart(sql: Sql, userId: number): Promise<void> {
  await sql`DELETE FROM cart_items WHERE user_id = ${userId}`;
}
