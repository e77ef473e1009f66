// SQL of the coverage page: per county that has parcels, how many and what share of its area they
// cover, rolled up per state. Summing ll_gisacre (not ST_Area of a union) keeps this an index range
// scan per county; overlapping vintages can then exceed the county's area, hence the cap at 100.
import type { Sql } from '../../db/client.ts';

export interface CountyCoverage {
  path: string;
  name: string;
  headline: string;
  state_path: string;
  parcels: number;
  parcel_acres: number;
  area_acres: number;
}

export interface CoverageRow {
  path: string;
  kind: 'state' | 'county';
  name: string;
  headline: string;
  parcels: number;
  coveragePercent: number;
}

const squareMetresPerAcre = 4046.8564224;

/** Counties with at least one parcel. A parcel's path starts with its county's path and a slash: the
 * range [path || '/', path || '0') ('0' follows '/' in byte order) is a text_pattern_ops index scan. */
export async function countyCoverage(sql: Sql): Promise<CountyCoverage[]> {
  const rows = await sql<CountyCoverage[]>`
    SELECT c.path, c.name, c.headline, c.parent_path AS state_path, s.parcels, s.parcel_acres,
           ST_Area(c.geom::geography) / ${squareMetresPerAcre} AS area_acres
    FROM places c
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS parcels, coalesce(sum(p.ll_gisacre), 0)::float8 AS parcel_acres
      FROM parcels p
      WHERE p.path ~>=~ (c.path || '/') AND p.path ~<~ (c.path || '0')
    ) s
    WHERE c.kind = 'county' AND s.parcels > 0
    ORDER BY c.path`;
  return rows;
}

export interface StateArea {
  path: string;
  name: string;
  headline: string;
  area_acres: number;
}

export async function stateAreas(sql: Sql, paths: string[]): Promise<StateArea[]> {
  if (paths.length === 0) return [];
  return sql<StateArea[]>`
    SELECT path, name, headline, ST_Area(geom::geography) / ${squareMetresPerAcre} AS area_acres
    FROM places WHERE kind = 'state' AND path = ANY(${paths}::text[])
    ORDER BY path`;
}

export async function parcelsVersion(sql: Sql): Promise<string> {
  const [row] = await sql<{ version: string }[]>`SELECT version::text AS version FROM layer_versions WHERE layer = 'parcels'`;
  return row?.version ?? '0';
}

export function coveragePercent(parcelAcres: number, areaAcres: number): number {
  if (!(areaAcres > 0)) return 0;
  return Math.round(Math.min(100, (100 * parcelAcres) / areaAcres) * 100) / 100;
}

/** States first, each followed by its counties; a state's share is its counties' parcel acres over
 * the whole state's area (counties without parcels count as uncovered). */
export function coverageRows(counties: CountyCoverage[], states: StateArea[]): CoverageRow[] {
  const rows: CoverageRow[] = [];
  for (const state of states) {
    const own = counties.filter((c) => c.state_path === state.path);
    const acres = own.reduce((sum, c) => sum + c.parcel_acres, 0);
    rows.push({
      path: state.path, kind: 'state', name: state.name, headline: state.headline,
      parcels: own.reduce((sum, c) => sum + c.parcels, 0), coveragePercent: coveragePercent(acres, state.area_acres),
    });
    for (const c of own) {
      rows.push({ path: c.path, kind: 'county', name: c.name, headline: c.headline, parcels: c.parcels, coveragePercent: coveragePercent(c.parcel_acres, c.area_acres) });
    }
  }
  return rows;
}
