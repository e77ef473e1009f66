// SQL of the search feature's candidates: places by name or headline (prefix, word start, trigram
// similarity), streets by name from the centerlines, and parcels by address or parcel number. Input
// is bound as values, with LIKE wildcards escaped.
import type { Sql } from '../../../db/client.ts';
import { likeEscape } from '../../../db/like.ts';

export interface PlaceHit {
  kind: string;
  path: string;
  name: string;
  headline: string;
  headline_alt: string | null;
  has_parcels: boolean;
  w: number;
  s: number;
  e: number;
  n: number;
}

export interface ParcelHit {
  path: string;
  address: string | null;
  parcelnumb: string | null;
  lon: number;
  lat: number;
  w: number;
  s: number;
  e: number;
  n: number;
  place_headline: string | null;
}

/** The map's view as the search sees it: its centre, or nothing (then no result is nearer than another). */
export type Near = [number, number] | null;

// Candidates only: search-rank.ts orders them with the streets and parcels. The order here decides
// which 33 come back: exact name, name/headline prefix, a word of the name starting with the first
// typed word ("cambridge" -> East Cambridge), near the view (a box test the index answers), places
// that hold parcels, bigger kinds, similarity. The parcel check walks the path index with the pattern
// operators (~>=~, ~<~) that text_pattern_ops supports: all paths under p.path + '/' sort between it
// and p.path + '0' ('0' follows '/').
export async function searchPlaces(
  sql: Sql,
  q: string,
  country: string | null,
  near: Near,
  wordStart: string,
  limit: number,
): Promise<PlaceHit[]> {
  const prefix = `${likeEscape(q)}%`;
  const [lon, lat] = near ?? [null, null];
  return sql<PlaceHit[]>`
    SELECT c.*, place_headline_alt(c.path) AS headline_alt,
           EXISTS (SELECT 1 FROM parcels x WHERE x.path ~>=~ (c.path || '/') AND x.path ~<~ (c.path || '0')) AS has_parcels
    FROM (
      SELECT p.kind, p.path, p.name, p.headline,
             ST_XMin(p.geom) AS w, ST_YMin(p.geom) AS s, ST_XMax(p.geom) AS e, ST_YMax(p.geom) AS n
      FROM places p
      WHERE (p.name ILIKE ${prefix} OR p.headline ILIKE ${prefix} OR p.name % ${q} OR p.name ~* ${wordStart})
        AND (${country}::text IS NULL OR p.country = ${country})
      ORDER BY lower(p.name) = lower(${q}) DESC,
               (p.name ILIKE ${prefix} OR p.headline ILIKE ${prefix}) DESC,
               p.name ~* ${wordStart} DESC,
               (${lon}::float8 IS NOT NULL AND p.geom && ST_Expand(ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326), 0.05)) DESC,
               EXISTS (SELECT 1 FROM parcels x WHERE x.path ~>=~ (p.path || '/') AND x.path ~<~ (p.path || '0')) DESC,
               p.synthetic,
               array_position(ARRAY['country', 'state', 'county', 'city', 'neighborhood'], p.kind),
               similarity(p.name, ${q}) DESC, p.name, p.path
      LIMIT ${limit}
    ) c`;
}

export interface StreetHit {
  name: string;
  segments: number;
  lon: number;
  lat: number;
  w: number;
  s: number;
  e: number;
  n: number;
  place_path: string | null;
  place_headline: string | null;
}

// Streets by name from the centerlines: one answer per street name and source (a street is many
// segments), with its extent, a point on the street near the middle of it, and the city it lies in.
// Every typed word must start a word of the name, in any spelling (search-rank.ts: wordStartPatterns).
export async function searchStreets(sql: Sql, patterns: string[], limit: number): Promise<StreetHit[]> {
  if (limit <= 0 || patterns.length === 0) return [];
  return sql<StreetHit[]>`
    WITH named AS (
      SELECT min(s.name) AS name, count(*)::int AS segments, ST_Collect(s.geom) AS geom
      FROM streets s
      WHERE s.name IS NOT NULL
        AND (SELECT bool_and(s.name ~* t) FROM unnest(${patterns}::text[]) AS t)
      GROUP BY upper(s.name), s.source
      ORDER BY count(*) DESC, min(s.name)
      LIMIT ${limit}
    ), placed AS (
      SELECT n.*, ST_ClosestPoint(n.geom, ST_Centroid(n.geom)) AS at FROM named n
    )
    SELECT d.name, d.segments, ST_X(d.at) AS lon, ST_Y(d.at) AS lat,
      ST_XMin(d.geom) AS w, ST_YMin(d.geom) AS s, ST_XMax(d.geom) AS e, ST_YMax(d.geom) AS n,
      pl.path AS place_path, pl.headline AS place_headline
    FROM placed d
    LEFT JOIN LATERAL (
      -- The city under the point, else the nearest within about 2 km (a bridge's middle is over water).
      SELECT p.path, p.headline FROM places p
      WHERE p.kind = 'city' AND ST_DWithin(p.geom, d.at, 0.02)
      ORDER BY p.geom <-> d.at, p.path LIMIT 1
    ) pl ON true
    ORDER BY d.segments DESC, d.name`;
}

