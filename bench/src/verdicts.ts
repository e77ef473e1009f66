// The benchmark's targets, evaluated from one run's cells: cold >= 1.0 of our database limit,
// cold >= 2x the canonical query at z12 and z14, cold ahead of MapServer in every cell, warm >= 0.9 of
// the HTTP limit, and the p95 of a cold dense z14 tile at c=8 (reported against the old 250 ms).
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
export function ratios(
  cells: readonly Cell[],
  numerator: Target,
  denominator: Target,
  threshold = 0,
  lists?: RegExp,
): RatioSet {
  const out: RatioSet['cells'] = [];
  for (const cell of cells) {
    if (cell.target !== numerator || !cell.result || cell.repeatsInFlight) continue;
    if (lists && !lists.test(cell.list)) continue;
    const other = cellOf(cells, cell.list, cell.concurrency, denominator);
    const r = ratio(cell.result.tilesPerSecond, other?.result?.tilesPerSecond);
    if (r !== null && r > 0) out.push({ list: cell.list, concurrency: cell.concurrency, ratio: r });
  }
  if (out.length === 0) return { cells: out, geomean: null, min: null, below: 0 };
  const geomean = Math.exp(out.reduce((s, c) => s + Math.log(c.ratio), 0) / out.length);
  return {
    cells: out,
    geomean,
    min: Math.min(...out.map((c) => c.ratio)),
    below: out.filter((c) => c.ratio < threshold).length,
  };
}

const pct = (r: number) => `${(r * 100).toFixed(0)}%`;

function ratioVerdict(name: string, set: RatioSet, threshold: number, of: string): Verdict {
  if (set.geomean === null)
    return { name, target: `>= ${threshold} of ${of}`, measured: 'not measured', met: null, gap: 'n/a' };
  const met = set.geomean >= threshold;
  return {
    name,
    target: `>= ${threshold} of ${of}`,
    measured: `${set.geomean.toFixed(2)} (geometric mean of ${set.cells.length} cells; lowest ${set.min!.toFixed(2)}; ${set.below} cells below ${threshold})`,
    met,
    gap: met
      ? `+${pct(set.geomean / threshold - 1)} over target`
      : `${pct(1 - set.geomean / threshold)} short of target`,
  };
}

export const p95List = 'synthetic-dense-z14';

/** Every cell must pass (not the geometric mean): "ahead of MapServer in every cell". */
function everyCellVerdict(name: string, set: RatioSet, threshold: number, of: string): Verdict {
  const target = `> ${threshold}x ${of} in every cell`;
  if (set.min === null) return { name, target, measured: 'not measured', met: null, gap: 'n/a' };
  const failing = set.cells.filter((c) => c.ratio <= threshold);
  return {
    name,
    target,
    measured: `lowest ${set.min.toFixed(2)}x, geometric mean ${set.geomean!.toFixed(2)}x over ${set.cells.length} cells`,
    met: failing.length === 0,
    gap:
      failing.length === 0
        ? `+${pct(set.min / threshold - 1)} in the lowest cell`
        : `${failing.length} cells at or below: ${failing.map((c) => `${c.list} c=${c.concurrency} ${c.ratio.toFixed(2)}`).join(', ')}`,
  };
}

export const canonicalLists = /-z1[24]$/;

export function evaluate(cells: readonly Cell[]): {
  verdicts: Verdict[];
  coldVsDb: RatioSet;
  coldVsCanonical: RatioSet;
  warmVsHttp: RatioSet;
  coldVsPeer: RatioSet;
  warmVsPeer: RatioSet;
} {
  const coldVsDb = ratios(cells, 'cold', 'db-limit', 1.0);
  const coldVsCanonical = ratios(cells, 'cold', 'canonical', 2.0, canonicalLists);
  const warmVsHttp = ratios(cells, 'warm', 'http-limit', 0.9);
  const coldVsPeer = ratios(cells, 'cold', 'mapserver', 1.0);
  const warmVsPeer = ratios(cells, 'warm', 'mapserver');
  const verdicts = [
    ratioVerdict('cold throughput', coldVsDb, 1.0, 'our database limit'),
    ratioVerdict('cold vs canonical query, z12 and z14', coldVsCanonical, 2.0, 'the canonical query'),
    everyCellVerdict('cold vs MapServer', coldVsPeer, 1.0, 'MapServer'),
    ratioVerdict('warm throughput', warmVsHttp, 0.9, 'the HTTP limit'),
  ];
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
  return { verdicts, coldVsDb, coldVsCanonical, warmVsHttp, coldVsPeer, warmVsPeer };
}
