// Storage of source definitions (tile_sources) and the place lookups a definition needs.
import type { Sql } from '../../db/client.ts';
import type { SourceDefinition } from './schema.ts';

export interface StoredSource {
  id: string;
  definition: SourceDefinition;
  created_at: Date;
}

export async function saveSource(sql: Sql, id: string, definition: SourceDefinition, level: string): Promise<void> {
  await sql`
    INSERT INTO tile_sources (id, definition, created_level)
    VALUES (${id}, ${sql.json(definition as never)}, ${level})
    ON CONFLICT (id) DO NOTHING`;
}

export async function findSource(sql: Sql, id: string): Promise<StoredSource | undefined> {
  const [row] = await sql<StoredSource[]>`SELECT id, definition, created_at FROM tile_sources WHERE id = ${id}`;
  return row;
}

export async function listSources(sql: Sql, limit: number, offset: number): Promise<{ rows: StoredSource[]; total: number }> {
  const rows = await sql<StoredSource[]>`
    SELECT id, definition, created_at FROM tile_sources ORDER BY created_at DESC, id LIMIT ${limit} OFFSET ${offset}`;
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM tile_sources`;
  return { rows, total: count?.n ?? 0 };
}

export async function placeBounds(sql: Sql, path: string): Promise<[number, number, number, number] | undefined> {
  const [row] = await sql<{ w: number; s: number; e: number; n: number }[]>`
    SELECT ST_XMin(geom) AS w, ST_YMin(geom) AS s, ST_XMax(geom) AS e, ST_YMax(geom) AS n FROM places WHERE path = ${path}`;
  return row ? [row.w, row.s, row.e, row.n] : undefined;
}
