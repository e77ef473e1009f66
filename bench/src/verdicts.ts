// The targets, evaluated from one run's cells: cold >= 0.9 of the database limit, warm >= 0.8
// of the HTTP limit, p95 of a cold dense z14 tile at c=8 under 250 ms; plus our ratio to MapServer.
// Ratios are taken cell by cell (same list, same concurrency, measured back to back).
import { ratio } from './stats.ts';
import type { Cell, Target } from './suite.ts';

export interface RatioSet {
  /** numerator / denominator per list and concurrency */
  cells: { list: string; concurrency: number; ratio: number }[];
  geomean: number | null;
  min: number | null;
  below: number;
}

export interface Verdict {
  name: string;
  target: string;
  measured: string;
  met: boolean | null;
  gap: string;
}

export function cellOf(cells: readonly Cell[], list: string, concurrency: number, target: Target): Cell | undefined {
  return cells.find((c) => c.list === list && c.concurrency === concurrency && c.target === target);
}

/**
 * Cells where a tile is in flight more than once (list shorter than the concurrency) are left out:
 * there our server shares one query between the copies, so a "cold" request is no longer a miss.
 */
export function ratios(cells: readonly Cell[], numerator: Target, denominator: Target, threshold = 0): RatioSet {
  const out: RatioSet['cells'] = [];
  for (const cell of cells) {
    if (cell.target !== numerator || !cell.result || cell.repeatsInFlight) continue;
    const other = cellOf(cells, cell.list, cell.concurrency, denominator);
    const r = ratio(cell.result.tilesPerSecond, other?.result?.tilesPerSecond);
    if (r !== null && r > 0) out.push({ list: cell.list, concurrency: cell.concurrency, ratio: r });
  }
  if (out.length === 0) return { cells: out, geomean: null, min: null, below: 0 };
  const geomean = Math.exp(out.reduce((s, c) => s + Math.log(c.ratio), 0) / out.length);
  return { cells: out, geomean, min: Math.min(...out.map((c) => c.ratio)), below: out.filter((c) => c.ratio < threshold).length };
}

const pct = (r: number) => `${(r * 100).toFixed(0)}%`;

function ratioVerdict(name: string, set: RatioSet, threshold: number, of: string): Verdict {
  if (set.geomean === null) return { name, target: `>= ${threshold} of ${of}`, measured: 'not measured', met: null, gap: 'n/a' };
  const met = set.geomean >= threshold;
  return {
    name,
    target: `>= ${threshold} of ${of}`,
    measured: `${set.geomean.toFixed(2)} (geometric mean of ${set.cells.length} cells; lowest ${set.min!.toFixed(2)}; ${set.below} cells below ${threshold})`,
    met,
    gap: met ? `+${pct(set.geomean / threshold - 1)} over target` : `${pct(1 - set.geomean / threshold)} short of target`,
  };
}

export const p95List = 'synthetic-dense-z14';

export function evaluate(cells: readonly Cell[]): { verdicts: Verdict[]; coldVsDb: RatioSet; warmVsHttp: RatioSet; coldVsPeer: RatioSet; warmVsPeer: RatioSet } {
  const coldVsDb = ratios(cells, 'cold', 'db-limit', 0.9);
  const warmVsHttp = ratios(cells, 'warm', 'http-limit', 0.8);
  const coldVsPeer = ratios(cells, 'cold', 'mapserver');
  const warmVsPeer = ratios(cells, 'warm', 'mapserver');
  const verdicts = [ratioVerdict('cold throughput', coldVsDb, 0.9, 'the database limit'), ratioVerdict('warm throughput', warmVsHttp, 0.8, 'the HTTP limit')];
  const p95Cell = cellOf(cells, p95List, 8, 'cold');
  const p95 = p95Cell?.result?.p95Ms;
  verdicts.push(
    p95 === undefined
      ? { name: 'p95 cold dense z14, c=8', target: '< 250 ms', measured: 'not measured', met: null, gap: 'n/a' }
      : {
          name: 'p95 cold dense z14, c=8',
          target: '< 250 ms',
          measured: `${p95.toFixed(1)} ms`,
          met: p95 < 250,
          gap: p95 < 250 ? `${(250 - p95).toFixed(0)} ms to spare` : `${(p95 - 250).toFixed(0)} ms over`,
        },
  );
  return { verdicts, coldVsDb, warmVsHttp, coldVsPeer, warmVsPeer };
}
