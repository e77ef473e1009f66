// [west, south, east, north] of a tiled table, for TileJSON; computed once per table version. The table
// name goes into the statement as an identifier, so only the tables listed here are accepted, checked
// again at run time: a name never comes from a request.
import type { Sql } from '../db/client.ts';

/** Every table a tile source draws from, each with a `geom` column in EPSG:4326. */
export const boundedTables = [
  'parcels',
  'flood_zones',
  'wetlands',
  'zoning_districts',
  'streets',
  'census_tracts',
  'census_block_groups',
  'census_blocks',
  'open_spaces',
  'land_cover',
  'buildings',
  'contours',
  'spot_elevations',
] as const;

export type BoundedTable = (typeof boundedTables)[number];

const allowed = new Set<string>(boundedTables);
const cache = new Map<string, [number, number, number, number]>();
const WORLD: [number, number, number, number] = [-180, -85.0511, 180, 85.0511];

export async function tableBounds(
  sql: Sql,
  table: BoundedTable,
  version: number | string,
): Promise<[number, number, number, number]> {
  if (!allowed.has(table)) throw new Error(`tableBounds: ${String(table)} is not a tiled table`);
  const key = `${table}@${version}`;
  const known = cache.get(key);
  if (known) return known;
  const [row] = await sql<{ w: number | null; s: number | null; e: number | null; n: number | null }[]>`
    SELECT ST_XMin(x) AS w, ST_YMin(x) AS s, ST_XMax(x) AS e, ST_YMax(x) AS n
    FROM (SELECT ST_Extent(geom) AS x FROM ${sql(table)}) extent`;
  const bounds: [number, number, number, number] =
    row && row.w !== null && row.s !== null && row.e !== null && row.n !== null
      ? [round(row.w), round(row.s), round(row.e), round(row.n)]
      : WORLD;
  cache.set(key, bounds);
  return bounds;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
