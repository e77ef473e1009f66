// What the scale benchmark measures at each size: tile latency with the server's cache off (every
// request renders: query, gzip, answer) and parcel record lookups, each over a fixed list drawn from
// county 1 once, so every size does the same work per request. Two passes each, one request at a
// time: the first after a county load has pushed other pages out of PostgreSQL's buffers ("first"),
// the second right after it ("again").
import type { Config } from '@parcel-map/tileserver/config';
import type { Sql } from '@parcel-map/tileserver/db/client';
import { createApp } from '@parcel-map/tileserver/app';
import { createLogger } from '@parcel-map/tileserver/logger';
import { parcelTileSql } from '@parcel-map/tileserver/tiles/tile-queries';
import { countyIdentity } from '@parcel-map/fixtures/synth/county-identity';
import { summarize } from './stats.ts';
import { httpGet, tilePath } from './tile-fetch.ts';
import { MERCATOR_HALF, pickTiles, rollUp, type Tile, type TileCount } from './tile-math.ts';
import { ourPathTemplate, startTileServer } from './tile-server.ts';

export interface LatencyRow {
  /** e.g. "tile z14", "parcel record", "parcels at point". */
  name: string;
  pass: 'first' | 'again';
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Mean gzip bytes for tiles; undefined for lookups. */
  meanBytes?: number;
}

/** The tile SQL alone per zoom, from EXPLAIN (ANALYZE, BUFFERS): pages touched do not depend on the machine's load. */
export interface TileSqlRow {
  z: number;
  tiles: number;
  /** Mean shared buffers (8 KB pages) hit + read per tile. */
  meanBuffers: number;
  /** Mean of those read from outside PostgreSQL's buffers (OS cache or disk). */
  meanReads: number;
  /** Mean execution time (ms) as PostgreSQL reports it. */
  meanMs: number;
}

export interface LookupParcel {
  path: string;
  lat: number;
  lon: number;
}

const listSize: Record<number, number> = { 12: 24, 14: 64, 16: 128 };
const round = (v: number) => Math.round(v * 10) / 10;

/** Occupied z16 tiles of one county (by bounding-box centre, as tile-lists.ts counts), rolled up, then a seeded pick per zoom. */
export async function pickScaleTiles(sql: Sql, countyPath: string, seed: number): Promise<Record<number, Tile[]>> {
  const size = (2 * MERCATOR_HALF) / 2 ** 16;
  const rows = await sql<{ x: number; y: number; n: number }[]>`
    SELECT floor(((ST_XMin(geom_3857) + ST_XMax(geom_3857)) / 2 + ${MERCATOR_HALF}::float8) / ${size}::float8)::int AS x,
           floor((${MERCATOR_HALF}::float8 - (ST_YMin(geom_3857) + ST_YMax(geom_3857)) / 2) / ${size}::float8)::int AS y,
           count(*)::int AS n
    FROM parcels WHERE path LIKE ${`${countyPath}/%`} GROUP BY 1, 2`;
  const counts: TileCount[] = rows.map((r) => ({ z: 16, x: r.x, y: r.y, parcels: r.n }));
  const out: Record<number, Tile[]> = {};
  for (const z of [12, 14, 16]) {
    const atZoom = z === 16 ? counts : rollUp(counts, z);
    out[z] = pickTiles(atZoom, 'all', listSize[z]!, seed + z).map(({ z: tz, x, y }) => ({ z: tz, x, y }));
  }
  return out;
}

/** `count` parcels spread evenly over the lot numbers of numbered county `county`. */
export async function pickLookupParcels(
  sql: Sql,
  county: number,
  parcels: number,
  count: number,
): Promise<LookupParcel[]> {
  const base = countyIdentity(0, county).idBase;
  const ids = Array.from({ length: count }, (_, i) => base + 1 + Math.floor((i * parcels) / count));
  return sql<
    LookupParcel[]
  >`SELECT path, lat::float8 AS lat, lon::float8 AS lon FROM parcels WHERE id = ANY(${ids}::bigint[]) ORDER BY id`;
}

function row(name: string, pass: LatencyRow['pass'], ms: number[], bytes?: number[]): LatencyRow {
  const s = summarize(ms);
  return {
    name,
    pass,
    count: s.count,
    p50: round(s.p50),
    p95: round(s.p95),
    max: round(s.max),
    meanBytes: bytes ? Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length) : undefined,
  };
}

