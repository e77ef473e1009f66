// npm run bench [-- <command>] [options]: the tile benchmark. Commands: (none) the full throughput suite,
// `sizes` the zoom-size sweep, `lists` the tile lists only, `report` README + charts from saved JSON,
// `scale` numbered 1M-parcel counties loaded one by one with latency and disk measured as they grow,
// `compare <before.json> <after.json>` two throughput runs cell by cell against the run-to-run noise,
// `viewer` the viewer's first load in headless Chromium (loopback, 4G, repeat visit; --runs N, default 5),
// `hover` a hover sweep over a dense z16 view in headless Chromium (--steps N, --jumps N, --no-build),
// `png` PNG tiles of a stored source against MapServer's PNG (--duration S, --concurrency N; real data only).
// Options: --quick (smoke: short cells, short lists), --duration S, --concurrency 1,8,64, --lists a,b
// (name substrings), --no-pin, --no-peer, --seed N.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compareRuns } from './compare.ts';
import { hoverTable, runHoverBench } from './hover.ts';
import { benchInsights } from './insights.ts';
import { benchExports } from './exports.ts';
import { benchImport, defaultImportFile } from './import-speed.ts';
import { openBenchDb, type BenchDb } from './bench-db.ts';
import { describeMachine } from './machine.ts';
import { allCpus, pinPostgres, stopAll, type Pinning } from './processes.ts';
import { resultFileName, writeReport, type RunHeader, type SizesRun, type ThroughputRun } from './report.ts';
import { runSizes } from './sizes.ts';
import { runScale } from './scale.ts';
import { rewriteScaleReport } from './scale-report.ts';
import { clusterTable, runClusterBench, saveClusterRun } from './cluster-bench.ts';
import { runSqlTiming, sqlTimingTable } from './sql-timing.ts';
import { runSuite, targets } from './suite.ts';
import { ensureBenchApiToken } from './api-token.ts';
import { buildTileLists, listsFile, resultsDir, writeTileLists } from './tile-lists.ts';
import { evaluate } from './verdicts.ts';
import { runViewerBench } from './viewer.ts';
import { pngTable, runPngBench } from './png.ts';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    concurrency: { type: 'string' },
    lists: { type: 'string' },
    'no-pin': { type: 'boolean', default: false },
    'no-peer': { type: 'boolean', default: false },
    // Tiles with a metered group API token instead of the anonymous one (METERING=off turns the counter off).
    'api-token': { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    counties: { type: 'string', default: '5' },
    'measure-at': { type: 'string', default: '1,2,3,5' },
    'county-parcels': { type: 'string', default: '1000000' },
    nice: { type: 'string', default: '10' },
    'keep-indexes': { type: 'boolean', default: false },
    // import: the 1M-row input file (written once when missing) and how many --replace imports to time.
    file: { type: 'string' },
    // import: 2 by default; viewer: 5.
    runs: { type: 'string' },
    moved: { type: 'boolean', default: false },
    steps: { type: 'string', default: '400' },
    jumps: { type: 'string', default: '60' },
    // hover: serve viewer/dist as built (a build of another commit) instead of rebuilding it when stale.
    'no-build': { type: 'boolean', default: false },
  },
});

const command = positionals[0] ?? 'throughput';
const log = (line: string) => console.log(`  ${line}`);
const commandLine = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;

function pinning(): Pinning {
  const cores = os.availableParallelism();
  if (flags['no-pin'] || cores < 2) return {};
  return { client: '0', server: cores === 2 ? '1' : `1-${cores - 1}` };
}

