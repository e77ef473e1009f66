// SQL of the search feature: places by name or headline (prefix first, then trigram similarity) and
// parcels by address or parcel number. Input is bound as values, with LIKE wildcards escaped.
import type { Sql } from '../../../db/client.ts';
import { likeEscape } from '../../../db/like.ts';

export interface PlaceHit {
  kind: string;
  path: string;
  name: string;
  headline: string;
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

// Ranking: exact name, then name/headline prefix, then places that hold parcels (what users come to
// see: 'camb' ranks Cambridge, MA above Cambria County, PA), then bigger kinds first, then similarity.
// The parcel check walks the path index with the pattern operators (~>=~, ~<~) that text_pattern_ops
// supports: all paths under p.path + '/' sort between it and p.path + '0' ('0' follows '/').
export async function searchPlaces(sql: Sql, q: string, country: string | null, limit: number): Promise<PlaceHit[]> {
  const prefix = `${likeEscape(q)}%`;
  return sql<PlaceHit[]>`
    SELECT p.kind, p.path, p.name, p.headline,
           ST_XMin(p.geom) AS w, ST_YMin(p.geom) AS s, ST_XMax(p.geom) AS e, ST_YMax(p.geom) AS n
    FROM places p
    WHERE (p.name ILIKE ${prefix} OR p.headline ILIKE ${prefix} OR p.name % ${q})
      AND (${country}::text IS NULL OR p.country = ${country})
    ORDER BY lower(p.name) = lower(${q}) DESC,
             (p.name ILIKE ${prefix} OR p.headline ILIKE ${prefix}) DESC,
             EXISTS (SELECT 1 FROM parcels x WHERE x.path ~>=~ (p.path || '/') AND x.path ~<~ (p.path || '0')) DESC,
             p.synthetic,
             array_position(ARRAY['country', 'state', 'county', 'city', 'neighborhood'], p.kind),
             similarity(p.name, ${q}) DESC, p.name, p.path
    LIMIT ${limit}`;
}

// Addresses: a contains-match through the trigram index from 3 characters; with 2 characters no
// trigram can be formed inside a word, so only address prefixes are matched then. Ordering is done
// over the first `candidateCap` matches: a common word ('ave') matches a fifth of a 1M-parcel county,
// and sorting all of them costs seconds; within the cap the order is exact.
const candidateCap = 2000;

export async function searchParcelAddresses(
  sql: Sql,
  q: string,
  country: string | null,
  limit: number,
): Promise<ParcelHit[]> {
  if (limit <= 0) return [];
  const escaped = likeEscape(q);
  const prefix = `${escaped}%`;
  const pattern = q.length >= 3 ? `%${escaped}%` : prefix;
  const countryPrefix = country ? `/${country}/%` : '%';
  return sql<ParcelHit[]>`
    SELECT ${parcelHitColumns(sql)}
    FROM (
      SELECT * FROM (
        SELECT x.id, x.path, x.address, x.parcelnumb FROM parcels x
        WHERE x.address ILIKE ${pattern} AND x.path LIKE ${countryPrefix}
        LIMIT ${candidateCap}
      ) c
      ORDER BY c.address ILIKE ${prefix} DESC, c.address, c.path
      LIMIT ${limit}
    ) hit
    JOIN parcels p ON p.id = hit.id
    LEFT JOIN places pl ON pl.path = regexp_replace(p.path, '/[0-9]+$', '')
    ORDER BY hit.address ILIKE ${prefix} DESC, hit.address, hit.path`;
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
