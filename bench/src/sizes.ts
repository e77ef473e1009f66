// The zoom-size sweep (`npm run bench -- sizes`): gzip tile sizes per zoom 11..22 over the densest
// part of the synthetic county and of Cambridge/Somerville, fetched through our HTTP server, against
// the limit of 500 KB gzip for any tile at any zoom.
import type { BenchDb } from './bench-db.ts';
import { summarize, type Summary } from './stats.ts';
import { fetchAll, mvtLayers, rawMvt } from './tile-fetch.ts';
import { blockAround, rollUp, tileCentre, tileKey, type Tile } from './tile-math.ts';
import { countPerTile, type Area, type TileLists } from './tile-lists.ts';
import { ourPathTemplate, startTileServer } from './tile-server.ts';

export const sizeLimitBytes = 500 * 1024;
export const sweepZooms = Array.from({ length: 12 }, (_, i) => 11 + i);

export interface ZoomSizes {
  area: string;
  z: number;
  tiles: number;
  /** Tiles answered 204 (nothing to draw); sizes and features are over the other tiles. */
  empty: number;
  gzipBytes: Summary;
  rawBytes: Summary;
  features: Summary;
  ms: Summary;
  statuses: Record<string, number>;
  largest: string;
  withinLimit: boolean;
}

export interface SizesResult {
  blockSize: number;
  centres: Record<string, Tile>;
  zooms: ZoomSizes[];
  limitBytes: number;
  allWithinLimit: boolean;
}

export interface SizesOptions {
  db: BenchDb;
  lists: TileLists;
  /** k: a k x k block of tiles per zoom around the densest z16 tile (5 covers the county at z11-12), plus the k*k most populated tiles of the zoom. */
  blockSize: number;
  token: string;
  port: number;
  log: (line: string) => void;
}

export async function runSizes(options: SizesOptions): Promise<SizesResult> {
  const { log } = options;
  const server = await startTileServer({
    databaseUrl: options.db.url,
    port: options.port,
    cacheMb: 0,
    poolSize: options.db.config.DB_POOL_SIZE,
  });
  const zooms: ZoomSizes[] = [];
  const centres: Record<string, Tile> = {};
  try {
    for (const [area, densest] of Object.entries(options.lists.densest)) {
      if (!densest) continue;
      centres[area] = { z: densest.z, x: densest.x, y: densest.y };
      const { mx, my } = tileCentre(densest);
      const counts = await countPerTile(options.db.sql, area as Area, 16);
      for (const z of sweepZooms) {
        // The block around the densest spot, plus (up to z16, where counts exist) the k x k tiles
        // with the most parcels anywhere in the area, in case the densest tiles are not adjacent.
        const block = blockAround(z, mx, my, options.blockSize);
        const top =
          z <= 16
            ? (z === 16 ? counts : rollUp(counts, z))
                .sort((a, b) => b.parcels - a.parcels)
                .slice(0, options.blockSize ** 2)
            : [];
        const seen = new Set(block.map(tileKey));
        const tiles: Tile[] = [
          ...block,
          ...top.filter((t) => !seen.has(tileKey(t))).map(({ z: tz, x, y }) => ({ z: tz, x, y })),
        ];
        const fetched = await fetchAll(server.baseUrl, ourPathTemplate(options.token), tiles, 2);
        const statuses: Record<string, number> = {};
        const gzip: number[] = [];
        const raw: number[] = [];
        const features: number[] = [];
        let largest = { key: '', bytes: -1 };
        for (const a of fetched) {
          statuses[a.status] = (statuses[a.status] ?? 0) + 1;
          if (a.status !== 200 && a.status !== 204)
            throw new Error(`${a.path} answered ${a.status}: ${a.body.toString().slice(0, 300)}`);
          if (a.status === 204) continue;
          const mvt = rawMvt(a);
          gzip.push(a.body.length);
          raw.push(mvt.length);
          features.push(mvtLayers(mvt).parcels ?? 0);
          if (a.body.length > largest.bytes) largest = { key: a.key, bytes: a.body.length };
        }
        const row: ZoomSizes = {
          area,
          z,
          tiles: tiles.length,
          empty: statuses['204'] ?? 0,
          gzipBytes: summarize(gzip),
          rawBytes: summarize(raw),
          features: summarize(features),
          ms: summarize(fetched.map((a) => a.ms)),
          statuses,
          largest: largest.key,
          withinLimit: largest.bytes <= sizeLimitBytes,
        };
        zooms.push(row);
        log(
          `${area.padEnd(10)} z${String(z).padEnd(2)} ${tiles.length} tiles (${row.empty} empty)  gzip p50 ${Math.round(row.gzipBytes.p50)} B  max ${row.gzipBytes.max} B (${row.largest})  features p50 ${row.features.p50} max ${row.features.max}  render p50 ${Math.round(row.ms.p50)} ms max ${Math.round(row.ms.max)} ms${row.withinLimit ? '' : '  OVER 500 KB'}`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  return {
    blockSize: options.blockSize,
    centres,
    zooms,
    limitBytes: sizeLimitBytes,
    allWithinLimit: zooms.every((z) => z.withinLimit),
  };
}
