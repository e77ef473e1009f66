// From ogr2ogr's stage table into the shipped loaders' staging (load_raw -> load_staging, where
// geometries are validated and repaired), then the import's checks: not a polygon, far outside the place,
// larger than the county, duplicate parcel numbers; stable source ids and ll_uuid; the field-fill report.
import { normaliseGeometries, type Db } from '../../../../data/staging.ts';
import { PARCEL_UUID_NAMESPACE } from '../../../../data/uuid-v5.ts';
import { describe, type Mapping, type Params } from './mapping.ts';
import type { ValueColumns } from './values.ts';
import type { SourceColumn } from './propose.ts';

export const stageTable = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad stage table ${name}`);
  return `import_stage.${name}`;
};

/** The stage table's source columns with the values of its first rows (for the proposal). */
export async function sourceColumns(db: Db, table: string, sampleRows = 300): Promise<SourceColumn[]> {
  const names = await db<{ name: string }[]>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = 'import_stage' AND table_name = ${table} AND column_name NOT IN ('_geom', '_fid')
    ORDER BY ordinal_position`;
  const rows = await db.unsafe<{ p: Record<string, unknown> }[]>(
    `SELECT to_jsonb(t) - '_geom' - '_fid' AS p FROM ${stageTable(table)} t ORDER BY _fid LIMIT ${sampleRows}`,
  );
  return names.map(({ name }) => ({
    name,
    samples: rows.map((r) => {
      const v = r.p[name];
      return v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim();
    }),
  }));
}

/**
 * Copies the stage table into load_raw (attributes as jsonb under their source names) and runs the
 * shipped geometry normalisation. Geometry collections keep their polygons; points and lines are
 * marked and skipped as not_a_polygon.
 */
export async function stageRows(db: Db, source: string, table: string): Promise<void> {
  // The attribute columns, quoted by the server (format %I): to_jsonb of the whole stage row also wrote
  // every geometry out as GeoJSON (PostGIS's cast to json), only to drop it again, ~20 s per million rows.
  const [columns] = await db<{ list: string | null }[]>`
    SELECT string_agg(format('t.%I', column_name), ', ' ORDER BY ordinal_position) AS list FROM information_schema.columns
    WHERE table_schema = 'import_stage' AND table_name = ${table} AND column_name NOT IN ('_geom', '_fid')`;
  // a.* is the whole row even when the file has a column named "a" (a bare a would be that column).
  const properties = columns?.list ? `(SELECT to_jsonb(a.*) FROM (SELECT ${columns.list}) AS a)` : `'{}'::jsonb`;
  await db.unsafe(
    `INSERT INTO load_raw (source, feature_index, source_id, ll_uuid, derived, properties, geom)
     SELECT $1::text, t._fid, NULL, NULL,
       CASE WHEN g.kind = 'other' THEN '{"_not_polygon": true}'::jsonb ELSE '{}'::jsonb END,
       ${properties},
       CASE g.kind WHEN 'polygon' THEN t._geom WHEN 'collection' THEN ST_CollectionExtract(t._geom, 3) END
     FROM ${stageTable(table)} t
     CROSS JOIN LATERAL (SELECT CASE
         WHEN t._geom IS NULL OR ST_IsEmpty(t._geom) THEN 'none'
         WHEN GeometryType(t._geom) IN ('POLYGON', 'MULTIPOLYGON') THEN 'polygon'
         WHEN GeometryType(t._geom) = 'GEOMETRYCOLLECTION' AND NOT ST_IsEmpty(ST_CollectionExtract(t._geom, 3)) THEN 'collection'
         ELSE 'other' END AS kind) AS g`,
    [source],
  );
  await normaliseGeometries(db, source, 'polygon');
  await db`UPDATE load_staging SET skip_reason = 'not_a_polygon' WHERE source = ${source} AND derived ? '_not_polygon'`;
}

export interface PlaceCheck {
  /** The existing place parcels belong to (the city, else the county); null when neither exists yet. */
  within: string | null;
  /** The existing county, whose area no parcel may exceed. */
  county: string | null;
  /** Parcels whose inside point is outside `within` are kept up to this distance from it, refused beyond. */
  outsideMaxMeters: number;
}

/**
 * A parcel belongs to the place it was imported for: one whose inside point falls outside the place's
 * boundary is kept when it lies within `outsideMaxMeters` of it (a generalised boundary, the 1:20M
 * census hexagon of a small city, cuts off whole edges of a county's own parcels) and refused as
 * outside_place beyond (clearly elsewhere: another county's parcels, a wrong --srs). The outside
 * rows stay in import_outside for the report.
 */
