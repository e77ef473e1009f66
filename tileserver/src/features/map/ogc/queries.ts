// SQL of the OGC API's parcel items: a page of parcels as GeoJSON with only the plan's columns, in the
// sandbox's counties, inside a bbox (CRS84 against geom, EPSG:3857 against geom_3857, both GIST
// indexed), equal to property filters, paged by the parcel id (keyset: a page deep in the table costs
// what the first one does) or by a plain offset. Column names come from the field catalogue (checked
// before they get here); values are bound parameters.
import type { Sql } from '../../../db/client.ts';

export type Box = [number, number, number, number];

export interface ItemsFilter {
  visible: readonly string[];
  /** County paths ('/us/ma/middlesex') the caller may read; null for all. */
  counties: readonly string[] | null;
  bbox?: { box: Box; webMercator: boolean };
  filters: Record<string, string>;
}

export interface ItemRow {
  id: number;
  path: string;
  ll_uuid: string;
  fields: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown[] };
}

/** A page's feature as the GeoJSON text PostgreSQL wrote, with its row id (the keyset cursor). */
export interface FeatureText {
  id: number;
  feature: string;
}

/** numberMatched is counted up to here; past it the answer leaves it out rather than scan on. */
export const COUNT_CAP = 100_000;

function whereOf(sql: Sql, q: ItemsFilter) {
  const parts = [sql`true`];
  if (q.counties) parts.push(sql`p.path LIKE ANY(${q.counties.map((c) => `${c}/%`)}::text[])`);
  if (q.bbox) {
    const [minx, miny, maxx, maxy] = q.bbox.box;
    parts.push(
      q.bbox.webMercator
        ? sql`ST_Intersects(p.geom_3857, ST_MakeEnvelope(${minx}::float8, ${miny}::float8, ${maxx}::float8, ${maxy}::float8, 3857))`
        : sql`ST_Intersects(p.geom, ST_MakeEnvelope(${minx}::float8, ${miny}::float8, ${maxx}::float8, ${maxy}::float8, 4326))`,
    );
  }
  for (const [name, value] of Object.entries(q.filters)) parts.push(sql`${sql(`p.${name}`)}::text = ${value}`);
  return parts.reduce((all, part) => sql`${all} AND ${part}`);
}

function columnsOf(sql: Sql, q: ItemsFilter, webMercator: boolean) {
  const columns = sql(q.visible.map((name) => `p.${name}`));
  const geometry = webMercator ? sql`ST_AsGeoJSON(p.geom_3857, 2)::json` : sql`ST_AsGeoJSON(p.geom, 7)::json`;
  return sql`p.id, p.path, p.ll_uuid::text AS ll_uuid, (SELECT to_jsonb(v) FROM (SELECT ${columns}) v) AS fields, ${geometry} AS geometry`;
}

/** A parcel as the OGC feature it answers, built in SQL and read as text (never parsed on the event loop: N2). */
function featureOf(sql: Sql, q: ItemsFilter, webMercator: boolean) {
  const columns = sql(q.visible.map((name) => `p.${name}`));
  const geometry = webMercator ? sql`ST_AsGeoJSON(p.geom_3857, 2)::json` : sql`ST_AsGeoJSON(p.geom, 7)::json`;
  return sql`p.id, json_build_object(
    'type', 'Feature', 'id', p.ll_uuid::text, 'geometry', ${geometry},
    'properties', (SELECT to_jsonb(v) FROM (SELECT ${columns}) v)
      || jsonb_build_object('path', p.path, 'll_uuid', p.ll_uuid::text)
  )::text AS feature`;
}

/**
 * Up to `take` parcels of the filter in parcel id order: after a cursor, before one (read backwards and
 * turned round), or past an offset.
 */
export async function findItems(
  sql: Sql,
  q: ItemsFilter,
  page: { take: number; offset: number; after?: number; before?: number; webMercator: boolean },
): Promise<FeatureText[]> {
  const where = whereOf(sql, q);
  const columns = featureOf(sql, q, page.webMercator);
  if (page.before !== undefined) {
    const rows = await sql<FeatureText[]>`
      SELECT ${columns} FROM parcels p WHERE ${where} AND p.id < ${page.before}
      ORDER BY p.id DESC LIMIT ${page.take}`;
    return rows.reverse();
  }
  if (page.after !== undefined)
    return sql<FeatureText[]>`
      SELECT ${columns} FROM parcels p WHERE ${where} AND p.id > ${page.after}
      ORDER BY p.id LIMIT ${page.take}`;
  return sql<FeatureText[]>`
    SELECT ${columns} FROM parcels p WHERE ${where}
    ORDER BY p.id LIMIT ${page.take} OFFSET ${page.offset}`;
}

/** How many parcels the filter matches, or undefined past COUNT_CAP. */
export async function countItems(sql: Sql, q: ItemsFilter): Promise<number | undefined> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM parcels p WHERE ${whereOf(sql, q)} LIMIT ${COUNT_CAP + 1}) c`;
  return row!.n > COUNT_CAP ? undefined : row!.n;
}

/** One parcel by its ll_uuid (the feature id), if the caller's counties hold it. */
export async function findItem(
  sql: Sql,
  q: ItemsFilter,
  llUuid: string,
  webMercator: boolean,
): Promise<ItemRow | undefined> {
  const [row] = await sql<ItemRow[]>`
    SELECT ${columnsOf(sql, q, webMercator)} FROM parcels p WHERE ${whereOf(sql, q)} AND p.ll_uuid = ${llUuid}::uuid`;
  return row;
}
