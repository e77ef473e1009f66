// Address search by street centerline address ranges: "63 highland" with no parcel at that exact
// address finds the street segments named HIGHLAND... whose range on one side holds 63 (same parity
// as the side's numbers), interpolates the house's position along the segment, steps 15 m off the
// centerline to that side, and answers the parcel there (the one under that point, else the nearest
// within 40 m). Input is bound as values; LIKE wildcards are escaped.
import type { Sql } from '../../../db/client.ts';
import { likeEscape } from '../../../db/like.ts';

export interface HouseQuery {
  number: number;
  street: string;
}

/** "63 high" -> { number: 63, street: 'high' }; text not starting with a house number -> null. */
export function houseQuery(q: string): HouseQuery | null {
  const match = /^(\d{1,6})[A-Za-z]?\s+(\S.*)$/.exec(q);
  if (!match) return null;
  return { number: Number(match[1]), street: match[2]!.trim() };
}

export interface InterpolatedHit {
  path: string;
  address: string | null;
  parcelnumb: string | null;
  street: string;
  lon: number;
  lat: number;
  w: number;
  s: number;
  e: number;
  n: number;
  place_headline: string | null;
}

/** True when some parcel's address starts with the house number and the street text. */
export async function hasExactAddress(sql: Sql, house: HouseQuery): Promise<boolean> {
  const pattern = `${house.number} ${likeEscape(house.street)}%`;
  const [row] = await sql<
    { found: boolean }[]
  >`SELECT EXISTS (SELECT 1 FROM parcels WHERE address ILIKE ${pattern}) AS found`;
  return row?.found ?? false;
}

/** Interpolated addresses on the streets whose name starts with the street text, best name match first. */
export async function searchAddressRanges(sql: Sql, house: HouseQuery, limit: number): Promise<InterpolatedHit[]> {
  if (limit <= 0) return [];
  const prefix = `${likeEscape(house.street)}%`;
  return sql<InterpolatedHit[]>`
    WITH segments AS (
      SELECT s.id, s.name, side.sign, side.f, side.t
      FROM streets s
      CROSS JOIN LATERAL (VALUES (1, s.l_from, s.l_to), (-1, s.r_from, s.r_to)) AS side (sign, f, t)
      WHERE s.name ILIKE ${prefix}
        AND side.f IS NOT NULL AND side.t IS NOT NULL
        AND ${house.number}::int BETWEEN least(side.f, side.t) AND greatest(side.f, side.t)
        AND ${house.number}::int % 2 = side.f % 2
    ), best AS (
      -- One segment per street name: the exact name (ignoring case) before longer ones.
      SELECT DISTINCT ON (upper(g.name)) g.*
      FROM segments g
      ORDER BY upper(g.name), g.id
    ), located AS (
      SELECT b.name, b.sign, line,
        CASE WHEN b.t = b.f THEN 0.5 ELSE (${house.number}::int - b.f)::float8 / (b.t - b.f) END AS frac
      FROM best b JOIN streets s ON s.id = b.id
      CROSS JOIN LATERAL (SELECT ST_GeometryN(s.geom_3857, 1) AS line) l
    ), points AS (
      SELECT name, sign, ST_LineInterpolatePoint(line, frac) AS at,
        ST_LineInterpolatePoint(line, least(1, frac + 0.02)) AS ahead, ST_LineInterpolatePoint(line, greatest(0, frac - 0.02)) AS behind
      FROM located
    ), beside AS (
      -- 15 m on the ground to the left (sign 1) or right (sign -1) of the direction of travel; Web
      -- Mercator stretches ground metres by 1 / cos(latitude).
      SELECT name, at, ST_Transform(ST_Translate(at,
          sign * -15 * k * (ST_Y(ahead) - ST_Y(behind)) / NULLIF(ST_Distance(ahead, behind), 0),
          sign * 15 * k * (ST_X(ahead) - ST_X(behind)) / NULLIF(ST_Distance(ahead, behind), 0)), 4326) AS point
      FROM points CROSS JOIN LATERAL (SELECT 1 / cos(radians(ST_Y(ST_Transform(at, 4326)))) AS k) AS stretch
    )
    SELECT p.path, p.address, p.parcelnumb, upper(b.name) AS street,
      ST_X(b.point) AS lon, ST_Y(b.point) AS lat,
      ST_XMin(p.geom) AS w, ST_YMin(p.geom) AS s, ST_XMax(p.geom) AS e, ST_YMax(p.geom) AS n,
      pl.headline AS place_headline
    FROM beside b
    CROSS JOIN LATERAL (
      SELECT x.* FROM parcels x
      -- The box (about 45 m or more at any US latitude) lets the spatial index find the candidates.
      WHERE b.point IS NOT NULL AND x.geom && ST_Expand(b.point, 0.0006) AND ST_DWithin(x.geom::geography, b.point::geography, 40)
      ORDER BY ST_Intersects(x.geom, b.point) DESC, x.geom <-> b.point
      LIMIT 1
    ) p
    LEFT JOIN places pl ON pl.path = regexp_replace(p.path, '/[0-9]+$', '')
    ORDER BY upper(b.name) = upper(${house.street}) DESC, b.name
    LIMIT ${limit}`;
}
