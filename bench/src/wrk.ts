// One wrk cell: a fixed duration at one concurrency over one tile list, walked by walk-tiles.lua, with
// the figures read from the JSON line the script prints in done().
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runAsync } from './processes.ts';
import type { Tile } from './tile-math.ts';

export const luaScript = resolve(import.meta.dirname, 'walk-tiles.lua');

/**
 * The Accept-Encoding of the map's real clients: Chrome, Edge and Firefox send this over HTTPS, so a
 * cold tile is compressed the way a browser asks for it (zstd on a miss, tileserver/src/tiles/tile-encoding.ts).
 */
export const browserAcceptEncoding = 'gzip, deflate, br, zstd';

export interface CellResult {
  tilesPerSecond: number;
  requests: number;
  durationS: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  /** Mean bytes per answer on the wire (headers excluded where the runner can tell). */
  bytesPerTile: number;
  /** CPU ms the asking process used over the timed window, when it measures itself (the DB-limit worker). */
  cpuMs?: number;
}

export interface WrkOptions {
  baseUrl: string;
  /** Path with {z}, {x}, {y}, e.g. /api/v1/parcels/{z}/{x}/{y}.mvt */
  pathTemplate: string;
  tiles: readonly Tile[];
  concurrency: number;
  durationS: number;
  cpus?: string;
  /** Folder for the tile list file. */
  workDir: string;
  timeoutS?: number;
}

interface WrkJson {
  requests: number;
  durationUs: number;
  bytes: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { p50: number; p95: number; p99: number; mean: number; max: number };
}

export async function runWrk(options: WrkOptions): Promise<CellResult> {
  const listFile = resolve(options.workDir, `wrk-list-${process.pid}.txt`);
  writeFileSync(listFile, options.tiles.map((t) => `${t.z}/${t.x}/${t.y}`).join('\n') + '\n');
  // One thread: it drives all connections from one core; more threads would only fight over it.
  const args = [
    '-t1',
    `-c${options.concurrency}`,
    `-d${options.durationS}s`,
    `--timeout`,
    `${options.timeoutS ?? 60}s`,
    '-s',
    luaScript,
    options.baseUrl,
  ];
  const stdout = await runAsync('wrk', args, {
    cpus: options.cpus,
    env: {
      BENCH_TILES: listFile,
      BENCH_PATH: options.pathTemplate,
      BENCH_THREADS: '1',
      BENCH_ACCEPT_ENCODING: browserAcceptEncoding,
    },
  });
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no result line:\n${stdout.slice(-2000)}`);
  const json = JSON.parse(line.slice('BENCH_JSON '.length)) as WrkJson;
  const durationS = json.durationUs / 1e6;
  const errors = json.errors.connect + json.errors.read + json.errors.write + json.errors.status + json.errors.timeout;
  // No answer within the cell (tiles slower than the duration): no latency to state.
  const ms = (us: number) => (json.requests > 0 ? us / 1000 : Number.NaN);
  return {
    tilesPerSecond: (json.requests - json.errors.status) / durationS,
    requests: json.requests,
    durationS,
    p50Ms: ms(json.latencyUs.p50),
    p95Ms: ms(json.latencyUs.p95),
    p99Ms: ms(json.latencyUs.p99),
    errors,
    bytesPerTile: json.requests > 0 ? json.bytes / json.requests : 0,
  };
}
