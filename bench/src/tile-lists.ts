// The fixed tile lists: parcels counted per z16 tile (by bounding-box centre) in the synthetic county
// and in Cambridge/Somerville, rolled up to z12/z14, then dense and sparse tiles picked with a seed.
// Written to bench/results/tile-lists.json so every run and every reader sees the same tiles.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Sql } from '@parcel-map/tileserver/db/client';
import { MERCATOR_HALF, pickTiles, rollUp, type Density, type Tile, type TileCount } from './tile-math.ts';
import { syntheticPath } from './bench-db.ts';

export const resultsDir = resolve(import.meta.dirname, '../results');
export const listsFile = resolve(resultsDir, 'tile-lists.json');

export type Area = 'synthetic' | 'cambridge';

export interface TileList {
  /** e.g. "synthetic-dense-z14" */
  name: string;
  area: Area;
  density: Density;
  z: number;
  tiles: (Tile & { parcels: number })[];
}

export interface TileLists {
  seed: number;
  generatedAt: string;
  lists: TileList[];
  /** The z16 tile with the most parcels per area: the centre of the size sweep. */
  densest: Partial<Record<Area, TileCount>>;
}

const listSize: Record<number, number> = { 12: 64, 14: 128, 16: 256 };

/** Which parcels belong to an area: a path prefix (bound as a parameter, never spliced). */
function areaFilter(area: Area): { like: string; negate: boolean } {
  return area === 'synthetic'
    ? { like: `${syntheticPath}/%`, negate: false }
    : { like: `${syntheticPath}/%`, negate: true };
}

export async function countPerTile(sql: Sql, area: Area, z = 16): Promise<TileCount[]> {
  const size = (2 * MERCATOR_HALF) / 2 ** z;
  const { like, negate } = areaFilter(area);
  // The bounding-box centre is cheap and lies in a tile the parcel intersects for any convex lot.
  const rows = await sql<{ x: number; y: number; n: number }[]>`
    SELECT floor(((ST_XMin(geom_3857) + ST_XMax(geom_3857)) / 2 + ${MERCATOR_HALF}::float8) / ${size}::float8)::int AS x,
           floor((${MERCATOR_HALF}::float8 - (ST_YMin(geom_3857) + ST_YMax(geom_3857)) / 2) / ${size}::float8)::int AS y,
           count(*)::int AS n
    FROM parcels
    WHERE (path LIKE ${like}) <> ${negate}
    GROUP BY 1, 2`;
  return rows.map((r) => ({ z, x: r.x, y: r.y, parcels: r.n }));
}

export async function buildTileLists(sql: Sql, seed: number, log: (line: string) => void): Promise<TileLists> {
  const lists: TileList[] = [];
  const densest: TileLists['densest'] = {};
  for (const area of ['synthetic', 'cambridge'] as const) {
    const counts = await countPerTile(sql, area);
    if (counts.length === 0) {
      log(`no parcels in the ${area} area: its lists are skipped`);
      continue;
    }
    densest[area] = counts.reduce((a, b) => (b.parcels > a.parcels ? b : a));
    // Cambridge/Somerville is small (a few z12 tiles): one list per zoom over all its tiles.
    const densities: Density[] = area === 'synthetic' ? ['dense', 'sparse'] : ['all'];
    for (const z of [12, 14, 16]) {
      const atZoom = z === 16 ? counts : rollUp(counts, z);
      for (const density of densities) {
        const tiles = pickTiles(atZoom, density, listSize[z]!, seed + z);
        const name = `${area}-${density === 'all' ? 'all' : density}-z${z}`;
        lists.push({ name, area, density, z, tiles });
        log(
          `${name}: ${tiles.length} tiles (of ${atZoom.length} with parcels), parcels per tile ${Math.min(...tiles.map((t) => t.parcels))}-${Math.max(...tiles.map((t) => t.parcels))}`,
        );
      }
    }
  }
  return { seed, generatedAt: new Date().toISOString(), lists, densest };
}

export function writeTileLists(lists: TileLists): void {
  writeFileSync(listsFile, `${JSON.stringify(lists, null, 1)}\n`);
}
