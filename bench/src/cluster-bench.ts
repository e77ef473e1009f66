// `npm run bench -- cluster`: the tile lists through the scale-out setup (tileserver/src/cluster) with
// one and then two tile processes: cold through nginx without its cache (tile processes' own cache
// off, every request a render on the replica), warm from nginx's proxy_cache after one fill pass.
// The cluster holds the real data only (Cambridge/Somerville), so its lists are the cambridge ones.
// Not pinned: the point is how two processes use the machine's two cores.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { startCluster } from '@parcel-map/tileserver/cluster/cluster';
import { fetchAll } from './tile-fetch.ts';
import type { TileList } from './tile-lists.ts';
import { runWrk, type CellResult } from './wrk.ts';

export interface ClusterCell {
  tileProcesses: number;
  list: string;
  concurrency: number;
  target: 'cold' | 'warm';
  result?: CellResult;
  error?: string;
  loadAverage: string;
}

export interface ClusterBenchOptions {
  lists: TileList[];
  concurrencies: number[];
  durationS: number;
  workDir: string;
  log: (line: string) => void;
}

const basePort = 18_600;
const uncachedPort = 18_620;

export async function runClusterBench(options: ClusterBenchOptions): Promise<ClusterCell[]> {
  const { log } = options;
  const lists = options.lists.filter((l) => l.area === 'cambridge');
  const cells: ClusterCell[] = [];
  for (const tileProcesses of [1, 2]) {
    const cluster = await startCluster({
      dir: resolve(repoRoot, '.data/bench-cluster'),
      basePort,
      tileProcesses,
      tileCacheMb: 0,
      uncachedPort,
      log,
    });
    try {
      const tileJson = (await (await fetch(`${cluster.url}/api/v1/parcels?format=mvt`)).json()) as { tiles: string[] };
      // The versioned URL the TileJSON hands out, as every client asks for it (and nginx keys it).
      const pathTemplate = tileJson.tiles[0]!.replace(/^https?:\/\/[^/]+/, '');
      for (const list of lists) {
        const filled = await fetchAll(cluster.url, pathTemplate, list.tiles, 2);
        const bad = filled.filter((a) => a.status !== 200 && a.status !== 204);
        if (bad.length) throw new Error(`the cluster answered ${bad[0]!.status} for ${bad[0]!.path}`);
        for (const concurrency of options.concurrencies) {
          for (const target of ['cold', 'warm'] as const) {
            const cell: ClusterCell = {
              tileProcesses,
              list: list.name,
              concurrency,
              target,
              loadAverage: loadAverage(),
            };
            try {
              const baseUrl = target === 'cold' ? cluster.uncachedUrl! : cluster.url;
              cell.result = await runWrk({
                baseUrl,
                pathTemplate,
                tiles: list.tiles,
                concurrency,
                durationS: options.durationS,
                workDir: options.workDir,
              });
              const r = cell.result;
              log(
                `${tileProcesses} tile process(es) ${list.name.padEnd(18)} c=${String(concurrency).padEnd(3)} ${target.padEnd(5)} ${r.tilesPerSecond.toFixed(1).padStart(9)} tiles/s  p50 ${r.p50Ms.toFixed(1)} ms  p95 ${r.p95Ms.toFixed(1)} ms  load ${cell.loadAverage}`,
              );
            } catch (error) {
              cell.error = (error as Error).message.slice(0, 1000);
              log(`${tileProcesses} ${list.name} c=${concurrency} ${target}: FAILED ${cell.error.slice(0, 200)}`);
            }
            cells.push(cell);
          }
        }
      }
    } finally {
      await cluster.stop();
    }
  }
  return cells;
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

/** The scaling table for bench/README.md: tiles/s with one and two tile processes and their ratio. */
export function clusterTable(cells: readonly ClusterCell[]): string {
  const rows = [
    '| list | c | target | 1 tile process: tiles/s (p50 / p95 ms) | 2 tile processes | 2 / 1 | load average (1 / 2) |',
    '|---|---|---|---|---|---|---|',
  ];
  const keyed = (n: number, c: ClusterCell) =>
    cells.find(
      (x) => x.tileProcesses === n && x.list === c.list && x.concurrency === c.concurrency && x.target === c.target,
    );
  const fmt = (c?: ClusterCell) =>
    c?.result
      ? `${c.result.tilesPerSecond.toFixed(1)} (${c.result.p50Ms.toFixed(1)} / ${c.result.p95Ms.toFixed(1)})`
      : 'failed';
  for (const one of cells.filter((c) => c.tileProcesses === 1)) {
    const two = keyed(2, one);
    const ratio = one.result && two?.result ? (two.result.tilesPerSecond / one.result.tilesPerSecond).toFixed(2) : '–';
    rows.push(
      `| ${one.list} | ${one.concurrency} | ${one.target} | ${fmt(one)} | ${fmt(two)} | ${ratio} | ${one.loadAverage.split(' ')[0]} / ${two?.loadAverage.split(' ')[0] ?? '–'} |`,
    );
  }
  return rows.join('\n');
}

export function saveClusterRun(file: string, run: object): void {
  writeFileSync(file, `${JSON.stringify(run, null, 1)}\n`);
}