export async function checkPlace(db: Db, source: string, check: PlaceCheck): Promise<void> {
  await db.unsafe(`DROP TABLE IF EXISTS import_outside`);
  await db.unsafe(
    `CREATE TEMP TABLE import_outside (feature_index integer PRIMARY KEY, meters double precision, lon double precision, lat double precision) ON COMMIT DROP`,
  );
  if (check.within) {
    await db.unsafe(`DROP TABLE IF EXISTS import_place_pieces`);
    await db.unsafe(
      `CREATE TEMP TABLE import_place_pieces ON COMMIT DROP AS SELECT ST_Subdivide(geom, 256) AS geom FROM places WHERE path = $1`,
      [check.within],
    );
    await db.unsafe(`CREATE INDEX ON import_place_pieces USING gist (geom)`);
    await db.unsafe(`ANALYZE import_place_pieces`);
    // The distance only for points outside, against the whole boundary as geography (metres on the
    // spheroid; PostGIS caches its tree across rows); beyond the limit ST_DWithin stops early and the
    // distance is left unknown.
    await db.unsafe(
      `INSERT INTO import_outside (feature_index, meters, lon, lat)
       SELECT o.feature_index, CASE WHEN ST_DWithin(o.pt::geography, pl.g, $3) THEN ST_Distance(o.pt::geography, pl.g) END, ST_X(o.pt), ST_Y(o.pt)
       FROM (SELECT s.feature_index, ST_PointOnSurface(s.geom) AS pt FROM load_staging s
             WHERE s.source = $1 AND s.skip_reason IS NULL) AS o
       CROSS JOIN (SELECT geom::geography AS g FROM places WHERE path = $2) AS pl
       WHERE NOT EXISTS (SELECT 1 FROM import_place_pieces p WHERE ST_Intersects(p.geom, o.pt))`,
      [source, check.within, check.outsideMaxMeters],
    );
    await db.unsafe(
      `UPDATE load_staging s SET skip_reason = 'outside_place'
       FROM import_outside o WHERE s.source = $1 AND s.feature_index = o.feature_index AND o.meters IS NULL`,
      [source],
    );
  }
  if (check.county) {
    // The county's area is read once: joined, it was recomputed for every staged row.
    const [county] = await db<
      { m2: number }[]
    >`SELECT ST_Area(geom::geography) AS m2 FROM places WHERE path = ${check.county}`;
    if (county) {
      await db`UPDATE load_staging SET skip_reason = 'larger_than_county'
        WHERE source = ${source} AND skip_reason IS NULL AND ST_Area(geom::geography) > ${county.m2}`;
    }
  }
}

export interface OutsideParcels {
  /** The place whose boundary was checked. */
  place: string;
  /** Kept although their inside point is outside the boundary, and how far the farthest is (m). */
  kept: number;
  maxMeters: number;
  /** Refused as outside_place: farther than limitMeters. */
  refused: number;
  limitMeters: number;
  /** The farthest kept parcels: source id (the parcel number), the file's feature index, distance, inside point. */
  sample: { sourceId: string | null; feature: number; meters: number; lon: number; lat: number }[];
}

/** What checkPlace found outside the place (after assignIds, so the sample names parcel numbers). */
export async function outsideParcels(
  db: Db,
  source: string,
  place: string | null,
  limitMeters: number,
): Promise<OutsideParcels | null> {
  if (!place) return null;
  const [counts] = await db<{ kept: number; refused: number; max: number | null }[]>`
    SELECT count(*) FILTER (WHERE s.skip_reason IS NULL)::int AS kept, count(*) FILTER (WHERE o.meters IS NULL)::int AS refused,
      max(o.meters) FILTER (WHERE s.skip_reason IS NULL) AS max
    FROM import_outside o JOIN load_staging s ON s.source = ${source} AND s.feature_index = o.feature_index`;
  const sample = await db<{ sourceId: string | null; feature: number; meters: number; lon: number; lat: number }[]>`
    SELECT k.source_id AS "sourceId", o.feature_index AS feature, round(o.meters::numeric, 1)::float8 AS meters,
      round(o.lon::numeric, 6)::float8 AS lon, round(o.lat::numeric, 6)::float8 AS lat
    FROM import_outside o JOIN load_staging s ON s.source = ${source} AND s.feature_index = o.feature_index
    LEFT JOIN import_keys k ON k.feature_index = o.feature_index
    WHERE s.skip_reason IS NULL ORDER BY o.meters DESC, o.feature_index LIMIT 5`;
  return {
    place,
    kept: counts?.kept ?? 0,
    maxMeters: Math.round((counts?.max ?? 0) * 10) / 10,
    refused: counts?.refused ?? 0,
    limitMeters,
    sample,
  };
}

