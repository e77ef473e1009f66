// `npm run bench -- compare <before.json> <after.json>`: two throughput runs side by side, cell by cell.
// The harness's own targets (the database limit, the bare HTTP limit, MapServer) run the same code in both
// runs, so how far their figures move between the runs is the run-to-run noise of this machine; a server
// cell (cold, warm) counts as slower only when it falls further than that.
import { readFileSync } from 'node:fs';
import type { ThroughputRun } from './report.ts';

type Cell = ThroughputRun['suite']['cells'][number];

const serverTargets = ['cold', 'warm'];
const harnessTargets = ['db-limit', 'http-limit', 'mapserver'];

function keyOf(cell: Cell): string {
  return `${cell.list} c=${cell.concurrency} ${cell.target}`;
}

function tilesPerSecond(cell: Cell | undefined): number | undefined {
  return cell?.result?.tilesPerSecond;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** The comparison as Markdown: the noise band, then one row per list and concurrency. */
export function compareRuns(beforeFile: string, afterFile: string): string {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ThroughputRun;
  const before = read(beforeFile);
  const after = read(afterFile);
  const beforeCells = new Map(before.suite.cells.map((cell) => [keyOf(cell), cell]));
  const ratio = (cell: Cell) => {
    const was = tilesPerSecond(beforeCells.get(keyOf(cell)));
    const now = tilesPerSecond(cell);
    return was && now ? now / was : undefined;
  };
  const harnessRatios = after.suite.cells
    .filter((cell) => harnessTargets.includes(cell.target))
    .map(ratio)
    .filter((r): r is number => r !== undefined);
  // A server cell is slower than noise when it fell further than any of the unchanged targets did.
  const low = percentile(harnessRatios, 0);
  const high = percentile(harnessRatios, 1);
  const middle = `${percentile(harnessRatios, 0.05).toFixed(2)}x to ${percentile(harnessRatios, 0.95).toFixed(2)}x`;
  const rows = after.suite.cells
    .filter((cell) => serverTargets.includes(cell.target))
    .map((cell) => {
      const was = tilesPerSecond(beforeCells.get(keyOf(cell)));
      const now = tilesPerSecond(cell);
      const r = ratio(cell);
      const verdict = r === undefined ? 'not measured' : r < low ? '**slower than noise**' : 'within noise or faster';
      const fmt = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(1));
      return `| ${cell.list} | ${cell.concurrency} | ${cell.target} | ${fmt(was)} | ${fmt(now)} | ${r === undefined ? '-' : `${r.toFixed(2)}x`} | ${verdict} |`;
    });
  return [
    `Before: \`${before.command}\` at ${before.startedAt}; after: \`${after.command}\` at ${after.startedAt}.`,
    '',
    `Run-to-run noise: the harness's own targets (database limit, bare HTTP limit, MapServer: ${harnessRatios.length} cells, the same code in both runs) moved between ${low.toFixed(2)}x and ${high.toFixed(2)}x of their before figures (${middle} from the 5th to the 95th percentile).`,
    '',
    '| list | c | target | before tiles/s | after tiles/s | after/before | verdict |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
