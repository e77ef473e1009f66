// SQL of the feature service: a layer's rows as GeoJSON features (one page, ordered, in 4326 or 3857),
// their count, their ids, their extent (ST_Extent in the asked reference) and the layer's extent. The table is one of the catalogue's four, columns come
// from the caller's field list (layers.ts), the where clause arrives compiled (where-sql.ts) and every
// value is bound; the page is read one row long so the caller knows whether more follow.
import type { Sql } from '../../../db/client.ts';
import type { FeatureLayer, LayerField } from './layers.ts';
import { columnOf, joinFragments, type Fragment } from './where-sql.ts';

export type Wkid = 4326 | 3857;

/** What to read: the filter parts every statement shares. */
export interface Selection {
  layer: FeatureLayer;
  where: Fragment;
  spatial:
    | { kind: 'envelope'; box: [number, number, number, number]; sr: Wkid }
    | { kind: 'point'; x: number; y: number; sr: Wkid }
    | undefined;
  /** Only these ids (objectIds), when given. */
  ids?: readonly number[];
  /** County paths ('/us/ma/middlesex') a sandbox reads; null for all. Parcels only. */
  counties: readonly string[] | null;
}

export interface PageRequest {
  fields: readonly LayerField[];
  order: { field: LayerField; descending: boolean }[];
  offset: number;
  limit: number;
  outSr: Wkid;
  returnGeometry: boolean;
}

/** A page's rows: each feature as the GeoJSON text PostgreSQL wrote (never parsed on the main thread). */
export interface FeatureRow {
  id: number;
  feature: string;
}

function filters(sql: Sql, s: Selection): Fragment {
  const geomColumn = (sr: Wkid) => (sr === 3857 ? sql`t.geom_3857` : sql`t.geom`);
  let spatial = sql``;
  if (s.spatial?.kind === 'envelope') {
    const [xmin, ymin, xmax, ymax] = s.spatial.box;
    const env = sql`ST_MakeEnvelope(${xmin}::float8, ${ymin}::float8, ${xmax}::float8, ${ymax}::float8, ${s.spatial.sr}::int)`;
    spatial = sql`AND ST_Intersects(${geomColumn(s.spatial.sr)}, ${env})`;
  } else if (s.spatial?.kind === 'point') {
    const point = sql`ST_SetSRID(ST_MakePoint(${s.spatial.x}::float8, ${s.spatial.y}::float8), ${s.spatial.sr}::int)`;
    spatial = sql`AND ST_Intersects(${geomColumn(s.spatial.sr)}, ${point})`;
  }
  const inCounties =
    s.counties && s.layer.table === 'parcels'
      ? sql`AND t.path LIKE ANY(${s.counties.map((c) => `${c}/%`)}::text[])`
      : sql``;
  const onlyIds = s.ids ? sql`AND t.id = ANY(${s.ids as number[]}::bigint[])` : sql``;
  return sql`${s.where} ${spatial} ${inCounties} ${onlyIds}`;
}

export async function countRows(sql: Sql, s: Selection): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM ${sql(s.layer.table)} t WHERE ${filters(sql, s)}`;
  return row!.n;
}

/** The count and the extent of the selected rows in `sr` (ST_Extent of that column); a null box when none. */
export async function countAndExtent(
  sql: Sql,
  s: Selection,
  sr: Wkid,
): Promise<{ count: number; box: [number, number, number, number] | null }> {
  const column = sr === 3857 ? sql`t.geom_3857` : sql`t.geom`;
  const [row] = await sql<{ n: number; xmin: number | null; ymin: number; xmax: number; ymax: number }[]>`
    SELECT n, ST_XMin(e) AS xmin, ST_YMin(e) AS ymin, ST_XMax(e) AS xmax, ST_YMax(e) AS ymax
    FROM (SELECT count(*)::int AS n, ST_Extent(${column})::geometry AS e
          FROM ${sql(s.layer.table)} t WHERE ${filters(sql, s)}) x`;
  return { count: row!.n, box: row!.xmin === null ? null : [row!.xmin, row!.ymin, row!.xmax, row!.ymax] };
}

export async function objectIds(sql: Sql, s: Selection, max: number): Promise<number[]> {
  const rows = await sql<{ id: string }[]>`
    SELECT t.id FROM ${sql(s.layer.table)} t WHERE ${filters(sql, s)} ORDER BY t.id LIMIT ${max}`;
  return rows.map((r) => Number(r.id));
}

/** One page, read one row long: `more` says whether rows follow it. */
export async function featurePage(
  sql: Sql,
  s: Selection,
  page: PageRequest,
): Promise<{ rows: FeatureRow[]; more: boolean }> {
  const props = page.fields.map((f) => {
    const column = columnOf(sql, f);
    // ArcGIS has no boolean field type: booleans travel as 1/0 integers.
    return f.kind === 'boolean' ? sql`${column}::int AS ${sql(f.name)}` : sql`${column} AS ${sql(f.name)}`;
  });
  const propsSql = props.length
    ? sql`(SELECT to_jsonb(v) FROM (SELECT ${joinFragments(sql, props)}) v)`
    : sql`'{}'::jsonb`;
  const geometry = !page.returnGeometry
    ? sql`NULL::json`
    : page.outSr === 3857
      ? sql`ST_AsGeoJSON(t.geom_3857, 2)::json`
      : sql`ST_AsGeoJSON(t.geom, 7)::json`;
  const order = page.order.map(({ field, descending }) =>
    descending ? sql`${columnOf(sql, field)} DESC NULLS LAST` : sql`${columnOf(sql, field)} ASC NULLS FIRST`,
  );
  // The id last, always: a page boundary is the same on every request, so paging never skips or repeats.
  const orderSql = joinFragments(sql, [...order, sql`t.id`]);
  // The whole feature is built here and read as text: a 2,000-parcel page is never parsed into objects
  // on the event loop (N2); the formatting worker parses it.
  const rows = await sql<{ id: string; feature: string }[]>`
    SELECT t.id, json_build_object(
      'type', 'Feature', 'id', t.id, 'geometry', ${geometry},
      'properties', jsonb_build_object('OBJECTID', t.id) || ${propsSql}
    )::text AS feature
    FROM ${sql(s.layer.table)} t
    WHERE ${filters(sql, s)}
    ORDER BY ${orderSql}
    OFFSET ${page.offset} LIMIT ${page.limit + 1}`;
  const more = rows.length > page.limit;
  return { rows: rows.slice(0, page.limit).map((r) => ({ id: Number(r.id), feature: r.feature })), more };
}

/** The layer's extent in 4326 (xmin, ymin, xmax, ymax); null when it is empty. */
export async function layerExtent(sql: Sql, layer: FeatureLayer): Promise<[number, number, number, number] | null> {
  const [row] = await sql<{ xmin: number | null; ymin: number; xmax: number; ymax: number }[]>`
    SELECT ST_XMin(e) AS xmin, ST_YMin(e) AS ymin, ST_XMax(e) AS xmax, ST_YMax(e) AS ymax
    FROM (SELECT ST_Extent(t.geom)::geometry AS e FROM ${sql(layer.table)} t) x`;
  return row && row.xmin !== null ? [row.xmin, row.ymin, row.xmax, row.ymax] : null;
}