/**
 * Source ids and ll_uuid. A parcel number repeated with the identical geometry is a duplicate row
 * (skipped); repeated with another geometry both are kept and flagged. The id is the parcel number,
 * "{number}#{n}" among kept repeats (ordered by geometry, not file order, so a re-sorted file keeps
 * them) and "#{geometry hash}" without a number: the same source gives the same ids and uuids.
 */
export async function assignIds(db: Db, source: string, parcelnumb: string | null, params: Params): Promise<number> {
  const pn = parcelnumb ?? 'NULL::text';
  const namespace = params.add(PARCEL_UUID_NAMESPACE, 'uuid');
  await db.unsafe(`DROP TABLE IF EXISTS import_keys`);
  await db.unsafe(
    `CREATE TEMP TABLE import_keys ON COMMIT DROP AS
     WITH k AS (
       SELECT r.feature_index, ${pn} AS pn, md5(ST_AsBinary(r.geom)) AS gh FROM load_staging r WHERE r.source = $1 AND r.skip_reason IS NULL
     ), d AS (
       SELECT *, pn IS NOT NULL AND row_number() OVER (PARTITION BY pn, gh ORDER BY feature_index) > 1 AS dup FROM k
     ), kept AS (
       SELECT *, coalesce(pn, '#' || left(gh, 16)) AS key FROM d WHERE NOT dup
     ), ids AS (
       SELECT feature_index, pn, key, count(*) OVER (PARTITION BY key) AS n,
         row_number() OVER (PARTITION BY key ORDER BY gh, feature_index) AS ord FROM kept
     )
     SELECT feature_index, dup, flagged, source_id, uuid_generate_v5(${namespace}, $1::text || ':' || source_id) AS ll_uuid FROM (
       SELECT feature_index, false AS dup, pn IS NOT NULL AND n > 1 AS flagged,
         CASE WHEN n = 1 THEN key ELSE key || '#' || ord END AS source_id FROM ids
       UNION ALL SELECT feature_index, true, false, NULL FROM d WHERE dup) AS x`,
    params.values as never[],
  );
  // The ids stay in import_keys (the INSERT joins it): rewriting every wide staged row to store them
  // cost a full pass over a million-row county. Only duplicates and flagged repeats are marked.
  await db.unsafe(`CREATE UNIQUE INDEX ON import_keys (feature_index)`);
  await db.unsafe(`ANALYZE import_keys`);
  await db.unsafe(
    `UPDATE load_staging s SET
       skip_reason = CASE WHEN k.dup THEN 'duplicate' ELSE s.skip_reason END,
       derived = CASE WHEN k.flagged THEN s.derived || '{"duplicate_parcelnumb": true}'::jsonb ELSE s.derived END
     FROM import_keys k WHERE s.source = $1 AND s.feature_index = k.feature_index AND (k.dup OR k.flagged)`,
    [source],
  );
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM import_keys WHERE flagged`;
  return row?.n ?? 0;
}

export interface FieldFill {
  field: string;
  source: string;
  /** Rows whose value could be read as the field's type. */
  filled: number;
  share: number;
  /** Rows with a source value that could not be read (bad numbers, impossible dates). */
  unparsed: number;
  samples: string[];
}

/** Per mapped field: the source, the share of loaded rows filled, values that failed, three samples. */
export async function fieldFill(db: Db, mapping: Mapping, values: ValueColumns): Promise<FieldFill[]> {
  const { fields } = values;
  if (fields.length === 0) return [];
  const counts = fields
    .map((f, i) => `count(${values.raw(f)}) AS r${i}, count(${values.typed(f)}) AS t${i}`)
    .join(', ');
  const samples = fields
    .map(
      (f, i) =>
        `(array_agg(DISTINCT ${values.typed(f)}::text) FILTER (WHERE ${values.typed(f)} IS NOT NULL))[1:3] AS s${i}`,
    )
    .join(', ');
  const [row] = await db.unsafe<Record<string, unknown>[]>(
    `SELECT count(*)::int AS total, ${counts} FROM import_values`,
  );
  const [sampled] = await db.unsafe<Record<string, unknown>[]>(
    `SELECT ${samples} FROM (SELECT * FROM import_values ORDER BY feature_index LIMIT 2000) v`,
  );
  const total = Number(row?.total ?? 0);
  return fields.map((field, i) => {
    const filled = Number(row?.[`t${i}`] ?? 0);
    return {
      field,
      source: describe(mapping[field]!),
      filled,
      share: total === 0 ? 0 : filled / total,
      unparsed: Number(row?.[`r${i}`] ?? 0) - filled,
      samples: ((sampled?.[`s${i}`] as string[] | null) ?? []).slice(0, 3),
    };
  });
}