export async function measureTiles(options: {
  databaseUrl: string;
  token: string;
  tiles: Record<number, Tile[]>;
  log: (line: string) => void;
}): Promise<LatencyRow[]> {
  const server = await startTileServer({ databaseUrl: options.databaseUrl, port: 18191, cacheMb: 0, poolSize: 8 });
  const template = ourPathTemplate(options.token);
  const rows: LatencyRow[] = [];
  try {
    // The process's own warm-up (versions, prepared statements, JIT of our code) on tiles outside the lists.
    for (const z of [12, 14, 16]) {
      const t = options.tiles[z]![0]!;
      await httpGet(server.baseUrl, tilePath(template, { z: z + 1, x: t.x * 2, y: t.y * 2 }));
    }
    for (const pass of ['first', 'again'] as const) {
      for (const z of [12, 14, 16]) {
        const ms: number[] = [];
        const bytes: number[] = [];
        for (const tile of options.tiles[z]!) {
          const got = await httpGet(server.baseUrl, tilePath(template, tile));
          if (got.status !== 200)
            throw new Error(`tile ${z}/${tile.x}/${tile.y}: status ${got.status} ${got.body.toString().slice(0, 200)}`);
          ms.push(got.ms);
          bytes.push(got.body.length);
        }
        const r = row(`tile z${z}`, pass, ms, bytes);
        options.log(
          `  ${r.name} (${pass}): p50 ${r.p50} ms, p95 ${r.p95} ms, ${r.count} tiles, ${Math.round(r.meanBytes! / 1024)} KB gzip mean`,
        );
        rows.push(r);
      }
    }
  } finally {
    await server.stop();
  }
  return rows;
}

/** GET {parcel path}.json and /parcels_at_point.json through createApp in process (no socket), by an admin caller. */
export async function measureLookups(options: {
  config: Config;
  sql: Sql;
  parcels: LookupParcel[];
  log: (line: string) => void;
}): Promise<LatencyRow[]> {
  const token = 'bench-scale-admin-token-0123456789abcdef';
  const app = createApp({
    config: { ...options.config, ADMIN_TOKEN: token },
    sql: options.sql,
    logger: createLogger('silent'),
  });
  const get = async (url: string): Promise<number> => {
    const started = performance.now();
    const res = await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
    return performance.now() - started;
  };
  const rows: LatencyRow[] = [];
  for (const pass of ['first', 'again'] as const) {
    const record: number[] = [];
    const point: number[] = [];
    for (const p of options.parcels) {
      record.push(await get(`${p.path}.json`));
      point.push(await get(`/parcels_at_point.json?lat=${p.lat}&lon=${p.lon}`));
    }
    for (const r of [row('parcel record', pass, record), row('parcels at point', pass, point)]) {
      options.log(`  ${r.name} (${pass}): p50 ${r.p50} ms, p95 ${r.p95} ms, ${r.count} requests`);
      rows.push(r);
    }
  }
  return rows;
}

/** Runs the server's tile SQL for every listed tile under EXPLAIN (ANALYZE, BUFFERS), after the timed passes. */
export async function measureTileSql(
  sql: Sql,
  tiles: Record<number, Tile[]>,
  log: (line: string) => void,
): Promise<TileSqlRow[]> {
  const rows: TileSqlRow[] = [];
  for (const z of [12, 14, 16]) {
    let buffers = 0;
    let reads = 0;
    let ms = 0;
    const list = tiles[z]!;
    for (const t of list) {
      const [row] = await sql.unsafe(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${parcelTileSql(z)}`, [t.z, t.x, t.y]);
      const plan = (row!['QUERY PLAN'] as { Plan: Record<string, number>; 'Execution Time': number }[])[0]!;
      buffers += (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
      reads += plan.Plan['Shared Read Blocks'] ?? 0;
      ms += plan['Execution Time'];
    }
    const r = {
      z,
      tiles: list.length,
      meanBuffers: Math.round(buffers / list.length),
      meanReads: Math.round(reads / list.length),
      meanMs: round(ms / list.length),
    };
    log(`  tile SQL z${z}: ${r.meanBuffers} buffers per tile (${r.meanReads} read), ${r.meanMs} ms mean`);
    rows.push(r);
  }
  return rows;
}
