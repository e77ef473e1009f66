// SQL of the parcel API: parcels as GeoJSON features with only the columns the plan allows, limited to
// the sandbox's counties, one page at a time. Column names come from the field catalog (checked before
// they get here), values are bound parameters; the where clauses and orders are fixed fragments.
//
// Paging is a keyset on (the order's value, p.id): a page asks for the rows after the previous page's
// last key, never for an OFFSET, so rows before the cursor are dropped by the scan's filter and their
// fields and GeoJSON are never built. Measured on the Cambridge data (13,115 parcels, one path range),
// EXPLAIN ANALYZE of the page after row 12,000 on a shared 2-core machine (load about 17): with the
// cursor 38 to 89 ms, the scan's filter dropping 12,000 rows and 1,001 GeoJSON built; with OFFSET
// 12000, 91 to 147 ms, as 13,001 rows were sorted and had their GeoJSON built (paging.test.ts checks
// the plan's row counts).
// The radius search orders by distance, which no index gives: each page computes the distances inside
// the circle (at most 1,000 m) as its first page did, so a page's cost is bounded by the radius, not
// by how deep it is.
import type { Sql } from '../../../db/client.ts';
import type { ParcelFeatureCollection } from '@parcel-map/contracts/map/parcel-api';
import type { SortKey } from './cursor.ts';

// A query fragment (postgres.js PendingQuery) composed into the statement, never run alone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fragment = any;

/** What an endpoint asks: its condition and the value its order starts with (the order ends with p.id). */
export interface Match {
  where: Fragment;
  /** The leading sort value, an expression over p: a number (area, distance) or text (address, path). */
  key: Fragment;
  keyType: 'float8' | 'text';
}

export interface FindParcels extends Match {
  visible: readonly string[];
  /** County paths ('/us/ma/middlesex') the caller may read; null for all. */
  counties: readonly string[] | null;
  path?: string;
  /** The last key of the previous page: this page starts after it. */
  after?: SortKey;
  limit: number;
}

export interface ParcelPage {
  collection: ParcelFeatureCollection;
  /** The last row's key when more rows follow this page, else null. */
  next: SortKey | null;
}

/** The statement of one page (limit + 1 rows, the extra one telling whether another page follows). */
export function pageQuery(sql: Sql, q: FindParcels) {
  const columns = sql(q.visible.map((name) => `p.${name}`));
  const inCounties = q.counties ? sql`AND p.path LIKE ANY(${q.counties.map((c) => `${c}/%`)}::text[])` : sql``;
  const underPath = q.path ? sql`AND p.path LIKE ${`${q.path}/%`}` : sql``;
  const value = q.keyType === 'float8' ? sql`::float8` : sql`::text`;
  const after = q.after ? sql`AND (${q.key}, p.id) > (${q.after[0]}${value}, ${q.after[1]}::bigint)` : sql``;
  return sql<
    {
      path: string;
      ll_uuid: string;
      fields: Record<string, unknown>;
      geometry: ParcelFeatureCollection['features'][number]['geometry'];
      sort_key: number | string;
      id: string;
    }[]
  >`
    SELECT p.path, p.ll_uuid::text AS ll_uuid, (SELECT to_jsonb(v) FROM (SELECT ${columns}) v) AS fields,
      ST_AsGeoJSON(p.geom, 7)::json AS geometry, ${q.key} AS sort_key, p.id::text AS id
    FROM parcels p
    WHERE ${q.where} ${inCounties} ${underPath} ${after}
    ORDER BY ${q.key}, p.id
    LIMIT ${q.limit + 1}`;
}

export async function findParcels(sql: Sql, q: FindParcels): Promise<ParcelPage> {
  const rows = await pageQuery(sql, q);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    collection: {
      type: 'FeatureCollection',
      features: page.map((row) => ({
        type: 'Feature',
        id: row.ll_uuid,
        geometry: row.geometry,
        properties: { ...row.fields, path: row.path, ll_uuid: row.ll_uuid },
      })),
      links: [],
    },
    next: rows.length > q.limit && last ? [last.sort_key, last.id] : null,
  };
}

export function pointWhere(sql: Sql, lon: number, lat: number, radius: number): Match {
  const point = sql`ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326)`;
  if (radius === 0)
    return { where: sql`ST_Intersects(p.geom, ${point})`, key: sql`ST_Area(p.geom)`, keyType: 'float8' };
  // The box (degrees, widened for latitude) lets the GIST index find candidates; geography measures metres.
  const degrees = radius / 111_000 / Math.max(0.01, Math.cos((lat * Math.PI) / 180)) + 1e-6;
  return {
    where: sql`p.geom && ST_Expand(${point}, ${degrees}::float8) AND ST_DWithin(p.geom::geography, ${point}::geography, ${radius}::float8)`,
    key: sql`ST_Distance(p.geom::geography, ${point}::geography)`,
    keyType: 'float8',
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function addressWhere(sql: Sql, query: string): Match {
  return { where: sql`p.address ILIKE ${`%${escapeLike(query)}%`}`, key: sql`p.address`, keyType: 'text' };
}

export function apnWhere(sql: Sql, parcelnumb: string): Match {
  return { where: sql`p.parcelnumb = ${parcelnumb}`, key: sql`p.path`, keyType: 'text' };
}

/** Equality on each named column, compared as text (names checked against the plan's fields). */
export function fieldsWhere(sql: Sql, filters: Record<string, string>): Match {
  const parts = Object.entries(filters).map(([name, value]) => sql`${sql(`p.${name}`)}::text = ${value}`);
  const where = parts.reduce((all, part) => sql`${all} AND ${part}`, sql`true`);
  return { where, key: sql`p.path`, keyType: 'text' };
}