// Addresses: a contains-match through the trigram index from 3 characters; with 2 characters no
// trigram can be formed inside a word, so only address prefixes are matched then. Ordering is done
// over the first `candidateCap` matches: a common word ('ave') matches a fifth of a 1M-parcel county,
// and sorting all of them costs seconds; within the cap the order is exact.
const candidateCap = 2000;

// Within the cap, addresses that hold every typed word whole come first ("main" -> MAIN ST before
// MAINE AVE), then those near the view (a box of about 4 km the index answers), then by prefix.
export async function searchParcelAddresses(
  sql: Sql,
  q: string,
  country: string | null,
  near: Near,
  wholeWords: string[],
  limit: number,
): Promise<ParcelHit[]> {
  if (limit <= 0) return [];
  const escaped = likeEscape(q);
  const prefix = `${escaped}%`;
  const pattern = q.length >= 3 ? `%${escaped}%` : prefix;
  const countryPrefix = country ? `/${country}/%` : '%';
  const [lon, lat] = near ?? [null, null];
  return sql<ParcelHit[]>`
    SELECT ${parcelHitColumns(sql)}
    FROM (
      SELECT c.id, c.path, c.address,
        (SELECT coalesce(bool_and(c.address ~* t), false) FROM unnest(${wholeWords}::text[]) AS t) AS whole,
        (${lon}::float8 IS NOT NULL AND c.geom && ST_Expand(ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326), 0.04)) AS near,
        c.address ILIKE ${prefix} AS starts
      FROM (
        SELECT x.id, x.path, x.address, x.geom FROM parcels x
        WHERE x.address ILIKE ${pattern} AND x.path LIKE ${countryPrefix}
        LIMIT ${candidateCap}
      ) c
      ORDER BY whole DESC, near DESC, starts DESC, c.address, c.path
      LIMIT ${limit}
    ) hit
    JOIN parcels p ON p.id = hit.id
    LEFT JOIN places pl ON pl.path = regexp_replace(p.path, '/[0-9]+$', '')
    ORDER BY hit.whole DESC, hit.near DESC, hit.starts DESC, hit.address, hit.path`;
}

// Parcel-number search runs only for number-like text (a digit, no spaces); the trigram index on
// parcelnumb (migration 00004) keeps it a lookup on million-parcel counties.
export function looksLikeParcelNumber(q: string): boolean {
  return /\d/.test(q) && !/\s/.test(q) && q.length <= 40;
}

export async function searchParcelNumbers(
  sql: Sql,
  q: string,
  country: string | null,
  limit: number,
): Promise<ParcelHit[]> {
  if (limit <= 0 || !looksLikeParcelNumber(q)) return [];
  const escaped = likeEscape(q);
  const countryPrefix = country ? `/${country}/%` : '%';
  const columns = parcelHitColumns(sql);
  return sql<ParcelHit[]>`
    SELECT ${columns}
    FROM (
      SELECT x.id FROM parcels x
      WHERE x.parcelnumb ILIKE ${`${escaped}%`} AND x.path LIKE ${countryPrefix}
      ORDER BY x.parcelnumb ILIKE ${escaped} DESC, x.parcelnumb, x.path
      LIMIT ${limit}
    ) hit
    JOIN parcels p ON p.id = hit.id
    LEFT JOIN places pl ON pl.path = regexp_replace(p.path, '/[0-9]+$', '')
    ORDER BY p.parcelnumb ILIKE ${escaped} DESC, p.parcelnumb, p.path`;
}

function parcelHitColumns(sql: Sql) {
  return sql`p.path, p.address, p.parcelnumb,
    coalesce(p.lon, ST_X(ST_PointOnSurface(p.geom))) AS lon, coalesce(p.lat, ST_Y(ST_PointOnSurface(p.geom))) AS lat,
    ST_XMin(p.geom) AS w, ST_YMin(p.geom) AS s, ST_XMax(p.geom) AS e, ST_YMax(p.geom) AS n,
    pl.headline AS place_headline`;
}
