// The zoom-size sweep (`npm run bench -- sizes`): gzip tile sizes per zoom 11..22 over the densest
// part of the synthetic county and of Cambridge/Somerville, fetched through our HTTP server, against
// the limit of 500 KB gzip for any tile at any zoom.
import type { BenchDb } from './bench-db.ts';
import { summarize, type Summary } from './stats.ts';
import { fetchAll, mvtLayers, rawMvt } from './tile-fetch.ts';
import { blockAround, tileCentre, type Tile } from './tile-math.ts';
import type { TileLists } from './tile-lists.ts';
import { ourPathTemplate, startTileServer } from './tile-server.ts';

export const sizeLimitBytes = 500 * 1024;
export const sweepZooms = Array.from({ length: 12 }, (_, i) => 11 + i);

export interface ZoomSizes {
  area: string;
  z: number;
  tiles: number;
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
  /** k: a k x k block of tiles per zoom around the densest z16 tile (5 covers the county at z11-12). */
  blockSize: number;
  token: string;
  port: number;
  log: (line: string) => void;
}

export async function runSizes(options: SizesOptions): Promise<SizesResult> {
  const { log } = options;
  const server = await startTileServer({ databaseUrl: options.db.url, port: options.port, cacheMb: 0, poolSize: options.db.config.DB_POOL_SIZE });
  const zooms: ZoomSizes[] = [];
  const centres: Record<string, Tile> = {};
  try {
    for (const [area, densest] of Object.entries(options.lists.densest)) {
      if (!densest) continue;
      centres[area] = { z: densest.z, x: densest.x, y: densest.y };
      const { mx, my } = tileCentre(densest);
      for (const z of sweepZooms) {
        const tiles = blockAround(z, mx, my, options.blockSize);
        const fetched = await fetchAll(server.baseUrl, ourPathTemplate(options.token), tiles, 2);
        const statuses: Record<string, number> = {};
        const gzip: number[] = [];
        const raw: number[] = [];
        const features: number[] = [];
        let largest = { key: '', bytes: -1 };
        for (const a of fetched) {
          statuses[a.status] = (statuses[a.status] ?? 0) + 1;
          if (a.status !== 200 && a.status !== 204) throw new Error(`${a.path} answered ${a.status}: ${a.body.toString().slice(0, 300)}`);
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
          gzipBytes: summarize(gzip),
          rawBytes: summarize(raw),
          features: summarize(features),
          ms: summarize(fetched.map((a) => a.ms)),
          statuses,
          largest: largest.key,
          withinLimit: largest.bytes <= sizeLimitBytes,
        };
        zooms.push(row);
        log(`${area.padEnd(10)} z${String(z).padEnd(2)} ${tiles.length} tiles  gzip p50 ${Math.round(row.gzipBytes.p50)} B  max ${row.gzipBytes.max} B (${row.largest})  features p50 ${row.features.p50} max ${row.features.max}  render p50 ${Math.round(row.ms.p50)} ms max ${Math.round(row.ms.max)} ms${row.withinLimit ? '' : '  OVER 500 KB'}`);
      }
    }
  } finally {
    await server.stop();
  }
  return { blockSize: options.blockSize, centres, zooms, limitBytes: sizeLimitBytes, allWithinLimit: zooms.every((z) => z.withinLimit) };
}
