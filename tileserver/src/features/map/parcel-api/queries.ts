// SQL of the parcel API: parcels as GeoJSON features with only the columns the plan allows, limited to
// the sandbox's counties. Column names come from the field catalog (checked before they get here),
// values are bound parameters; the where clauses are fixed fragments.
import type { Sql } from '../../../db/client.ts';
import type { ParcelFeatureCollection } from '@parcel-map/contracts/map/parcel-api';

// A query fragment (postgres.js PendingQuery) composed into the statement, never run alone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fragment = any;

export interface FindParcels {
  where: Fragment;
  order: Fragment;
  visible: readonly string[];
  /** County paths ('/us/ma/middlesex') the caller may read; null for all. */
  counties: readonly string[] | null;
  path?: string;
  limit: number;
}

export async function findParcels(sql: Sql, q: FindParcels): Promise<ParcelFeatureCollection> {
  const columns = sql(q.visible.map((name) => `p.${name}`));
  const inCounties = q.counties ? sql`AND p.path LIKE ANY(${q.counties.map((c) => `${c}/%`)}::text[])` : sql``;
  const underPath = q.path ? sql`AND p.path LIKE ${`${q.path}/%`}` : sql``;
  const rows = await sql<
    {
      path: string;
      ll_uuid: string;
      fields: Record<string, unknown>;
      geometry: ParcelFeatureCollection['features'][number]['geometry'];
    }[]
  >`
    SELECT p.path, p.ll_uuid::text AS ll_uuid, (SELECT to_jsonb(v) FROM (SELECT ${columns}) v) AS fields, ST_AsGeoJSON(p.geom, 7)::json AS geometry
    FROM parcels p
    WHERE ${q.where} ${inCounties} ${underPath}
    ORDER BY ${q.order}
    LIMIT ${q.limit}`;
  return {
    type: 'FeatureCollection',
    features: rows.map((row) => ({
      type: 'Feature',
      id: row.ll_uuid,
      geometry: row.geometry,
      properties: { ...row.fields, path: row.path, ll_uuid: row.ll_uuid },
    })),
  };
}

export function pointWhere(sql: Sql, lon: number, lat: number, radius: number): { where: Fragment; order: Fragment } {
  const point = sql`ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326)`;
  if (radius === 0) return { where: sql`ST_Intersects(p.geom, ${point})`, order: sql`ST_Area(p.geom), p.id` };
  // The box (degrees, widened for latitude) lets the GIST index find candidates; geography measures metres.
  const degrees = radius / 111_000 / Math.max(0.01, Math.cos((lat * Math.PI) / 180)) + 1e-6;
  return {
    where: sql`p.geom && ST_Expand(${point}, ${degrees}::float8) AND ST_DWithin(p.geom::geography, ${point}::geography, ${radius}::float8)`,
    order: sql`ST_Distance(p.geom::geography, ${point}::geography), p.id`,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function addressWhere(sql: Sql, query: string): { where: Fragment; order: Fragment } {
  return { where: sql`p.address ILIKE ${`%${escapeLike(query)}%`}`, order: sql`p.address, p.id` };
}

export function apnWhere(sql: Sql, parcelnumb: string): { where: Fragment; order: Fragment } {
  return { where: sql`p.parcelnumb = ${parcelnumb}`, order: sql`p.path, p.id` };
}

/** Equality on each named column, compared as text (names checked against the plan's fields). */
export function fieldsWhere(sql: Sql, filters: Record<string, string>): { where: Fragment; order: Fragment } {
  const parts = Object.entries(filters).map(([name, value]) => sql`${sql(`p.${name}`)}::text = ${value}`);
  const where = parts.reduce((all, part) => sql`${all} AND ${part}`, sql`true`);
  return { where, order: sql`p.path, p.id` };
}
