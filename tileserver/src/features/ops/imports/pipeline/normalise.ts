// The imported parcels' rows: the place they belong to (from the loaded boundaries, else outlined by
// the parcels), the INSERT from load_staging with the mapped fields, and the derived fields that the
// shipped loaders compute (LBCS from the MA use-code table, FEMA flood zone, zoning from districts).
import type { Sql } from '@parcel-map/tileserver/db/client';
import { assignFloodZones } from '../../../../data/flood-wetlands.ts';
import { upsertOutlinePlace, type PlaceRecord } from '../../../../data/places.ts';
import { addressLateral } from '../../../../data/sql-fragments.ts';
import type { Db } from '../../../../data/staging.ts';
import { assignZoning } from '../../../../data/zoning.ts';
import { Params, type Catalog, type Mapping } from './mapping.ts';
import type { ValueColumns } from './values.ts';
import { ImportInputError } from './ogr.ts';

export interface PlaceInfo {
  /** The place the parcels hang under: the city when given, else the county. */
  path: string;
  state: string;
  statePath: string;
  countyPath: string;
  countySlug: string;
  countyExists: boolean;
  countyName: string;
  countyCode: string | null;
  /** The county was outlined by an earlier import of this place: a re-import redraws it. */
  countyOurs: boolean;
  cityPath: string | null;
  citySlug: string | null;
  cityExists: boolean;
  cityName: string | null;
  cityOurs: boolean;
}

const placePattern = /^\/us\/([a-z]{2})\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\/([a-z0-9]+(?:-[a-z0-9]+)*))?$/;
const titleOf = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export async function resolvePlace(sql: Sql | Db, path: string): Promise<PlaceInfo> {
  const m = placePattern.exec(path);
  if (!m)
    throw new ImportInputError(
      `--place must look like /us/{state}/{county}[/{city}] in lower case with dashes, e.g. /us/ma/middlesex (or name a state, /us/ma, or the country, /us, for a file covering many places); got ${path}`,
    );
  const [, state, countySlug, citySlug] = m as unknown as [string, string, string, string | undefined];
  const statePath = `/us/${state}`;
  const countyPath = `${statePath}/${countySlug}`;
  const cityPath = citySlug ? `${countyPath}/${citySlug}` : null;
  const source = `import:${cityPath ?? countyPath}`;
  const rows = await (sql as Db)<{ path: string; kind: string; name: string; code: string | null; source: string }[]>`
    SELECT path, kind, name, code, source FROM places WHERE path IN ${(sql as Db)([statePath, countyPath, cityPath ?? countyPath])}`;
  const at = (p: string | null) => rows.find((r) => r.path === p);
  if (!at(statePath))
    throw new ImportInputError(`there is no state ${statePath}: load the boundaries first (npm run load)`);
  const county = at(countyPath);
  if (!county) await refuseUnknownCounty(sql as Db, statePath, countyPath, countySlug);
  const city = at(cityPath);
  if (county && county.kind !== 'county') throw new ImportInputError(`${countyPath} is a ${county.kind}, not a county`);
  if (city && city.kind !== 'city') throw new ImportInputError(`${cityPath} is a ${city.kind}, not a city`);
  return {
    path: cityPath ?? countyPath,
    state,
    statePath,
    countyPath,
    countySlug,
    countyExists: Boolean(county),
    countyName: county?.name ?? titleOf(countySlug),
    countyCode: county?.code ?? null,
    countyOurs: county?.source === source,
    cityPath,
    citySlug: citySlug ?? null,
    cityExists: Boolean(city),
    cityName: city?.name ?? (citySlug ? titleOf(citySlug) : null),
    cityOurs: city?.source === source,
  };
}

export interface PlaceSuggestion {
  path: string;
  headline: string;
}

/** An unknown --place: the message names the closest existing places, which the admin route answers too. */
export class UnknownPlaceError extends ImportInputError {
  constructor(
    message: string,
    readonly suggestions: PlaceSuggestion[],
  ) {
    super(message);
  }
}

/**
 * A county missing from a state whose counties are loaded is a wrong name (/us/va/williamsburg for
 * /us/va/williamsburg-city), not a new county: outlining it from the parcels would file them under a
 * place nobody else knows. Synthetic states (the benchmark's) and states without any county keep
 * getting counties outlined from their parcels.
 */
async function refuseUnknownCounty(db: Db, statePath: string, countyPath: string, slug: string): Promise<void> {
  const [state] = await db<{ synthetic: boolean; counties: number }[]>`
    SELECT s.synthetic, (SELECT count(*)::int FROM places c WHERE c.parent_path = s.path AND c.kind = 'county' AND NOT c.synthetic) AS counties
    FROM places s WHERE s.path = ${statePath}`;
  if (!state || state.synthetic || state.counties === 0) return;
  const suggestions = await closestPlaces(db, statePath, slug);
  const named = suggestions.map((p) => `${p.path} (${p.headline})`).join(', ');
  throw new UnknownPlaceError(
    `there is no place ${countyPath}${named ? `: did you mean ${named}?` : `, and no county of ${statePath} has a similar name`} (--place takes an existing county, optionally with a city under it)`,
    suggestions,
  );
}

