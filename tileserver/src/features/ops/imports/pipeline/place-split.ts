// A file covering a state or the country, split into the places its parcels belong to: each parcel's
// inside point (ST_PointOnSurface) against the loaded 1:500k county boundaries, in one statement with a
// GIST join (never a loop per row), then its city by the file's town column when there is one (names
// matched to the county's cities; a new name becomes a new city, outlined from its parcels), else by
// the loaded city boundaries. Each place's rows are then a view of the stage table, which the one-place
// import reads like a stage table of its own.
import type { Sql } from '@parcel-map/tileserver/db/client';
import type { Db } from '../../../../data/staging.ts';
import { transactionOf } from './connection-lost.ts';
import { stageTable } from './stage-checks.ts';

export interface Region {
  /** /us or /us/{state} */
  path: string;
  state: string | null;
}

/** --place naming the country or a state: a run over many places. */
export function regionOf(place: string): Region | null {
  const m = /^\/us(?:\/([a-z]{2}))?$/.exec(place);
  return m ? { path: place, state: m[1] ?? null } : null;
}

// The town or city column of public and vendors' parcel files, most specific first (MassGIS's CITY and
// SITE_CITY, assessors' TOWN, vendors' city/municipality). TOWN_ID (a MassGIS town number) is no name.
const townNames = [
  'site_city',
  'situs_city',
  'prop_city',
  'city',
  'scity',
  'town',
  'town_name',
  'city_name',
  'municipality',
  'muni',
  'muni_name',
  'township',
  'place_name',
];

/** The column naming each parcel's town, by its usual names in any case; null when the file has none. */
export function townColumn(columns: string[]): string | null {
  for (const name of townNames) {
    const found = columns.find((c) => c.toLowerCase() === name);
    if (found) return found;
  }
  return null;
}

