// `npm run bench -- png`: PNG tiles of a stored source (four style rules over Cambridge) on the densest
// Cambridge tiles at z14-17. Our server cold (first request: MVT query, paint, rasterise) and warm
// (cached PNG), tiles/s and latency per 256-px tile (median, p95), the 512-px @2x tiles warm, the paint
// alone from a warm MVT (SVG + sharp, in this process), and MapServer's PNG output of the same tiles
// (its tile mode, parcels filled in one colour: bench/mapserver/parcels.map.in), which caches nothing.
// Uses DATABASE_URL (or the project's local cluster) with the real data only; no synthetic county.
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadConfig } from '@parcel-map/tileserver/config';
import { createDb, ensureDatabase, type Sql } from '@parcel-map/tileserver/db/client';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { prepareDatabase } from '@parcel-map/tileserver/db/prepare';
import { loadRealData } from '@parcel-map/tileserver/data/load-real-data';
import { freePort } from '@parcel-map/tileserver/system/free-port';
import { pngOfMvt } from '@parcel-map/tileserver/tiles/raster/png-tile';
import { startMapServer } from './mapserver.ts';
import { summarize, type Summary } from './stats.ts';
import { httpGet, tilePath, type Fetched } from './tile-fetch.ts';
import { MERCATOR_HALF, type Tile } from './tile-math.ts';
import { resultsDir } from './tile-lists.ts';
import { startTileServer } from './tile-server.ts';

const cambridge = '/us/ma/middlesex/cambridge';
/** How many of the densest tiles per zoom. */
const perZoom: Record<number, number> = { 14: 4, 15: 8, 16: 12, 17: 16 };

const styles = [
  { field: 'parval', predicate: 'gte', value: '1000000', fill: '#e41a1c99', line: '#99000dff' },
  { field: 'usecode', predicate: 'is', value: '101', fill: '#377eb899', line: '#08306bff' },
  { field: 'yearbuilt', predicate: 'lt', value: '1900', fill: '#4daf4a99', line: '#00441bff' },
  { predicate: 'default', fill: '#cccccc66', line: '#555555ff' },
];

const mapserverPng = '/mapserv?mode=tile&tilemode=gmap&tile={x}+{y}+{z}&layers=parcels&map.imagetype=png';

export interface PngCell {
  target: string;
  tiles: number;
  /** Per-request latency in ms (sequential requests). */
  ms: Summary;
  /** Sequential tiles per second (1 / mean latency). */
  serialPerSecond: number;
  /** Tiles per second with `concurrency` requests in flight over the duration (absent: not measured). */
  perSecond?: number;
  bytes: Summary;
}

export interface PngRun {
  kind: 'png';
  startedAt: string;
  command: string;
  loadAverage: string;
  settings: { durationS: number; concurrency: number; tiles: Record<number, number> };
  cells: PngCell[];
  /**
   * The paint alone (SVG of a warm MVT + sharp) per zoom, 256 px, in the bench process: wall time, and
   * the process's CPU time (its libvips threads included), which a busy machine inflates less.
   */
  paint: { z: number; ms: Summary; cpuMs: Summary; mvtBytes: Summary }[];
}

async function openDb(log: (line: string) => void): Promise<{ url: string; sql: Sql }> {
  const config = loadConfig();
  const prepared = await prepareDatabase(config, log);
  const url = prepared.cluster ? prepared.cluster.url('parcels_bench') : prepared.url;
  if (prepared.cluster) await ensureDatabase(url);
  const sql = createDb(url, { max: 2, applicationName: 'parcel-map-bench-png' });
  await migrate(sql);
  await loadRealData(sql, { force: false, log });
  return { url, sql };
}

/** The densest Cambridge tiles per zoom, by parcels whose bounding-box centre falls in the tile. */
export async function denseCambridgeTiles(sql: Sql): Promise<Tile[]> {
  const tiles: Tile[] = [];
  for (const [z, limit] of Object.entries(perZoom)) {
    const size = (2 * MERCATOR_HALF) / 2 ** Number(z);
    const rows = await sql<{ x: number; y: number }[]>`
      SELECT floor(((ST_XMin(geom_3857) + ST_XMax(geom_3857)) / 2 + ${MERCATOR_HALF}::float8) / ${size}::float8)::int AS x,
             floor((${MERCATOR_HALF}::float8 - (ST_YMin(geom_3857) + ST_YMax(geom_3857)) / 2) / ${size}::float8)::int AS y
      FROM parcels WHERE path LIKE ${`${cambridge}/%`}
      GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT ${limit}`;
    tiles.push(...rows.map((r) => ({ z: Number(z), x: r.x, y: r.y })));
  }
  return tiles;
}

