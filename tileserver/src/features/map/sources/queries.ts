// Storage of source definitions (tile_sources, tile_source_owners), the place lookups a definition needs,
// a source's version bump, and the render check a new definition must pass.
import type { Sql } from '../../../db/client.ts';
import { compileValueCheckSql } from '../../../tiles/definition/compile.ts';
import type { SourceDefinition } from '@parcel-map/contracts/map/source-definition';
import { isLayerDefinition, type LayerSourceDefinition } from '@parcel-map/contracts/map/layer-source-definition';

export interface StoredSource {
  id: string;
  definition: SourceDefinition | LayerSourceDefinition;
  created_at: Date;
}

export type ParcelSource = StoredSource & { definition: SourceDefinition };

/** Stores a definition (once per id) and records `owner` as one of its owners; true when the owner is new to it. */
export async function saveSource(
  sql: Sql,
  id: string,
  definition: SourceDefinition | LayerSourceDefinition,
  level: string,
  owner: string,
): Promise<boolean> {
  return sql.begin(async (tx) => {
    await tx`
      INSERT INTO tile_sources (id, definition, created_level)
      VALUES (${id}, ${tx.json(definition as never)}, ${level})
      ON CONFLICT (id) DO UPDATE SET last_used_at = now()`;
    const added = await tx`
      INSERT INTO tile_source_owners (source_id, owner) VALUES (${id}, ${owner})
      ON CONFLICT DO NOTHING RETURNING source_id`;
    return added.length > 0;
  });
}

/** Sources an owner created in the last 24 hours (for the daily quota). */
export async function sourcesCreatedToday(sql: Sql, owner: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM tile_source_owners WHERE owner = ${owner} AND created_at > now() - interval '24 hours'`;
  return row?.n ?? 0;
}

export async function ownsSource(sql: Sql, owner: string, id: string): Promise<boolean> {
  const rows = await sql`SELECT 1 FROM tile_source_owners WHERE owner = ${owner} AND source_id = ${id}`;
  return rows.length > 0;
}

/** A stored parcel source (a buildings or zoning one reads as none: parcel routes do not serve them). */
export async function findSource(sql: Sql, id: string): Promise<ParcelSource | undefined> {
  const row = await findAnySource(sql, id);
  return row && !isLayerDefinition(row.definition) ? { ...row, definition: row.definition } : undefined;
}

/** A stored source of any kind. */
export async function findAnySource(sql: Sql, id: string): Promise<StoredSource | undefined> {
  const [row] = await sql<StoredSource[]>`SELECT id, definition, created_at FROM tile_sources WHERE id = ${id}`;
  return row;
}

export interface ListCursor {
  createdAt: string;
  id: string;
}

/**
 * A page of sources, newest first, by keyset (created_at, id) so a page costs the same wherever it is;
 * `owner` undefined lists every source (admins). One row more than asked tells whether a next page exists.
 */
export async function listSources(
  sql: Sql,
  owner: string | undefined,
  limit: number,
  after: ListCursor | undefined,
): Promise<{ rows: StoredSource[]; next: ListCursor | undefined }> {
  const afterAt = after?.createdAt ?? null;
  const afterId = after?.id ?? null;
  const rows =
    owner === undefined
      ? await sql<(StoredSource & { cursor_at: string })[]>`
          SELECT id, definition, created_at, created_at::text AS cursor_at FROM tile_sources
          WHERE ${afterAt}::timestamptz IS NULL OR (created_at, id) < (${afterAt}::timestamptz, ${afterId}::text)
          ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`
      : await sql<(StoredSource & { cursor_at: string })[]>`
          SELECT s.id, s.definition, o.created_at, o.created_at::text AS cursor_at FROM tile_source_owners o JOIN tile_sources s ON s.id = o.source_id
          WHERE o.owner = ${owner} AND (${afterAt}::timestamptz IS NULL OR (o.created_at, o.source_id) < (${afterAt}::timestamptz, ${afterId}::text))
          ORDER BY o.created_at DESC, o.source_id DESC LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  // The cursor keeps the timestamp's microseconds (toISOString would cut them and repeat rows).
  return {
    rows: page.map(({ cursor_at: _, ...row }) => row),
    next: rows.length > limit && last ? { createdAt: last.cursor_at, id: last.id } : undefined,
  };
}

/** Marks a source as used now (called at most hourly per source, off the tile path). */
export async function touchSource(sql: Sql, id: string): Promise<void> {
  await sql`UPDATE tile_sources SET last_used_at = now() WHERE id = ${id}`;
}

/** Deletes sources that served no tile and were not posted again for `days` days; returns how many. */
export async function deleteIdleSources(sql: Sql, days: number): Promise<number> {
  const deleted =
    await sql`DELETE FROM tile_sources WHERE last_used_at < now() - make_interval(days => ${days}) RETURNING id`;
  return deleted.length;
}

export async function placeBounds(sql: Sql, path: string): Promise<[number, number, number, number] | undefined> {
  const [row] = await sql<{ w: number; s: number; e: number; n: number }[]>`
    SELECT ST_XMin(geom) AS w, ST_YMin(geom) AS s, ST_XMax(geom) AS e, ST_YMax(geom) AS n FROM places WHERE path = ${path}`;
  return row ? [row.w, row.s, row.e, row.n] : undefined;
}

/** A new version of one source: every tile server's cache keys for it change (NOTIFY). */
export async function bumpSourceVersion(sql: Sql, id: string): Promise<void> {
  await sql`SELECT bump_layer_version(${`source:${id}`})`;
}

/**
 * Plans a compiled tile statement and evaluates every value of the definition with its casts, so a
 * definition that cannot render fails here (with PostgreSQL's error) rather than on its first tile.
 */
export async function planAndCheckValues(sql: Sql, statement: string, definition: SourceDefinition): Promise<void> {
  await sql.unsafe(`EXPLAIN ${statement}`, [22, 0, 0], { prepare: false });
  await sql.unsafe(compileValueCheckSql(definition), [JSON.stringify(definition)], { prepare: false });
}
