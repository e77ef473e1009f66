// The throughput suite: for every tile list and concurrency, back to back, the database limit, the
// canonical query, our server cold (cache off) and warm (cache filled), the HTTP limit and the
// MapServer peer. Running the six side by side per cell keeps their ratios fair while the shared machine's load drifts.
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { ensureSystemPackages } from '@parcel-map/tileserver/system/system-packages';
import type { BenchDb } from './bench-db.ts';
import { startMapServer, mapserverPathTemplate, type MapServerPeer } from './mapserver.ts';
import {
  allCpus,
  cpuTicks,
  pinPostgres,
  postgresCpuTicks,
  runAsync,
  startProcess,
  stopProcess,
  waitForHttp,
  waitQuiet,
  type Pinning,
} from './processes.ts';
import { summarize, type Summary } from './stats.ts';
import { fetchAll, mvtFirstProperties, mvtLayers, rawMvt, writeBundle, type Fetched } from './tile-fetch.ts';
import type { TileList } from './tile-lists.ts';
import { ourPathTemplate, startTileServer } from './tile-server.ts';
import { runWrk, type CellResult } from './wrk.ts';

export const targets = ['db-limit', 'canonical', 'cold', 'warm', 'http-limit', 'mapserver'] as const;
export type Target = (typeof targets)[number];

export interface ListFacts {
  name: string;
  area: string;
  density: string;
  z: number;
  tiles: number;
  /** Our tiles as served (gzip), uncompressed, and their feature counts. */
  ours: { gzipBytes: Summary; rawBytes: Summary; features: Summary; statuses: Record<string, number>; fillMs: Summary };
  mapserver?: {
    gzipBytes: Summary;
    rawBytes: Summary;
    features: Summary;
    statuses: Record<string, number>;
    properties: string[];
    ms: Summary;
  };
}

export interface Cell {
  list: string;
  concurrency: number;
  target: Target;
  result?: CellResult;
  error?: string;
  /** Time spent after the cell waiting for abandoned work to finish before the next cell. */
  drainMs?: number;
  /** More connections than tiles: the same tile is in flight more than once (servers may share misses). */
  repeatsInFlight: boolean;
  /** Where the answered tiles' CPU went (CellCpu). */
  cpu?: CellCpu;
}

/**
 * CPU ms per answered tile from /proc: PostgreSQL over the cell and its drain (every backend of the
 * cluster, closed ones included), and the asker over the timed window (our server process, the DB-limit
 * worker, the HTTP-limit server, MapServer's FastCGI and nginx processes). Both share the pinned core, so their sum is what a
 * tile costs there: the measured cause of a gap between a server and the database limit.
 */
export interface CellCpu {
  postgresMsPerTile: number | null;
  askerMsPerTile: number;
}

const MS_PER_TICK = 10;

export interface SuiteOptions {
  db: BenchDb;
  lists: TileList[];
  concurrencies: number[];
  durationS: number;
  pinning: Pinning;
  peer: boolean;
  token: string;
  workDir: string;
  log: (line: string) => void;
}

export interface SuiteResult {
  pool: number;
  warmCacheMb: number;
  peer?: { version: string; processes: number; error?: string };
  lists: ListFacts[];
  cells: Cell[];
}

const ports = { cold: 18180, warm: 18181, http: 18182, mapserver: 18190, fcgi: 18191 };

function facts(answers: Fetched[]) {
  const statuses: Record<string, number> = {};
  const gzip: number[] = [];
  const raw: number[] = [];
  const features: number[] = [];
  for (const a of answers) {
    statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    // Sizes and features of tiles with content; a 204 is counted in the statuses only.
    if (a.status !== 200) continue;
    const mvt = rawMvt(a);
    gzip.push(a.body.length);
    raw.push(mvt.length);
    features.push(mvtLayers(mvt).parcels ?? 0);
  }
  return {
    gzipBytes: summarize(gzip),
    rawBytes: summarize(raw),
    features: summarize(features),
    statuses,
    ms: summarize(answers.map((a) => a.ms)),
  };
}

async function dbLimitCell(
  options: SuiteOptions,
  pool: number,
  list: TileList,
  concurrency: number,
  durationS: number,
  query: 'ours' | 'canonical',
): Promise<CellResult> {
  const jobFile = resolve(options.workDir, 'db-limit-job.json');
  writeFileSync(
    jobFile,
    JSON.stringify({ url: options.db.url, pool, concurrency, durationS, tiles: list.tiles, query }),
  );
  const stdout = await runAsync(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'db-limit-worker.ts'), jobFile],
    {
      cpus: options.pinning.server,
    },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`the DB-limit worker printed no result:\n${stdout.slice(-2000)}`);
  return JSON.parse(line.slice('BENCH_JSON '.length)) as CellResult;
}