function expectPng(answer: Fetched, who: string): void {
  if (answer.status !== 200 || !answer.contentType.startsWith('image/png'))
    throw new Error(`${who} answered ${answer.status} ${answer.contentType}: ${answer.body.toString().slice(0, 300)}`);
}

/** Every tile once, one request at a time. */
async function serialPass(baseUrl: string, template: string, tiles: readonly Tile[], who: string): Promise<Fetched[]> {
  const out: Fetched[] = [];
  for (const tile of tiles) {
    const answer = await httpGet(baseUrl, tilePath(template, tile), false);
    expectPng(answer, who);
    out.push(answer);
  }
  return out;
}

/** Tiles per second with `concurrency` requests in flight for `durationS`, cycling through the tiles. */
async function throughput(
  baseUrl: string,
  template: string,
  tiles: readonly Tile[],
  concurrency: number,
  durationS: number,
): Promise<number> {
  const end = performance.now() + durationS * 1000;
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const tile = tiles[next++ % tiles.length]!;
      const answer = await httpGet(baseUrl, tilePath(template, tile), false);
      if (answer.status !== 200) throw new Error(`answered ${answer.status} during the throughput run`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - started) / 1000);
}

function cell(target: string, answers: Fetched[], perSecond?: number): PngCell {
  const ms = summarize(answers.map((a) => a.ms));
  return {
    target,
    tiles: answers.length,
    ms,
    serialPerSecond: 1000 / ms.mean,
    ...(perSecond === undefined ? {} : { perSecond }),
    bytes: summarize(answers.map((a) => a.body.length)),
  };
}

