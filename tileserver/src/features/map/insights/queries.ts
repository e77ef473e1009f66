// SQL of place insights: the place (or focus area) an insights path names, and the figures over the
// parcels inside it, chosen by parcels_in_place (sql/functions/places.sql) like every other feature's.
import type { Sql } from '../../../db/client.ts';
import type { LandUseCategory, PlaceHighlights, VacancyStatus } from '@parcel-map/contracts/map/insights';
import { landUseCategories } from '@parcel-map/contracts/map/insights';

export interface InsightPlace {
  path: string;
  name: string;
  headline: string;
  kind: string;
  country: string;
  synthetic: boolean;
  /** A point inside the place, for the Native Land lookup. */
  lon: number;
  lat: number;
  /** The state's name for US places below state level (the encyclopedia title), else null. */
  state_name: string | null;
  /** Set for focus areas: their parcels are found by shape. */
  focus_id?: number;
}

export async function placeForInsights(sql: Sql, path: string): Promise<InsightPlace | undefined> {
  const [row] = await sql<InsightPlace[]>`
    SELECT p.path, p.name, p.headline, p.kind, p.country, p.synthetic,
           ST_X(ST_PointOnSurface(p.geom)) AS lon, ST_Y(ST_PointOnSurface(p.geom)) AS lat,
           (SELECT s.name FROM places s WHERE s.kind = 'state' AND p.kind NOT IN ('country', 'state')
              AND s.path = split_part(p.path, '/', 1) || '/' || split_part(p.path, '/', 2) || '/' || split_part(p.path, '/', 3)) AS state_name
    FROM places p WHERE p.path = ${path}`;
  return row;
}

/** A focus area of the named group, or undefined (another group's area answers 404 like a missing one). */
export async function focusAreaForInsights(
  sql: Sql,
  groupSlug: string,
  id: number,
  callerGroupId: number | undefined,
): Promise<InsightPlace | undefined> {
  if (callerGroupId === undefined) return undefined;
  const [row] = await sql<InsightPlace[]>`
    SELECT '/g/' || g.slug || '/focus/' || f.id AS path, f.name, f.name AS headline, 'focus' AS kind,
           coalesce((SELECT pl.country FROM places pl WHERE pl.kind = 'country' AND ST_Intersects(pl.geom, ST_PointOnSurface(f.geom)) LIMIT 1), 'us') AS country,
           false AS synthetic, ST_X(ST_PointOnSurface(f.geom)) AS lon, ST_Y(ST_PointOnSurface(f.geom)) AS lat,
           NULL::text AS state_name, f.id AS focus_id
    FROM focus_areas f JOIN groups g ON g.id = f.group_id
    WHERE f.id = ${id} AND g.slug = ${groupSlug} AND g.id = ${callerGroupId}`;
  return row;
}

export async function parcelsVersion(sql: Sql): Promise<number> {
  const [row] = await sql<{ version: string }[]>`SELECT version FROM layer_versions WHERE layer = 'parcels'`;
  return Number(row?.version ?? 0);
}

/** The parcels of a place as `FROM ... WHERE <condition>`; callers add their own conditions with AND. */
function scope(sql: Sql, place: InsightPlace) {
  // A focus area is a drawn shape with no path: the same point-on-surface rule as a neighbourhood.
  if (place.focus_id !== undefined) {
    return sql`parcels p JOIN focus_areas a ON a.id = ${place.focus_id} WHERE parcel_in_shape(p.geom, a.geom)`;
  }
  return sql`parcels_in_place(${place.path}) p WHERE true`;
}

export interface GeneralAndVacancy extends PlaceHighlights {
  vacancy: Record<VacancyStatus, number>;
}

export async function highlightsAndVacancy(sql: Sql, place: InsightPlace): Promise<GeneralAndVacancy> {
  const [row] = await sql<Record<string, number | string | null>[]>`
    SELECT count(*)::int AS parcels,
           coalesce(sum(p.ll_gisacre), 0)::float8 AS total_acres,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY p.ll_gisacre) AS median_acres,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY p.parval) FILTER (WHERE p.parval > 0) AS median_value,
           sum(p.parval) FILTER (WHERE p.parval > 0) AS total_value,
           percentile_disc(0.5) WITHIN GROUP (ORDER BY p.yearbuilt) FILTER (WHERE p.yearbuilt > 0) AS median_year_built,
           count(*) FILTER (WHERE p.mailadd IS NOT NULL AND p.address IS NOT NULL
                              AND upper(btrim(p.mailadd)) <> upper(btrim(p.address)))::int AS mail_differs,
           count(*) FILTER (WHERE p.mailadd IS NOT NULL AND p.address IS NOT NULL)::int AS mail_known,
           count(*) FILTER (WHERE p.struct)::int AS with_structure,
           count(*) FILTER (WHERE p.struct IS NOT NULL)::int AS structure_known,
           count(*) FILTER (WHERE p.usps_vacancy = 'Y' AND p.rdi = 'Y')::int AS "vacantResidential",
           count(*) FILTER (WHERE p.usps_vacancy = 'N' AND p.rdi = 'Y')::int AS "occupiedResidential",
           count(*) FILTER (WHERE p.usps_vacancy = 'Y' AND p.rdi = 'N')::int AS "vacantNonResidential",
           count(*) FILTER (WHERE p.usps_vacancy = 'N' AND p.rdi = 'N')::int AS "occupiedNonResidential"
    FROM ${scope(sql, place)}`;
  const r = row!;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const parcels = Number(r.parcels);
  const known = ['vacantResidential', 'occupiedResidential', 'vacantNonResidential', 'occupiedNonResidential'] as const;
  const vacancy = Object.fromEntries(known.map((k) => [k, Number(r[k])])) as Record<VacancyStatus, number>;
  vacancy.unknownStatus = parcels - known.reduce((sum, k) => sum + vacancy[k], 0);
  return {
    parcels,
    total_acres: Number(r.total_acres),
    median_acres: num(r.median_acres),
    median_value: num(r.median_value),
    total_value: num(r.total_value),
    median_year_built: num(r.median_year_built),
    mail_differs_share: Number(r.mail_known) > 0 ? Number(r.mail_differs) / Number(r.mail_known) : null,
    structure_share: Number(r.structure_known) > 0 ? Number(r.with_structure) / Number(r.structure_known) : null,
    vacancy,
  };
}