/** A town's name as a path segment: "NORTH ADAMS" -> north-adams, "TOWN OF AMHERST" -> amherst; null for blanks and numbers. */
export function townSlug(name: string | null): string | null {
  if (!name) return null;
  const slug = name
    .toLowerCase()
    .replace(/^\s*(city|town|village|borough|township) of\s+/, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug && !/^[0-9-]+$/.test(slug) ? slug : null;
}

export interface PlaceShare {
  path: string;
  /** The place's number in the assignment table (its view's rows). */
  no: number;
  rows: number;
}

export interface PlaceSplit {
  places: PlaceShare[];
  /** Rows whose inside point is in no county of the region, nor within the outside distance of one. */
  outside: number;
  /** Rows without a geometry: no place to put them in. */
  noGeometry: number;
  /** A few refused rows' inside points, for the report. */
  outsideSample: { lon: number; lat: number }[];
  townColumn: string | null;
}

/**
 * Assigns every row of the stage table to a place, into import_stage.<table>_at (_fid, place_no),
 * and answers the places with their row counts. Rows outside every county of the region are kept up
 * to `outsideMaxMeters` from the nearest one (a coast cut by the generalised boundary), refused beyond.
 */
export async function assignPlaces(
  sql: Sql,
  table: string,
  region: Region,
  options: { townColumn: string | null; outsideMaxMeters: number },
): Promise<PlaceSplit> {
  const at = stageTable(`${table}_at`);
  return transactionOf(sql, async (tx) => {
    const db = tx as unknown as Db;
    const under = `${region.path}/%`;
    // Loaded boundaries only: an outline an earlier import drew around its parcels is no evidence.
    await db.unsafe(
      `CREATE TEMP TABLE import_region_counties ON COMMIT DROP AS
       SELECT path, ST_Subdivide(geom, 256) AS geom FROM places
       WHERE kind = 'county' AND path LIKE $1 AND NOT synthetic AND NOT outline_derived`,
      [under],
    );
    await db.unsafe(`CREATE INDEX ON import_region_counties USING gist (geom)`);
    await db.unsafe(
      `CREATE TEMP TABLE import_region_cities ON COMMIT DROP AS
       SELECT path, ST_Subdivide(geom, 256) AS geom FROM places
       WHERE kind = 'city' AND path LIKE $1 AND NOT synthetic AND NOT outline_derived`,
      [under],
    );
    await db.unsafe(`CREATE INDEX ON import_region_cities USING gist (geom)`);
    await db.unsafe(`ANALYZE import_region_counties`);
    await db.unsafe(`ANALYZE import_region_cities`);
    // The town column's name is quoted by the server (format %I), as stageRows quotes every column.
    const [quoted] = await db<{ town: string | null }[]>`SELECT format('t.%I', ${options.townColumn}::text) AS town`;
    const town = options.townColumn && quoted?.town ? `NULLIF(btrim(${quoted.town}::text), '')` : 'NULL::text';
    await db.unsafe(`DROP TABLE IF EXISTS ${at}`);
    // One pass: inside point (of the repaired outline when the published one is invalid), its county
    // and, where loaded, its city boundary, through the GIST indexes of the subdivided boundaries.
    await db.unsafe(
      `CREATE TABLE ${at} AS
       SELECT p._fid, p.pt, p.town, c.path AS county, ci.path AS city_at
       FROM (SELECT t._fid, ${town} AS town,
               CASE WHEN t._geom IS NULL OR ST_IsEmpty(t._geom) THEN NULL
                    WHEN ST_IsValid(t._geom) THEN ST_PointOnSurface(t._geom)
                    ELSE ST_PointOnSurface(ST_MakeValid(t._geom)) END AS pt
             FROM ${stageTable(table)} t) AS p
       LEFT JOIN LATERAL (SELECT path FROM import_region_counties c WHERE ST_Intersects(c.geom, p.pt) LIMIT 1) c ON true
       LEFT JOIN LATERAL (SELECT path FROM import_region_cities ci WHERE ST_Intersects(ci.geom, p.pt) LIMIT 1) ci ON true`,
    );
    // The few points just off the generalised coast: the nearest county of the region within the distance.
    await db.unsafe(
      `UPDATE ${at} a SET county = n.path
       FROM (SELECT a2._fid, near.path FROM ${at} a2
             CROSS JOIN LATERAL (SELECT path, geom FROM places c
               WHERE c.kind = 'county' AND c.path LIKE $1 AND NOT c.synthetic AND NOT c.outline_derived
               ORDER BY c.geom <-> a2.pt LIMIT 1) AS near
             WHERE a2.county IS NULL AND a2.pt IS NOT NULL AND ST_DWithin(near.geom::geography, a2.pt::geography, $2)) AS n
       WHERE a._fid = n._fid`,
      [under, options.outsideMaxMeters],
    );
    const towns = await db<{ county: string; town: string; n: number }[]>`
      SELECT county, town, count(*)::int AS n FROM ${db(at)} WHERE county IS NOT NULL AND town IS NOT NULL GROUP BY county, town`;
    const cities = await db<{ path: string; name: string; parent_path: string }[]>`
      SELECT path, name, parent_path FROM places WHERE kind = 'city' AND parent_path = ANY(${[...new Set(towns.map((t) => t.county))]}::text[])`;
    const resolved = resolveTowns(towns, cities);
    // The place of each row: its town's city, else the loaded city boundary it falls in, else its county.
    await db.unsafe(
      `CREATE TEMP TABLE import_region_towns ON COMMIT DROP AS
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS m(county, town, path)`,
      [resolved.map((r) => r.county), resolved.map((r) => r.town), resolved.map((r) => r.path)] as never[],
    );
    await db.unsafe(`ALTER TABLE ${at} ADD COLUMN path text, ADD COLUMN place_no integer`);
    await db.unsafe(
      `UPDATE ${at} a SET path = coalesce(m.path, a.city_at, a.county)
       FROM ${at} b LEFT JOIN import_region_towns m ON m.county = b.county AND m.town = b.town
       WHERE b._fid = a._fid AND a.county IS NOT NULL`,
    );
    const places = await db<{ path: string; rows: number }[]>`
      SELECT path, count(*)::int AS rows FROM ${db(at)} WHERE path IS NOT NULL GROUP BY path ORDER BY path`;
    const shares = places.map((p, i) => ({ ...p, no: i + 1 }));
    await db.unsafe(
      `UPDATE ${at} a SET place_no = m.no FROM unnest($1::text[], $2::int[]) AS m(path, no) WHERE a.path = m.path`,
      [shares.map((s) => s.path), shares.map((s) => s.no)] as never[],
    );
    await db.unsafe(`CREATE INDEX ON ${at} (place_no, _fid)`);
    await db.unsafe(`ANALYZE ${at}`);
    const [left] = await db<{ outside: number; none: number }[]>`
      SELECT count(*) FILTER (WHERE pt IS NOT NULL)::int AS outside, count(*) FILTER (WHERE pt IS NULL)::int AS none
      FROM ${db(at)} WHERE path IS NULL`;
    const sample = await db<{ lon: number; lat: number }[]>`
      SELECT ST_X(pt) AS lon, ST_Y(pt) AS lat FROM ${db(at)} WHERE path IS NULL AND pt IS NOT NULL ORDER BY _fid LIMIT 5`;
    return {
      places: shares,
      outside: left?.outside ?? 0,
      noGeometry: left?.none ?? 0,
      outsideSample: sample.map((s) => ({ lon: s.lon, lat: s.lat })),
      townColumn: options.townColumn,
    };
  });
}

/**
 * The city path of each (county, town) pair. A town lies in one county: its parcels whose inside
 * point falls across a generalised county line (a Somerville lot on the Suffolk side) stay in the town,
 * filed under the county holding most of its parcels, rather than making a one-parcel town there. A
 * town name matches a city of that county by its path segment or name ("Cambridge", "Easthampton
 * Town"); any other name becomes a new city.
 */
export function resolveTowns(
  towns: { county: string; town: string; n: number }[],
  cities: { path: string; name: string; parent_path: string }[],
): { county: string; town: string; path: string }[] {
  const stateOf = (county: string) => county.split('/').slice(0, 3).join('/');
  // Parcels per town (by its slug, within a state) and county; the town's home is its largest county.
  const counts = new Map<string, Map<string, number>>();
  for (const { county, town, n } of towns) {
    const slug = townSlug(town);
    if (!slug) continue;
    const key = `${stateOf(county)}|${slug}`;
    const byCounty = counts.get(key) ?? new Map<string, number>();
    byCounty.set(county, (byCounty.get(county) ?? 0) + n);
    counts.set(key, byCounty);
  }
  const home = new Map(
    [...counts].map(([key, byCounty]) => [
      key,
      [...byCounty].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
    ]),
  );
  return towns.flatMap(({ county, town }) => {
    const slug = townSlug(town);
    if (!slug) return [];
    const known = (inCounty: string) =>
      cities.find(
        (c) =>
          c.parent_path === inCounty &&
          [
            c.path.slice(inCounty.length + 1),
            townSlug(c.name),
            townSlug(c.name.replace(/\s+(city|town)$/i, '')),
          ].includes(slug),
      );
    // A city of that name in the parcel's own county wins; else the town's home county.
    const own = known(county);
    if (own) return [{ county, town, path: own.path }];
    const at = home.get(`${stateOf(county)}|${slug}`) ?? county;
    return [{ county, town, path: known(at)?.path ?? `${at}/${slug}` }];
  });
}

/** A view of the stage table holding one place's rows: what the one-place import reads as its stage table. */
export async function placeView(sql: Sql, table: string, no: number): Promise<string> {
  if (!Number.isInteger(no) || no < 1) throw new Error(`bad place number ${no}`);
  const view = `${table}_p${no}`;
  await sql.unsafe(
    `CREATE OR REPLACE VIEW ${stageTable(view)} AS
     SELECT t.* FROM ${stageTable(table)} t JOIN ${stageTable(`${table}_at`)} a ON a._fid = t._fid WHERE a.place_no = ${no}`,
  );
  return view;
}
