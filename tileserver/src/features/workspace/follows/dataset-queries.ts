// SQL of followed datasets: follows of kind 'dataset' whose path names a stored source (source:<id>)
// or a catalogue layer (layer:<id>), with the on-map flag and, for a source, its stored query's layer.
// Scoped by user_id like every follow query.
import type { Sql } from '../../../db/client.ts';

export interface DatasetRow {
  id: number;
  path: string;
  on_map: boolean;
  created_at: Date;
  /** A stored source's layer (parcel, buildings, zoning), null when it is a layer or the source is gone. */
  source_layer: string | null;
}

const rowsOf = (sql: Sql, userId: number) => sql`
  SELECT f.id::float8 AS id, f.path, f.on_map, f.created_at,
         CASE WHEN s.definition->'query' ? 'buildings' THEN 'buildings'
              WHEN s.definition->'query' ? 'zoning' THEN 'zoning'
              WHEN s.id IS NOT NULL THEN 'parcels' END AS source_layer
  FROM follows f
  LEFT JOIN tile_sources s ON f.path LIKE 'source:%' AND s.id = substr(f.path, 8)
  WHERE f.user_id = ${userId} AND f.kind = 'dataset'`;

export async function datasetFollows(sql: Sql, userId: number): Promise<DatasetRow[]> {
  return sql<DatasetRow[]>`${rowsOf(sql, userId)} ORDER BY f.created_at DESC, f.id DESC`;
}

export async function datasetFollow(sql: Sql, userId: number, id: number): Promise<DatasetRow | undefined> {
  const [row] = await sql<DatasetRow[]>`${rowsOf(sql, userId)} AND f.id = ${id}`;
  return row;
}

export async function datasetFollowByPath(sql: Sql, userId: number, path: string): Promise<DatasetRow | undefined> {
  const [row] = await sql<DatasetRow[]>`${rowsOf(sql, userId)} AND f.path = ${path}`;
  return row;
}

export async function storedSourceExists(sql: Sql, id: string): Promise<boolean> {
  return (await sql`SELECT 1 FROM tile_sources WHERE id = ${id}`).length === 1;
}

export async function setOnMap(sql: Sql, userId: number, id: number, onMap: boolean): Promise<boolean> {
  const rows = await sql`
    UPDATE follows SET on_map = ${onMap} WHERE user_id = ${userId} AND id = ${id} AND kind = 'dataset' RETURNING id`;
  return rows.length === 1;
}