/**
 * Counties and cities of the state named most like `slug`: those whose slug begins with it or it with
 * theirs first (williamsburg -> williamsburg-city), then by trigram similarity of slug or name.
 */
export async function closestPlaces(db: Db, statePath: string, slug: string, limit = 3): Promise<PlaceSuggestion[]> {
  const words = slug.replaceAll('-', ' ');
  return db<PlaceSuggestion[]>`
    SELECT path, headline FROM (
      SELECT path, headline, regexp_replace(path, '^.*/', '') AS tail, lower(name) AS name FROM places
      WHERE path LIKE ${`${statePath}/%`} AND kind IN ('county', 'city')
    ) p
    CROSS JOIN LATERAL (SELECT
      (CASE WHEN tail LIKE ${`${slug}-%`} OR ${slug} LIKE tail || '-%' THEN 1 ELSE 0 END)
      + greatest(similarity(tail, ${slug}), similarity(name, ${words})) AS score) s
    WHERE score >= 0.3
    ORDER BY score DESC, length(path), path
    LIMIT ${limit}`;
}

/**
 * Inserts the staged parcels (the previous ones are gone: removePreviousParcels). A parcel whose
 * ll_uuid was there before keeps its id (import_previous), so its path (place path + id) and every
 * bookmark on it survive the re-import.
 */
export async function insertImportedParcels(
  db: Db,
  source: string,
  place: PlaceInfo,
  mapping: Mapping,
  catalog: Catalog,
  values: ValueColumns,
): Promise<number> {
  await db.unsafe(`ANALYZE load_staging (source, feature_index, skip_reason)`);

  const params = new Params([
    source,
    place.path,
    place.countyCode,
    place.state.toUpperCase(),
    place.countySlug,
    place.citySlug,
  ]);
  const columns: string[] = [];
  const typed: string[] = [];
  // Mapped values come from import_values (materialiseValues): raw text and typed value, computed once.
  const raw = (field: string) => (values.fields.includes(field) ? `v.${values.raw(field)}` : null);
  for (const field of values.fields) {
    columns.push(`"${field}"`);
    typed.push(`v.${values.typed(field)}`);
  }
  // The value is a thunk: a parameter (params.add) made for a field the mapping already fills stayed in
  // the list unused, and PostgreSQL cannot type an unreferenced one (`could not determine data type of
  // parameter $7` when the town column was mapped to scity).
  const add = (field: string, value: string | (() => string)) => {
    if (mapping[field] || !catalog.has(field) || columns.includes(`"${field}"`)) return;
    columns.push(`"${field}"`);
    typed.push(typeof value === 'string' ? value : value());
  };
  const parcelnumb = raw('parcelnumb');
  const szip = raw('szip');
  const usecode = raw('usecode');
  const address = raw('address');
  if (parcelnumb)
    add('parcelnumb_no_formatting', `NULLIF(regexp_replace(upper(${parcelnumb}), '[^A-Z0-9]', '', 'g'), '')`);
  if (szip) add('szip5', `left(${szip}, 5)`);
  if (place.cityName) add('scity', () => params.add(place.cityName!.toUpperCase()));
  // LBCS from the state's use-code table, joined in this INSERT: a later UPDATE would write every
  // imported row a second time.
  let useJoin = '';
  if (place.state === 'ma' && usecode && !mapping.lbcs_activity) {
    await db.unsafe(`DROP TABLE IF EXISTS import_use_codes`);
    await db.unsafe(
      `CREATE TEMP TABLE import_use_codes ON COMMIT DROP AS
       SELECT c.code, u.label, u.lbcs_activity, u.lbcs_activity_desc
       FROM (SELECT DISTINCT ${usecode} AS code FROM import_values v) AS c
       JOIN ma_use_code_lbcs u ON ma_use_code_primary(c.code) BETWEEN u.code_from AND u.code_to`,
    );
    await db.unsafe(`ANALYZE import_use_codes`);
    useJoin = `LEFT JOIN import_use_codes uc ON uc.code = ${usecode}`;
    add('lbcs_activity', 'uc.lbcs_activity');
    add('lbcs_activity_desc', 'uc.lbcs_activity_desc');
    add('usedesc', 'uc.label');
  }
  let lateral = '';
  if (address) {
    lateral = addressLateral(address, 'a');
    for (const field of ['saddno', 'saddstr', 'saddsttyp', 'sunit']) add(field, `a.${field}`);
  }
  const inserted = await db.unsafe(
    `INSERT INTO parcels (id, path, source, source_id, ll_uuid, geoid, state2, county, city, lat, lon, ll_gisacre, ll_gissqft,
       ll_last_refresh, ll_updated_at, geom, geom_3857, raw${columns.length ? `, ${columns.join(', ')}` : ''})
     SELECT r.id, $2::text || '/' || r.id, $1::text, r.source_id, r.ll_uuid, $3::text, $4::text, $5::text, $6::text,
       ST_Y(r.inside), ST_X(r.inside), r.m2 / 4046.8564224, round(r.m2 * 10.763910417)::bigint, current_date, now(),
       r.geom, loader_to_3857(r.geom),
       CASE WHEN r.derived ? 'duplicate_parcelnumb' THEN r.properties || '{"_duplicate_parcelnumb": true}'::jsonb ELSE r.properties END
       ${typed.length ? `, ${typed.join(', ')}` : ''}
     FROM (
       SELECT coalesce(o.previous_id, nextval(pg_get_serial_sequence('parcels', 'id'))) AS id, o.*,
         ST_PointOnSurface(o.geom) AS inside, ST_Area(o.geom::geography) AS m2
       FROM (SELECT s.feature_index, s.derived, s.properties, s.geom, k.source_id, k.ll_uuid, p.id AS previous_id
             FROM load_staging s JOIN import_keys k ON k.feature_index = s.feature_index
             LEFT JOIN import_previous p ON p.ll_uuid = k.ll_uuid
             WHERE s.source = $1 AND s.skip_reason IS NULL ORDER BY s.feature_index) AS o
     ) AS r
     JOIN import_values v ON v.feature_index = r.feature_index
     ${useJoin}
     ${lateral}`,
    params.values as never[],
  );
  return inserted.count;
}

