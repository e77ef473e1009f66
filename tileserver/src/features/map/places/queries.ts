// SQL of the places feature: the place of each kind at a point, one place's outline, its children, and
// the place a /us/neighborhoods/ alias names.
import type { Geometry } from '@parcel-map/contracts/geojson';
import type { BBox, PlaceRef } from '@parcel-map/contracts/map/places';
import type { Sql } from '../../../db/client.ts';

export async function placesAtPoint(sql: Sql, lon: number, lat: number): Promise<PlaceRef[]> {
  return sql<PlaceRef[]>`
    SELECT kind, path, name, headline, place_headline_alt(path) AS headline_alt FROM places_at_point(${lon}, ${lat})`;
}

export interface PlaceBoundaryRow extends PlaceRef {
  parent_path: string | null;
  synthetic: boolean;
  outline_derived: boolean;
  geometry: Geometry;
  w: number;
  s: number;
  e: number;
  n: number;
}

// The outline is simplified to about 1/4000 of the place's extent (sub-pixel when the place fills the
// screen): a country outline would otherwise be megabytes; a neighbourhood keeps sub-metre detail.
export async function placeBoundary(sql: Sql, path: string): Promise<PlaceBoundaryRow | undefined> {
  const [row] = await sql<PlaceBoundaryRow[]>`
    SELECT p.path, p.name, p.headline, place_headline_alt(p.path) AS headline_alt, p.kind, p.parent_path, p.synthetic, p.outline_derived,
           ST_AsGeoJSON(ST_SimplifyPreserveTopology(p.geom, t.tolerance), 6)::json AS geometry,
           ST_XMin(p.geom) AS w, ST_YMin(p.geom) AS s, ST_XMax(p.geom) AS e, ST_YMax(p.geom) AS n
    FROM places p,
         LATERAL (SELECT greatest(ST_XMax(p.geom) - ST_XMin(p.geom), ST_YMax(p.geom) - ST_YMin(p.geom)) / 4000 AS tolerance) t
    WHERE p.path = ${path}`;
  return row;
}

export interface PlaceChildRow extends PlaceRef {
  w: number;
  s: number;
  e: number;
  n: number;
  geometry?: Geometry;
}

export async function placeExists(sql: Sql, path: string): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`SELECT EXISTS (SELECT 1 FROM places WHERE path = ${path}) AS found`;
  return row?.found ?? false;
}

/** Sub-places sorted by name (case-insensitively); outlines only when asked for (basemap drawing). */
export async function placeChildren(sql: Sql, path: string, withGeometry: boolean): Promise<PlaceChildRow[]> {
  const geometry = withGeometry
    ? sql`, ST_AsGeoJSON(ST_SimplifyPreserveTopology(p.geom,
          greatest(ST_XMax(p.geom) - ST_XMin(p.geom), ST_YMax(p.geom) - ST_YMin(p.geom)) / 1000), 6)::json AS geometry`
    : sql``;
  return sql<PlaceChildRow[]>`
    SELECT p.path, p.name, p.headline, place_headline_alt(p.path) AS headline_alt, p.kind,
           ST_XMin(p.geom) AS w, ST_YMin(p.geom) AS s, ST_XMax(p.geom) AS e, ST_YMax(p.geom) AS n
           ${geometry}
    FROM places p
    WHERE p.parent_path = ${path}
    ORDER BY lower(p.name), p.name, p.path`;
}

export function bboxOf(row: { w: number; s: number; e: number; n: number }): BBox {
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return [round(row.w), round(row.s), round(row.e), round(row.n)];
}

/** The place path an alias names (resolve_place_path in sql/functions/places.sql); other paths as given. */
export async function resolvePlacePath(sql: Sql, path: string): Promise<string | null> {
  const [row] = await sql<{ path: string | null }[]>`SELECT resolve_place_path(${path}) AS path`;
  return row?.path ?? null;
}