/** Counts per land-use category from the first digit of the LBCS activity code (9xxx: no human activity). */
export async function landUseCounts(
  sql: Sql,
  place: InsightPlace,
): Promise<{ activity_type: LandUseCategory; count: number }[]> {
  const rows = await sql<{ digit: number | null; count: number }[]>`
    SELECT CASE WHEN p.lbcs_activity >= 1000 AND p.lbcs_activity < 10000 THEN floor(p.lbcs_activity / 1000)::int END AS digit,
           count(*)::int AS count
    FROM ${scope(sql, place)}
    GROUP BY 1`;
  const counts = new Map<LandUseCategory, number>();
  for (const row of rows) {
    const category = row.digit === null ? 'unknown' : (landUseCategories[row.digit] ?? 'unknown');
    counts.set(category, (counts.get(category) ?? 0) + row.count);
  }
  return landUseCategories.map((activity_type) => ({ activity_type, count: counts.get(activity_type) ?? 0 }));
}

export async function zoningCounts(
  sql: Sql,
  place: InsightPlace,
  limit = 50,
): Promise<{ code: string; description: string | null; count: number }[]> {
  return sql<{ code: string; description: string | null; count: number }[]>`
    SELECT p.zoning AS code, min(p.zoning_description) AS description, count(*)::int AS count
    FROM ${scope(sql, place)} AND p.zoning IS NOT NULL AND btrim(p.zoning) <> ''
    GROUP BY p.zoning
    ORDER BY count(*) DESC, p.zoning
    LIMIT ${limit}`;
}

/**
 * The owners with most parcels, spellings grouped by owner_key (sql/functions/owner-key.sql): each
 * group is named by its most common published spelling (ties: the first in byte order) and says how
 * many spellings it joins. Parcels are counted per published name first, so the key is computed once
 * per name, not once per parcel.
 */
export async function topOwners(
  sql: Sql,
  place: InsightPlace,
  limit = 200,
): Promise<{ name: string; count: number; acres: number; spellings: number }[]> {
  const rows = await sql<{ name: string; count: number; acres: number; spellings: number }[]>`
    SELECT (array_agg(s.owner ORDER BY s.n DESC, s.owner COLLATE "C"))[1] AS name, sum(s.n)::int AS count,
           sum(s.acres)::float8 AS acres, count(*)::int AS spellings
    FROM (
      SELECT owner_key(g.owner) AS key, g.owner, g.n, g.acres
      FROM (
        SELECT p.owner, count(*) AS n, coalesce(sum(p.ll_gisacre), 0) AS acres
        FROM ${scope(sql, place)} AND p.owner IS NOT NULL AND btrim(p.owner) <> ''
        GROUP BY p.owner
      ) g
    ) s
    WHERE s.key IS NOT NULL
    GROUP BY s.key
    ORDER BY count DESC, name
    LIMIT ${limit}`;
  return rows.map((r) => ({
    name: r.name,
    count: r.count,
    acres: Math.round(r.acres * 1000) / 1000,
    spellings: r.spellings,
  }));
}

/** Precomputed figures of a place for exactly this parcels version, if a loader stored them. */
export async function storedFigures(sql: Sql, path: string, version: number): Promise<unknown | undefined> {
  const [row] = await sql<
    { figures: unknown }[]
  >`SELECT figures FROM place_insights WHERE path = ${path} AND version = ${version}`;
  return row?.figures;
}

export async function storeFigures(
  sql: Sql,
  path: string,
  version: number,
  figures: unknown,
  ms: number,
): Promise<void> {
  await sql`
    INSERT INTO place_insights (path, version, figures, computed_ms) VALUES (${path}, ${version}, ${sql.json(figures as never)}, ${Math.round(ms)})
    ON CONFLICT (path) DO UPDATE SET version = EXCLUDED.version, figures = EXCLUDED.figures, computed_ms = EXCLUDED.computed_ms, computed_at = now()
    WHERE place_insights.version <= EXCLUDED.version`;
}