/**
 * The county and city places this import outlines (missing ones, or ones an earlier import outlined),
 * marked outline_derived. The outline is upsertOutlinePlace's concave hull (target 0.02) united with
 * the parcels outside it. Measured on Somerville's 14,510 parcels (Cambridge-size): that hull, 1.1 s,
 * 10.5 km² (the city's land area is 10.6 km²); ST_ConcaveHull at 0.9, 1.0 s but 13.7 km², spilling
 * over the neighbours; the union of the parcels closed by a 10 m buffer, 6 s and 9.5 km² (streets at
 * the edge cut away); the plain union's outline, minutes, with every street a hole.
 */
export async function upsertImportPlaces(db: Db, source: string, place: PlaceInfo): Promise<string[]> {
  const st = place.state.toUpperCase();
  const done: string[] = [];
  if (!place.countyExists || place.countyOurs) {
    const county: PlaceRecord = {
      kind: 'county',
      path: place.countyPath,
      parentPath: place.statePath,
      country: 'us',
      name: place.countyName,
      headline: `${place.countyName} County, ${st}`,
      code: null,
    };
    if (await upsertOutlinePlace(db, county, source)) done.push(county.path);
  }
  if (place.cityPath && place.cityName && (!place.cityExists || place.cityOurs)) {
    const city: PlaceRecord = {
      kind: 'city',
      path: place.cityPath,
      parentPath: place.countyPath,
      country: 'us',
      name: place.cityName,
      headline: `${place.cityName}, ${st}`,
      code: null,
    };
    if (await upsertOutlinePlace(db, city, source)) done.push(city.path);
  }
  return done;
}

export interface DerivedCounts {
  lbcs: number;
  lbcsMissing: number;
  floodSource: string | null;
  floodZones: number;
  zoningSource: string | null;
  zoned: number;
}

/** Flood zones and zoning where layers cover the parcels (the shipped loaders' assignments), and the LBCS count. */
export async function deriveFields(db: Db, source: string): Promise<DerivedCounts> {
  // LBCS was set by the INSERT (insertImportedParcels); here it is only counted.
  const [counted] = await db<
    { n: number }[]
  >`SELECT count(lbcs_activity)::int AS n FROM parcels WHERE source = ${source}`;
  const lbcs = counted?.n ?? 0;
  const [extent] = await db<{ w: number | null; s: number; e: number; n: number; total: number }[]>`
    SELECT ST_XMin(x) AS w, ST_YMin(x) AS s, ST_XMax(x) AS e, ST_YMax(x) AS n, total
    FROM (SELECT ST_Extent(geom)::geometry AS x, count(*)::int AS total FROM parcels WHERE source = ${source}) b`;
  const result: DerivedCounts = {
    lbcs,
    lbcsMissing: (extent?.total ?? 0) - lbcs,
    floodSource: null,
    floodZones: 0,
    zoningSource: null,
    zoned: 0,
  };
  if (!extent || extent.w === null) return result;
  const box = db`ST_MakeEnvelope(${extent.w}, ${extent.s}, ${extent.e}, ${extent.n}, 4326)`;
  // The newest flood map covering the parcels (effective date first; the legacy map has none).
  const [flood] = await db<{ source: string }[]>`
    SELECT source FROM flood_zones WHERE geom && ${box} GROUP BY source ORDER BY max(effective_date) DESC NULLS LAST, count(*) DESC LIMIT 1`;
  if (flood) {
    result.floodSource = flood.source;
    result.floodZones = await assignFloodZones(db, [source], flood.source);
  }
  const [zoning] = await db<{ source: string }[]>`
    SELECT source FROM zoning_districts WHERE geom && ${box} GROUP BY source ORDER BY count(*) DESC LIMIT 1`;
  if (zoning) {
    result.zoningSource = zoning.source;
    result.zoned = await assignZoning(db, [source], zoning.source);
  }
  return result;
}
