// SQL of the OGC API's layer items (zoning districts, flood hazard areas, wetlands): a page of a
// layer's rows as GeoJSON with the caller's columns, inside a bbox (CRS84 against geom, EPSG:3857
// against geom_3857, both GIST indexed), equal to property filters, paged by the row id (keyset) or an
// offset. Flood hazard areas are the current maps only, as the flood tiles draw them (legacy maps stay
// in the table). The table is one of three names, columns come from layers.ts (checked before they
// get here), values are bound parameters.
import type { Sql } from '../../../db/client.ts';
import { COUNT_CAP, type Box, type FeatureText } from './queries.ts';

export type LayerTable = 'zoning_districts' | 'flood_zones' | 'wetlands';

export interface LayerFilter {
  table: LayerTable;
  columns: readonly string[];
  bbox?: { box: Box; webMercator: boolean };
  filters: Record<string, string>;
}

export interface LayerRow {
  id: number;
  fields: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown[] };
}

function whereOf(sql: Sql, q: LayerFilter) {
  const parts = [q.table === 'flood_zones' ? sql`t.source NOT LIKE '%legacy%'` : sql`true`];
  if (q.bbox) {
    const [minx, miny, maxx, maxy] = q.bbox.box;
    parts.push(
      q.bbox.webMercator
        ? sql`ST_Intersects(t.geom_3857, ST_MakeEnvelope(${minx}::float8, ${miny}::float8, ${maxx}::float8, ${maxy}::float8, 3857))`
        : sql`ST_Intersects(t.geom, ST_MakeEnvelope(${minx}::float8, ${miny}::float8, ${maxx}::float8, ${maxy}::float8, 4326))`,
    );
  }
  for (const [name, value] of Object.entries(q.filters)) parts.push(sql`${sql(`t.${name}`)}::text = ${value}`);
  return parts.reduce((all, part) => sql`${all} AND ${part}`);
}

function columnsOf(sql: Sql, q: LayerFilter, webMercator: boolean) {
  const columns = sql(q.columns.map((name) => `t.${name}`));
  const geometry = webMercator ? sql`ST_AsGeoJSON(t.geom_3857, 2)::json` : sql`ST_AsGeoJSON(t.geom, 7)::json`;
  return sql`t.id, (SELECT to_jsonb(v) FROM (SELECT ${columns}) v) AS fields, ${geometry} AS geometry`;
}

/** A row as the OGC feature it answers, built in SQL and read as text (never parsed on the event loop: N2). */
function featureOf(sql: Sql, q: LayerFilter, webMercator: boolean) {
  const columns = sql(q.columns.map((name) => `t.${name}`));
  const geometry = webMercator ? sql`ST_AsGeoJSON(t.geom_3857, 2)::json` : sql`ST_AsGeoJSON(t.geom, 7)::json`;
  return sql`t.id, json_build_object(
    'type', 'Feature', 'id', t.id, 'geometry', ${geometry},
    'properties', (SELECT to_jsonb(v) FROM (SELECT ${columns}) v)
  )::text AS feature`;
}

/** Up to `take` rows in id order: after a cursor, before one (read backwards and turned round), or past an offset. */
export async function findLayerItems(
  sql: Sql,
  q: LayerFilter,
  page: { take: number; offset: number; after?: number; before?: number; webMercator: boolean },
): Promise<FeatureText[]> {
  const where = whereOf(sql, q);
  const columns = featureOf(sql, q, page.webMercator);
  const table = sql(q.table);
  if (page.before !== undefined) {
    const rows = await sql<FeatureText[]>`
      SELECT ${columns} FROM ${table} t WHERE ${where} AND t.id < ${page.before}
      ORDER BY t.id DESC LIMIT ${page.take}`;
    return rows.reverse();
  }
  if (page.after !== undefined)
    return sql<FeatureText[]>`
      SELECT ${columns} FROM ${table} t WHERE ${where} AND t.id > ${page.after}
      ORDER BY t.id LIMIT ${page.take}`;
  return sql<FeatureText[]>`
    SELECT ${columns} FROM ${table} t WHERE ${where}
    ORDER BY t.id LIMIT ${page.take} OFFSET ${page.offset}`;
}

/** How many rows the filter matches, or undefined past COUNT_CAP. */
export async function countLayerItems(sql: Sql, q: LayerFilter): Promise<number | undefined> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM ${sql(q.table)} t WHERE ${whereOf(sql, q)} LIMIT ${COUNT_CAP + 1}) c`;
  return row!.n > COUNT_CAP ? undefined : row!.n;
}

/** One row by its id (the feature id). */
export async function findLayerItem(
  sql: Sql,
  q: LayerFilter,
  id: number,
  webMercator: boolean,
): Promise<LayerRow | undefined> {
  const [row] = await sql<LayerRow[]>`
    SELECT ${columnsOf(sql, q, webMercator)} FROM ${sql(q.table)} t WHERE ${whereOf(sql, q)} AND t.id = ${id}`;
  return row;
}