export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const { log, pinning } = options;
  // The load generator: without it every HTTP cell would fail, so it is installed like the peer.
  ensureSystemPackages([{ name: 'wrk', present: () => existsSync('/usr/bin/wrk') }], log);
  const pool = options.db.config.DB_POOL_SIZE;
  const warmCacheMb = Math.max(options.db.config.TILE_CACHE_MB, 512);
  const stops: (() => Promise<void>)[] = [];
  if (options.db.clusterDir && pinning.server) {
    const n = pinPostgres(options.db.clusterDir, pinning.server);
    log(`pinned ${n} PostgreSQL processes to CPU ${pinning.server}; wrk runs on CPU ${pinning.client}`);
    stops.push(async () => {
      pinPostgres(options.db.clusterDir!, allCpus());
    });
  } else if (pinning.server) {
    log('DATABASE_URL points elsewhere: PostgreSQL is not pinned');
  }
  const result: SuiteResult = { pool, warmCacheMb, lists: [], cells: [] };
  try {
    const common = { databaseUrl: options.db.url, poolSize: pool, cpus: pinning.server };
    const cold = await startTileServer({ ...common, port: ports.cold, cacheMb: 0 });
    stops.push(cold.stop);
    const warm = await startTileServer({ ...common, port: ports.warm, cacheMb: warmCacheMb });
    stops.push(warm.stop);
    log(
      `tile servers up: cold ${cold.baseUrl} (TILE_CACHE_MB=0), warm ${warm.baseUrl} (TILE_CACHE_MB=${warmCacheMb}), DB_POOL_SIZE=${pool}`,
    );

    // One pass over every list fills the warm cache; its bytes are what the HTTP limit answers.
    const ourPath = ourPathTemplate(options.token);
    const answers: Fetched[] = [];
    for (const list of options.lists) {
      const fetched = await fetchAll(warm.baseUrl, ourPath, list.tiles, 2);
      answers.push(...fetched);
      const f = facts(fetched);
      result.lists.push({
        name: list.name,
        area: list.area,
        density: list.density,
        z: list.z,
        tiles: list.tiles.length,
        ours: { ...f, fillMs: f.ms },
      });
      log(
        `filled ${list.name}: ${list.tiles.length} tiles, statuses ${JSON.stringify(f.statuses)}, gzip p50 ${Math.round(f.gzipBytes.p50)} B max ${f.gzipBytes.max} B`,
      );
      const bad = fetched.filter((a) => a.status !== 200 && a.status !== 204);
      if (bad.length)
        throw new Error(
          `our server answered ${bad[0]!.status} for ${bad[0]!.path}: ${bad[0]!.body.toString().slice(0, 300)}`,
        );
    }
    const bundle = resolve(options.workDir, 'http-limit-bundle.json');
    writeBundle(bundle, answers);
    const httpLimit = startProcess(
      'http-limit server',
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, 'http-limit-server.ts'), bundle, String(ports.http)],
      {
        cpus: pinning.server,
        cwd: repoRoot,
      },
    );
    stops.push(() => stopProcess(httpLimit));
    const httpBase = `http://127.0.0.1:${ports.http}`;
    await waitForHttp(`${httpBase}/`, httpLimit, 60_000);

    let peer: MapServerPeer | undefined;
    const peerFailed = new Map<string, string>();
    if (options.peer) {
      try {
        peer = await startMapServer({
          databaseUrl: options.db.url,
          port: ports.mapserver,
          fcgiPort: ports.fcgi,
          processes: pool,
          cpus: pinning.server,
          workDir: options.workDir,
          log,
        });
        stops.push(peer.stop);
        result.peer = { version: peer.version, processes: peer.processes };
        log(`MapServer peer up: ${peer.baseUrl} (${peer.processes} FastCGI processes behind nginx) ${peer.version}`);
        for (const [i, list] of options.lists.entries()) {
          try {
            const fetched = await fetchAll(peer.baseUrl, mapserverPathTemplate, list.tiles, 2);
            const f = facts(fetched);
            const firstWithData = fetched.find((a) => a.status === 200 && rawMvt(a).length > 0);
            const properties = firstWithData ? mvtFirstProperties(rawMvt(firstWithData), 'parcels') : [];
            result.lists[i]!.mapserver = { ...f, properties };
            log(
              `MapServer ${list.name}: statuses ${JSON.stringify(f.statuses)}, features p50 ${f.features.p50} (ours ${result.lists[i]!.ours.features.p50}), gzip p50 ${Math.round(f.gzipBytes.p50)} B, properties ${properties.join(',')}`,
            );
            if (
              f.features.max === 0 ||
              !fetched.every((a) => a.contentType.includes('vector-tile') || a.contentType.includes('protobuf'))
            ) {
              throw new Error(
                `answers are not MVT with features: ${fetched[0]?.contentType} ${fetched[0]?.body.toString().slice(0, 300)}`,
              );
            }
          } catch (error) {
            // One list's failure (a timeout on a huge tile) costs that list's MapServer cells only.
            peerFailed.set(list.name, (error as Error).message);
            log(`MapServer ${list.name}: FAILED ${(error as Error).message}`);
          }
        }
      } catch (error) {
        log(`MapServer peer failed: ${(error as Error).message}`);
        result.peer = {
          version: peer?.version ?? 'unknown',
          processes: peer?.processes ?? 0,
          error: (error as Error).message,
        };
        peer = undefined;
      }
    }

    // Lists whose tiles take over half a second to render (dense z12) get three times the duration,
    // so that even at c=64 a cell sees more than a handful of answers.
    const slow = new Set(result.lists.filter((l) => l.ours.fillMs.p50 > 500).map((l) => l.name));
    const durationOf = (list: TileList) => (slow.has(list.name) ? options.durationS * 3 : options.durationS);
    for (const name of slow) log(`${name}: tiles take over 500 ms each; its cells run ${options.durationS * 3} s`);
    const wrkTarget = (baseUrl: string, pathTemplate: string, list: TileList, concurrency: number) =>
      runWrk({
        baseUrl,
        pathTemplate,
        tiles: list.tiles,
        concurrency,
        durationS: durationOf(list),
        cpus: pinning.client,
        workDir: options.workDir,
      });
    const cellRunners: Record<Target, ((list: TileList, c: number) => Promise<CellResult>) | undefined> = {
      'db-limit': (list, c) => dbLimitCell(options, pool, list, c, durationOf(list), 'ours'),
      canonical: (list, c) => dbLimitCell(options, pool, list, c, durationOf(list), 'canonical'),
      cold: (list, c) => wrkTarget(cold.baseUrl, ourPath, list, c),
      warm: (list, c) => wrkTarget(warm.baseUrl, ourPath, list, c),
      'http-limit': (list, c) => wrkTarget(httpBase, ourPath, list, c),
      mapserver: peer
        ? (list, c) => {
            const failed = peerFailed.get(list.name);
            return failed
              ? Promise.reject(new Error(`skipped: MapServer failed the check of this list (${failed})`))
              : wrkTarget(peer!.baseUrl, mapserverPathTemplate, list, c);
          }
        : undefined,
    };
    const serverPids = [cold.pid, warm.pid, httpLimit.child.pid ?? 0, ...(peer?.pids ?? [])];
    const postgresTicks = () => (options.db.clusterDir ? postgresCpuTicks(options.db.clusterDir) : null);
    // The references run in a child process per cell that reports its own CPU (cpuMs); the servers
    // are read from /proc.
    const askerTicksOf: Record<Target, () => number> = {
      'db-limit': () => 0,
      canonical: () => 0,
      cold: () => cpuTicks([cold.pid]),
      warm: () => cpuTicks([warm.pid]),
      'http-limit': () => cpuTicks([httpLimit.child.pid ?? 0]),
      mapserver: () => cpuTicks(peer?.pids ?? []),
    };
    const activeQueries = async () => {
      const [row] = await options.db.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`;
      return row?.n ?? 0;
    };
    for (const list of options.lists) {
      for (const concurrency of options.concurrencies) {
        for (const target of targets) {
          const run = cellRunners[target];
          if (!run) continue;
          const cell: Cell = { list: list.name, concurrency, target, repeatsInFlight: list.tiles.length < concurrency };
          const askerTicks = askerTicksOf[target];
          const before = { postgres: postgresTicks(), asker: askerTicks() };
          let askerMs = 0;
          try {
            cell.result = await run(list, concurrency);
            // The asker's CPU up to the end of the timed window (the DB-limit worker measures its own).
            askerMs = cell.result.cpuMs ?? (askerTicks() - before.asker) * MS_PER_TICK;
            const r = cell.result;
            log(
              `${list.name.padEnd(22)} c=${String(concurrency).padEnd(3)} ${target.padEnd(10)} ${r.tilesPerSecond.toFixed(1).padStart(9)} tiles/s  p50 ${r.p50Ms.toFixed(1)} ms  p95 ${r.p95Ms.toFixed(1)} ms${r.errors ? `  errors ${r.errors}` : ''}`,
            );
          } catch (error) {
            cell.error = (error as Error).message.slice(0, 2000);
            log(`${list.name} c=${concurrency} ${target}: FAILED ${cell.error.slice(0, 300)}`);
          }
          cell.drainMs = await waitQuiet(serverPids, activeQueries);
          if (cell.result?.requests) {
            // PostgreSQL's after the drain, once the worker's closed backends have been reaped.
            const postgres = postgresTicks();
            const requests = cell.result.requests;
            cell.cpu = {
              postgresMsPerTile: postgres === null ? null : ((postgres - before.postgres!) * MS_PER_TICK) / requests,
              askerMsPerTile: askerMs / requests,
            };
          }
          if (cell.drainMs > 2000) log(`  waited ${(cell.drainMs / 1000).toFixed(1)} s for abandoned work to finish`);
          result.cells.push(cell);
        }
      }
    }
    return result;
  } finally {
    for (const stop of stops.reverse()) await stop().catch((e: unknown) => log(`stopping: ${(e as Error).message}`));
  }
}