async function postSource(baseUrl: string): Promise<{ tiles: string[]; raster_tiles: string[] }> {
  const body = JSON.stringify({ query: { parcel: true, path: cambridge }, styles });
  const answer = await new Promise<{ status: number; text: string }>((done, fail) => {
    const req = http.request(
      new URL('/api/v1/sources?token=public', baseUrl),
      { method: 'POST', headers: { 'Content-Type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
  if (answer.status !== 200) throw new Error(`POST /api/v1/sources answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as { tiles: string[]; raster_tiles: string[] };
}

/** A template's path and query, its {z}/{x}/{y} kept as written (URL() would encode the braces). */
const pathOf = (url: string) => url.slice(new URL(url).origin.length);

export async function runPngBench(options: {
  durationS: number;
  concurrency: number;
  command: string;
  log: (line: string) => void;
}): Promise<{ file: string; run: PngRun }> {
  const { log, durationS, concurrency } = options;
  const startedAt = new Date().toISOString();
  const { url, sql } = await openDb(log);
  const workDir = mkdtempSync(resolve(os.tmpdir(), 'parcel-bench-png-'));
  const cells: PngCell[] = [];
  const paint: PngRun['paint'] = [];
  let tiles: Tile[];
  try {
    tiles = await denseCambridgeTiles(sql);
    log(
      `${tiles.length} dense Cambridge tiles: ${Object.entries(perZoom)
        .map(([z, n]) => `${n} at z${z}`)
        .join(', ')}`,
    );
    const server = await startTileServer({ databaseUrl: url, port: await freePort(), cacheMb: 256, poolSize: 4 });
    try {
      const source = await postSource(server.baseUrl);
      const png = pathOf(source.raster_tiles[0]!);
      const png2x = png.replace('{y}.png', '{y}@2x.png');
      log('our server: cold pass (MVT query, paint, rasterise, each tile once)');
      cells.push(cell('ours, cold (256 px)', await serialPass(server.baseUrl, png, tiles, 'our server')));
      log('our server: warm passes (cached PNG)');
      const warm: Fetched[] = [];
      for (let round = 0; round < 5; round++) warm.push(...(await serialPass(server.baseUrl, png, tiles, 'ours')));
      const warmRate = await throughput(server.baseUrl, png, tiles, concurrency, durationS);
      cells.push(cell('ours, warm (256 px)', warm, warmRate));
      log('our server: @2x cold and warm');
      cells.push(cell('ours, cold (512 px @2x)', await serialPass(server.baseUrl, png2x, tiles, 'ours')));
      const warm2x: Fetched[] = [];
      for (let round = 0; round < 3; round++) warm2x.push(...(await serialPass(server.baseUrl, png2x, tiles, 'ours')));
      cells.push(cell('ours, warm (512 px @2x)', warm2x));

      log('the paint alone: SVG of each warm MVT and sharp, in this process');
      const mvt = pathOf(source.tiles[0]!);
      // Every feature carries its rule index (the last rule is the default), so the fallback is never drawn.
      const style = { layer: 'parcels', rules: styles, fallback: styles[3]! };
      for (const z of Object.keys(perZoom).map(Number)) {
        const times: number[] = [];
        const cpu: number[] = [];
        const mvtBytes: number[] = [];
        for (const tile of tiles.filter((t) => t.z === z)) {
          const answer = await httpGet(server.baseUrl, tilePath(mvt, tile), true);
          const raw = answer.status === 200 ? gunzipSync(answer.body) : null;
          mvtBytes.push(raw ? raw.length : 0);
          await pngOfMvt(raw, style, z, 1); // first paint warms sharp and librsvg
          for (let i = 0; i < 5; i++) {
            const [t0, c0] = [performance.now(), process.cpuUsage()];
            await pngOfMvt(raw, style, z, 1);
            times.push(performance.now() - t0);
            const used = process.cpuUsage(c0);
            cpu.push((used.user + used.system) / 1000);
          }
        }
        paint.push({ z, ms: summarize(times), cpuMs: summarize(cpu), mvtBytes: summarize(mvtBytes) });
      }
    } finally {
      await server.stop();
    }

    log('MapServer: PNG tiles of the same parcels (no tile cache)');
    const peer = await startMapServer({
      databaseUrl: url,
      port: await freePort(),
      fcgiPort: await freePort(),
      processes: 4,
      workDir,
      log,
    });
    try {
      const first = await serialPass(peer.baseUrl, mapserverPng, tiles, 'MapServer');
      const again: Fetched[] = [];
      for (let round = 0; round < 2; round++)
        again.push(...(await serialPass(peer.baseUrl, mapserverPng, tiles, 'MapServer')));
      const rate = await throughput(peer.baseUrl, mapserverPng, tiles, concurrency, durationS);
      cells.push(cell(`${peer.version}, first pass (256 px)`, first));
      cells.push(cell(`${peer.version}, later passes (256 px)`, again, rate));
    } finally {
      await peer.stop();
    }
  } finally {
    await sql.end({ timeout: 5 });
    rmSync(workDir, { recursive: true, force: true });
  }
  const run: PngRun = {
    kind: 'png',
    startedAt,
    command: options.command,
    loadAverage: readFileSync('/proc/loadavg', 'utf8').trim(),
    settings: { durationS, concurrency, tiles: perZoom },
    cells,
    paint,
  };
  // Named like the other runs (2026-11-27-19-45-png.json); the README's generated section reads other kinds only.
  const file = resolve(resultsDir, `${startedAt.slice(0, 16).replace(/[:T]/g, '-')}-png.json`);
  writeFileSync(file, `${JSON.stringify(run, null, 1)}\n`);
  return { file, run };
}

const f1 = (n: number) => n.toFixed(1);

/** The run as the Markdown tables of bench/README.md. */
export function pngTable(run: PngRun): string {
  const rows = run.cells.map(
    (c) =>
      `| ${c.target} | ${c.tiles} | ${f1(c.ms.p50)} | ${f1(c.ms.p95)} | ${f1(c.serialPerSecond)} | ${c.perSecond === undefined ? '' : f1(c.perSecond)} | ${Math.round(c.bytes.p50 / 1024)} |`,
  );
  const paintRows = run.paint.map(
    (p) =>
      `| z${p.z} | ${p.ms.count} | ${f1(p.ms.p50)} | ${f1(p.ms.p95)} | ${f1(p.cpuMs.p50)} | ${f1(p.cpuMs.p95)} | ${Math.round(p.mvtBytes.p50 / 1024)} |`,
  );
  return [
    `| target | requests | median ms | p95 ms | tiles/s, 1 at a time | tiles/s, ${run.settings.concurrency} in flight | median KB |`,
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '| zoom | paints | median ms | p95 ms | median CPU ms | p95 CPU ms | median MVT KB |',
    '|---|---|---|---|---|---|---|',
    ...paintRows,
  ].join('\n');
}
