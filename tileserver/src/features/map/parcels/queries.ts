// SQL of the parcels feature: one parcel with only the columns the caller may see, and the parcels
// under a point. Column names come from the field catalog only, never from a request.
import type { Geometry } from '@parcel-map/contracts/geojson';
import type { Sql } from '../../../db/client.ts';

export interface ParcelRow {
  id: number;
  path: string;
  ll_uuid: string;
  /** Visible catalog fields as JSON (dates as ISO text, numerics as numbers). */
  fields: Record<string, unknown>;
  /** Names of locked fields that hold a value; the values themselves are not selected. */
  locked_with_data: string[];
  geometry: Geometry;
  lon: number;
  lat: number;
  place_path: string | null;
  place_name: string | null;
  place_headline: string | null;
}

export async function parcelByPath(
  sql: Sql,
  path: string,
  placePath: string,
  visible: readonly string[],
  locked: readonly string[],
): Promise<ParcelRow | undefined> {
  // The subselects pick catalog columns of p by name; to_jsonb turns such a row into {name: value}.
  // Qualified as p."name" (postgres.js quotes each dotted part) so no column of places can shadow them.
  const columns = (names: readonly string[]) => sql(names.map((name) => `p.${name}`));
  const lockedKeys = locked.length
    ? sql`ARRAY(SELECT jsonb_object_keys(jsonb_strip_nulls(to_jsonb(l))) FROM (SELECT ${columns(locked)}) l)`
    : sql`'{}'::text[]`;
  const [row] = await sql<ParcelRow[]>`
    SELECT p.id::float8 AS id, p.path, p.ll_uuid::text AS ll_uuid,
           (SELECT to_jsonb(v) FROM (SELECT ${columns(visible)}) v) AS fields,
           ${lockedKeys} AS locked_with_data,
           ST_AsGeoJSON(p.geom, 7)::json AS geometry,
           coalesce(p.lon, ST_X(s.point)) AS lon, coalesce(p.lat, ST_Y(s.point)) AS lat,
           pl.path AS place_path, pl.name AS place_name, pl.headline AS place_headline
    FROM parcels p
    CROSS JOIN LATERAL (SELECT CASE WHEN p.lon IS NULL OR p.lat IS NULL THEN ST_PointOnSurface(p.geom) END AS point) s
    LEFT JOIN places pl ON pl.path = ${placePath}
    WHERE p.path = ${path}`;
  return row;
}

export interface ParcelAtPointRow {
  path: string;
  address: string | null;
  owner: string | null;
  parcelnumb: string | null;
}

/** Parcels containing the point, smallest first (a condo unit before the lot it stands on). */
export async function parcelsAtPoint(sql: Sql, lon: number, lat: number, limit: number): Promise<ParcelAtPointRow[]> {
  return sql<ParcelAtPointRow[]>`
    SELECT p.path, p.address, p.owner, p.parcelnumb
    FROM parcels p
    WHERE ST_Intersects(p.geom, ST_SetSRID(ST_MakePoint(${lon}, ${lat}), 4326))
    ORDER BY ST_Area(p.geom), p.id
    LIMIT ${limit}`;
}
