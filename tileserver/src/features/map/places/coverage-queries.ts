// SQL of the coverage page: per county that has parcels, how many and what share of its area they
// cover, rolled up per state. The county sums are computed when parcels load (county_coverage, see
// sql/functions/coverage.sql) and only read here; overlapping vintages can exceed a county's area,
// hence the cap at 100.
import type { Sql } from '../../../db/client.ts';

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

/** Counties with at least one parcel, as computed at the last load. */
export async function countyCoverage(sql: Sql): Promise<CountyCoverage[]> {
  return sql<CountyCoverage[]>`
    SELECT path, name, headline, state_path, parcels, parcel_acres, area_acres FROM county_coverage ORDER BY path`;
}

/** Whether parcels changed after coverage was last computed (or it never was). */
export async function coverageIsStale(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ stale: boolean }[]>`
    SELECT coalesce((SELECT max(computed_at) FROM county_coverage) < (SELECT updated_at FROM layer_versions WHERE layer = 'parcels'), true) AS stale`;
  return row?.stale ?? true;
}

/** Recomputes every county, lifting the statement timeout for this one transaction. */
export async function refreshCoverage(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`SET LOCAL statement_timeout = 0`;
    const [row] = await tx<{ refreshed: number }[]>`SELECT refresh_county_coverage() AS refreshed`;
    return row?.refreshed ?? 0;
  });
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
  const [row] = await sql<
    { version: string }[]
  >`SELECT version::text AS version FROM layer_versions WHERE layer = 'parcels'`;
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
      path: state.path,
      kind: 'state',
      name: state.name,
      headline: state.headline,
      parcels: own.reduce((sum, c) => sum + c.parcels, 0),
      coveragePercent: coveragePercent(acres, state.area_acres),
    });
    for (const c of own) {
      rows.push({
        path: c.path,
        kind: 'county',
        name: c.name,
        headline: c.headline,
        parcels: c.parcels,
        coveragePercent: coveragePercent(c.parcel_acres, c.area_acres),
      });
    }
  }
  return rows;
}