let clusterDir: string | undefined;
let workDir: string | undefined;
async function cleanUp(): Promise<void> {
  await stopAll();
  if (clusterDir) pinPostgres(clusterDir, allCpus());
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log(`\n${signal}: stopping the benchmark's processes`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** A benchmark that needs the bench database with the 1M synthetic county, and nothing else of the suite. */
async function onSyntheticCounty(
  title: string,
  bench: (db: BenchDb, log: (line: string) => void) => Promise<unknown>,
): Promise<void> {
  console.log('• Preparing the benchmark database');
  const db = await openBenchDb(log, { allowMissingSynthetic: false });
  try {
    console.log(`• ${title}`);
    await bench(db, log);
  } finally {
    await db.sql.end();
  }
}

async function main(): Promise<void> {
  if (
    ![
      'throughput',
      'sizes',
      'lists',
      'report',
      'insights',
      'cluster',
      'sql',
      'scale',
      'scale-report',
      'exports',
      'import',
      'compare',
      'viewer',
      'hover',
      'png',
    ].includes(command)
  )
    throw new Error(
      `unknown command "${command}": use sizes, lists, report, insights, cluster, sql, scale, scale-report, exports, import, compare, viewer, hover, png or nothing`,
    );
  if (command === 'compare') {
    const [, beforeFile, afterFile] = positionals;
    if (!beforeFile || !afterFile)
      throw new Error('compare needs two result files: compare <before.json> <after.json>');
    console.log(compareRuns(resolve(beforeFile), resolve(afterFile)));
    return;
  }
  if (command === 'viewer') {
    console.log("• The viewer's first load in headless Chromium (Cambridge z16: loopback, 4G, repeat visit)");
    const runs = Number(flags.runs ?? 5);
    if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs must be 1-20');
    console.log(`• Results: ${await runViewerBench({ runs, command: commandLine, log })}`);
    return;
  }
  if (command === 'hover') {
    console.log('• Hover sweep over a dense z16 view of Cambridge in headless Chromium');
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    const { file, run } = await runHoverBench({
      steps: Number(flags.steps),
      jumps: Number(flags.jumps),
      port: 18190,
      build: !flags['no-build'],
      command: commandLine,
      commit,
      resultsDir,
      log,
    });
    console.log(`\n${hoverTable(run)}\n\n• Results: ${file}`);
    return;
  }
  if (command === 'png') {
    console.log('• PNG tiles of a stored source on dense Cambridge tiles (z14-17), ours and MapServer');
    const durationS = Number(flags.duration ?? 3);
    const concurrency = Number(flags.concurrency ?? 4);
    if (!(durationS > 0 && durationS <= 60)) throw new Error('--duration must be 1-60 seconds');
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
      throw new Error('--concurrency must be 1-64');
    const { file, run } = await runPngBench({ durationS, concurrency, command: commandLine, log });
    console.log(`\n${pngTable(run)}\n\n• Results: ${file} (load average ${run.loadAverage})`);
    return;
  }
  if (command === 'scale-report') {
    console.log(
      `• bench/README.md scale section rewritten from ${rewriteScaleReport() ?? 'nothing (no scale run yet)'}`,
    );
    return;
  }
  if (command === 'scale') {
    const counties = Number(flags.counties);
    const parcelsPerCounty = Number(flags['county-parcels']);
    const measureAt = (flags['measure-at'] ?? '').split(',').map(Number);
    if (!Number.isInteger(counties) || counties < 1 || counties > 9) throw new Error('--counties must be 1-9');
    if (!Number.isInteger(parcelsPerCounty) || parcelsPerCounty < 1000 || parcelsPerCounty > 20_000_000)
      throw new Error('--county-parcels must be 1000-20000000');
    if (measureAt.some((k) => !Number.isInteger(k) || k < 1 || k > counties))
      throw new Error('--measure-at lists county counts from 1 to --counties');
    console.log(
      `• Scale: ${counties} counties of ${parcelsPerCounty.toLocaleString('en-US')} parcels, measuring after ${measureAt.join(', ')}`,
    );
    const nice = Number(flags.nice);
    if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new Error('--nice must be 0-19');
    const file = await runScale({
      counties,
      parcelsPerCounty,
      measureAt,
      seed: Number(flags.seed),
      nice,
      keepIndexes: flags['keep-indexes'],
      command: commandLine,
      log,
    });
    console.log(`• Results: ${file}; bench/README.md scale section and results/chart-scale.svg rewritten`);
    return;
  }
  if (command === 'exports')
    return onSyntheticCounty('Exports of the synthetic county (csv, gpkg) and the csv download', benchExports);
  if (command === 'import') {
    const runs = Number(flags.runs ?? 2);
    if (!Number.isInteger(runs) || runs < 1 || runs > 5) throw new Error('--runs must be 1-5');
    return onSyntheticCounty('A 1,000,000-row county file imported (--replace) into served tiles', (db, l) =>
      benchImport(db, l, { file: resolve(flags.file ?? defaultImportFile), runs, moved: flags.moved }),
    );
  }
  if (command === 'insights')
    return onSyntheticCounty('Place insights on the synthetic county and its quadrants', benchInsights);
  if (command === 'report') {
    const { charts } = writeReport();
    console.log(`• bench/README.md rewritten; charts: ${charts.join(', ') || 'none'}`);
    return;
  }
  const startedAt = new Date().toISOString();
  console.log('• Preparing the benchmark database');
  const db = await openBenchDb(log, { allowMissingSynthetic: flags.quick || command === 'lists' });
  clusterDir = db.clusterDir;
  try {
    console.log('• Building the seeded tile lists');
    const seed = Number(flags.seed);
    const lists = await buildTileLists(db.sql, seed, log);
    writeTileLists(lists);
    log(`written to ${listsFile}`);
    if (command === 'lists') return;

    const machine = await describeMachine(db.sql);
    const base = {
      startedAt,
      command: commandLine,
      machine,
      data: { syntheticParcels: db.syntheticCount, realParcels: db.realCount },
    };
    workDir = mkdtempSync(resolve(os.tmpdir(), 'parcel-bench-'));
    let file: string;
    if (command === 'sql') {
      console.log(
        '• The tile SQL alone: canonical query, per-tile ST_AsMVTGeom (old strategy), prepared bands; gzip 1 and 6',
      );
      const rows = await runSqlTiming(db.sql, lists.lists, flags.quick ? 4 : 12, log);
      const file = resolve(resultsDir, resultFileName('quick', startedAt).replace('quick', 'sql'));
      writeFileSync(
        file,
        `${JSON.stringify({ ...base, kind: 'sql', loadAverage: readFileSync('/proc/loadavg', 'utf8').trim(), rows }, null, 1)}\n`,
      );
      console.log(`\n${sqlTimingTable(rows)}\n\n• Results: ${file}`);
      return;
    }
    if (command === 'cluster') {
      console.log('• Through nginx: the scale-out setup with 1 and 2 tile processes (cambridge lists, not pinned)');
      const durationS = Math.max(1, Math.round(Number(flags.duration ?? 4)));
      const concurrencies = (flags.concurrency ?? '8,64').split(',').map(Number);
      const filters = flags.lists?.split(',').filter(Boolean);
      const chosen = lists.lists.filter((l) => !filters || filters.some((f) => l.name.includes(f)));
      const cells = await runClusterBench({ lists: chosen, concurrencies, durationS, workDir, log });
      const file = resolve(resultsDir, resultFileName('quick', startedAt).replace('quick', 'cluster'));
      saveClusterRun(file, {
        ...base,
        kind: 'cluster',
        finishedAt: new Date().toISOString(),
        settings: { durationS, concurrencies },
        cells,
      });
      console.log(`\n${clusterTable(cells)}\n\n• Results: ${file}`);
      if (cells.some((c) => c.error)) process.exitCode = 1;
      return;
    }
    if (command === 'sizes') {
      console.log('• Zoom-size sweep (zooms 11-22, densest areas)');
      const blockSize = flags.quick ? 3 : 5;
      const sizes = await runSizes({ db, lists, blockSize, token: db.config.ANON_TOKEN, port: 18183, log });
      const run: SizesRun = {
        ...base,
        kind: 'sizes',
        finishedAt: new Date().toISOString(),
        settings: { blockSize, seed, quick: flags.quick },
        sizes,
      };
      file = save(run);
      console.log(`• Largest tile within 500 KB gzip at every zoom: ${sizes.allWithinLimit ? 'yes' : 'NO'}`);
    } else {
      const quick = flags.quick;
      // wrk takes whole seconds.
      const durationS = Math.max(1, Math.round(Number(flags.duration ?? (quick ? 2 : 8))));
      const concurrencies = (flags.concurrency ?? '1,8,64').split(',').map(Number);
      const filters = flags.lists?.split(',').filter(Boolean);
      const chosen = lists.lists
        .filter((l) => !filters || filters.some((f) => l.name.includes(f)))
        .map((l) => (quick ? { ...l, tiles: l.tiles.slice(0, 12) } : l));
      const pins = pinning();
      console.log(
        `• Throughput suite: ${chosen.length} lists x concurrency ${concurrencies.join('/')} x ${targets.length} targets, ${durationS} s per cell`,
      );
      const token = flags['api-token'] ? await ensureBenchApiToken(db.sql) : db.config.ANON_TOKEN;
      if (flags['api-token']) log(`metered API token; METERING=${process.env.METERING ?? 'on'}`);
      const suite = await runSuite({
        db,
        lists: chosen,
        concurrencies,
        durationS,
        pinning: pins,
        peer: !flags['no-peer'],
        token,
        workDir,
        log,
      });
      const run: ThroughputRun = {
        ...base,
        kind: quick ? 'quick' : 'throughput',
        finishedAt: new Date().toISOString(),
        settings: { durationS, concurrencies, pinning: pins, seed, lists: chosen.map((l) => l.name) },
        suite,
      };
      file = save(run);
      const { verdicts } = evaluate(suite.cells);
      for (const v of verdicts)
        console.log(
          `  ${v.name}: ${v.measured} -> ${v.met === null ? 'not measured' : v.met ? 'met' : 'MISSED'} (${v.gap})`,
        );
      const failedCells = suite.cells.filter((cell) => cell.error).length;
      const unmeasured = verdicts.filter((v) => v.met === null).map((v) => v.name);
      // A run that could not measure must not look like a passing one.
      if (failedCells > 0 || unmeasured.length > 0) {
        console.error(`✗ ${failedCells} cell(s) failed; not measured: ${unmeasured.join(', ') || 'none'}`);
        process.exitCode = 1;
      }
    }
    const { charts } = writeReport();
    console.log(`• Results: bench/results/${file}; bench/README.md and charts (${charts.join(', ')}) rewritten`);
  } finally {
    await db.sql.end({ timeout: 5 });
    await cleanUp();
  }
}

function save(run: RunHeader): string {
  const file = resultFileName(run.kind, run.startedAt);
  writeFileSync(resolve(resultsDir, file), `${JSON.stringify(run, null, 1)}\n`);
  return file;
}

main().catch(async (error: unknown) => {
  console.error(`\nnpm run bench failed: ${(error as Error).stack ?? error}`);
  await cleanUp();
  process.exit(1);
});
