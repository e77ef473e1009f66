// npm run bench -- scale: cost as the work grows. Loads numbered synthetic counties
// of 1,000,000 parcels one by one (npm run synth -- --county K, in process) into a database of its own
// (parcels_scale) and, at chosen totals, measures disk, cold tile latency at z12/z14/z16 and parcel
// record lookups. Every tile and every looked-up parcel comes from county 1, so the work per request
// stays the same and what grows is the table and its indexes. A county already loaded with the wanted
// size is kept (rerunning resumes), its load figures taken from the previous run's file.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { loadConfig } from '@parcel-map/tileserver/config';
import { createDb, ensureDatabase, type Sql } from '@parcel-map/tileserver/db/client';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { prepareDatabase } from '@parcel-map/tileserver/db/prepare';
import { countyIdentity } from '@parcel-map/fixtures/synth/county-identity';
import { generateSyntheticCounty, type SynthSteps } from '@parcel-map/fixtures/synth/generate';
import { describeMachine } from './machine.ts';
import { postgresPids } from './processes.ts';
import {
  measureLookups,
  measureTileSql,
  measureTiles,
  pickScaleTiles,
  pickLookupParcels,
  type LatencyRow,
  type LookupParcel,
  type TileSqlRow,
} from './scale-measure.ts';
import { writeScaleReport, type ScaleRun } from './scale-report.ts';
import type { Tile } from './tile-math.ts';
import { resultsDir } from './tile-lists.ts';

export const scaleDatabase = 'parcels_scale';

export interface ScaleOptions {
  counties: number;
  parcelsPerCounty: number;
  /** County counts after which to measure, e.g. [1, 2, 3, 5]. */
  measureAt: number[];
  seed: number;
  /** Niceness of the loads (this process and the PostgreSQL backends); measurements run at 0. */
  nice: number;
  /** Keep the parcel indexes when adding a county to a non-empty table (default: the generator's rebuild). */
  keepIndexes: boolean;
  command: string;
  log: (line: string) => void;
}

export interface CountyLoad {
  county: number;
  parcels: number;
  totalParcels: number;
  seconds: number;
  steps: SynthSteps;
  loadAverage: string;
  nice: number;
  /** Secondary indexes dropped before the copy and rebuilt after it (else kept and maintained per row). */
  rebuildIndexes?: boolean;
  /** true when the county was already in the database and these figures come from an earlier run. */
  reused?: boolean;
}

export interface DiskUse {
  parcelsHeap: number;
  parcelsToast: number;
  parcelsIndexes: number;
  bands: Record<string, number>;
  bandsTotal: number;
  database: number;
}

export interface ScaleMeasurement {
  counties: number;
  parcels: number;
  at: string;
  disk: DiskUse;
  tiles: LatencyRow[];
  lookups: LatencyRow[];
  /** The tile SQL under EXPLAIN (ANALYZE, BUFFERS); absent in runs before it was added. */
  tileSql?: TileSqlRow[];
  loadAverage: { before: string; after: string };
  /** Taken from an earlier run (the same counties were already loaded). */
  reused?: boolean;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');

/** Renices this process and the PostgreSQL server (postmaster and backends; new backends inherit it). */
function setNice(clusterDir: string | undefined, value: number): void {
  os.setPriority(value);
  if (clusterDir)
    for (const pid of postgresPids(clusterDir)) {
      try {
        os.setPriority(pid, value);
      } catch {
        // a backend that just exited
      }
    }
}

function previousRun(): ScaleRun | undefined {
  const files = readdirSync(resultsDir)
    .filter((f) => /-scale\.json$/.test(f))
    .sort();
  const last = files[files.length - 1];
  return last ? (JSON.parse(readFileSync(resolve(resultsDir, last), 'utf8')) as ScaleRun) : undefined;
}

async function countyParcels(sql: Sql, county: number): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`SELECT parcels AS n FROM county_coverage WHERE path = ${countyIdentity(0, county).path}`;
  return row?.n ?? 0;
}

async function diskUse(sql: Sql): Promise<DiskUse> {
  const [p] = await sql<{ heap: string; toast: string; idx: string; db: string }[]>`
    SELECT pg_relation_size('parcels') AS heap,
           coalesce(pg_total_relation_size(NULLIF(c.reltoastrelid, 0)), 0) AS toast,
           pg_indexes_size('parcels') AS idx, pg_database_size(current_database()) AS db
    FROM pg_class c WHERE c.oid = 'parcels'::regclass`;
  const bandRows = await sql<{ name: string; size: string }[]>`
    SELECT relname AS name, pg_total_relation_size(oid) AS size FROM pg_class
    WHERE relkind = 'r' AND relname LIKE 'parcel\\_tiles\\_%' ORDER BY relname`;
  const bands = Object.fromEntries(bandRows.map((r) => [r.name, Number(r.size)]));
  return {
    parcelsHeap: Number(p!.heap),
    parcelsToast: Number(p!.toast),
    parcelsIndexes: Number(p!.idx),
    bands,
    bandsTotal: Object.values(bands).reduce((a, b) => a + b, 0),
    database: Number(p!.db),
  };
}

export async function runScale(options: ScaleOptions): Promise<string> {
  const { log } = options;
  const config = loadConfig();
  const prepared = await prepareDatabase(config, log);
  const url = prepared.cluster ? prepared.cluster.url(scaleDatabase) : prepared.url;
  if (prepared.cluster) await ensureDatabase(url);
  const sql = createDb(url, { max: 4, applicationName: 'parcel-map-bench-scale' });
  const clusterDir = prepared.cluster?.dir;
  const startedAt = new Date().toISOString();
  const file = resolve(resultsDir, `${startedAt.slice(0, 16).replace(/[:T]/g, '-')}-scale.json`);
  const previous = previousRun();
  try {
    const migration = await migrate(sql);
    log(
      `database ${scaleDatabase}: ${migration.applied.length ? `applied ${migration.applied.join(', ')}` : `schema is current (version ${migration.version})`}`,
    );
    const run: ScaleRun = {
      kind: 'scale',
      startedAt,
      finishedAt: '',
      command: options.command,
      machine: await describeMachine(sql),
      settings: {
        counties: options.counties,
        parcelsPerCounty: options.parcelsPerCounty,
        measureAt: options.measureAt,
        seed: options.seed,
        nice: options.nice,
        keepIndexes: options.keepIndexes,
      },
      loads: [],
      measurements: [],
      tiles: {},
      lookupParcels: [],
    };
    const save = () => {
      run.finishedAt = new Date().toISOString();
      writeFileSync(file, `${JSON.stringify(run, null, 1)}\n`);
      writeScaleReport(run, file);
    };
    let total = 0;
    let tiles: Record<number, Tile[]> | undefined;
    let parcels: LookupParcel[] | undefined;
    for (let county = 1; county <= options.counties; county++) {
      const present = await countyParcels(sql, county);
      const earlier = previous?.loads.find((l) => l.county === county && l.parcels === options.parcelsPerCounty);
      if (present === options.parcelsPerCounty && earlier) {
        log(
          `county ${county}: already loaded (${present.toLocaleString('en-US')} parcels); load figures from ${previous!.startedAt}`,
        );
        run.loads.push({ ...earlier, reused: true });
      } else {
        const before = loadAverage();
        // By default the generator drops the secondary indexes and rebuilds them over the whole table
        // (from 100,000 parcels): that cost grows with every county, which is one of the figures
        // wanted. --keep-indexes keeps them for counties after the first (per-row inserts inside the
        // copy), as a loader adding a county to a big table would.
        const rebuildIndexes = options.keepIndexes && total > 0 ? false : undefined;
        log(
          `county ${county}: loading ${options.parcelsPerCounty.toLocaleString('en-US')} parcels under nice ${options.nice}, ${rebuildIndexes === false ? 'indexes kept' : 'indexes dropped and rebuilt'} (load average ${before})`,
        );
        setNice(clusterDir, options.nice);
        try {
          const result = await generateSyntheticCounty(sql, {
            parcels: options.parcelsPerCounty,
            seed: options.seed + county - 1,
            county,
            rebuildIndexes,
            log: (l) => log(`  ${l}`),
          });
          run.loads.push({
            county,
            parcels: result.parcels,
            totalParcels: 0,
            seconds: result.seconds,
            steps: result.steps,
            loadAverage: `${before} -> ${loadAverage()}`,
            nice: options.nice,
            rebuildIndexes,
          });
        } finally {
          setNice(clusterDir, 0);
        }
      }
      total += options.parcelsPerCounty;
      run.loads[run.loads.length - 1]!.totalParcels = total;
      if (county === 1) {
        tiles = await pickScaleTiles(sql, countyIdentity(0, 1).path, options.seed);
        parcels = await pickLookupParcels(sql, 1, options.parcelsPerCounty, 200);
        run.tiles = tiles;
        run.lookupParcels = parcels.map((p) => p.path);
      }
      save();
      if (!options.measureAt.includes(county)) continue;
      // Kept from the earlier run, unless this is the size the database has now (then measured afresh).
      const loadedNow =
        county === options.counties || (await countyParcels(sql, county + 1)) !== options.parcelsPerCounty;
      const measuredEarlier =
        !loadedNow &&
        run.loads.slice(0, county).every((l) => l.reused) &&
        previous?.measurements.find((m) => m.counties === county && m.parcels === total);
      if (measuredEarlier) {
        log(`at ${county} counties: measured by the run of ${previous!.startedAt}, kept`);
        run.measurements.push({ ...measuredEarlier, reused: true });
        save();
        continue;
      }
      const before = loadAverage();
      log(`measuring at ${county} counties (${total.toLocaleString('en-US')} parcels), load average ${before}`);
      const disk = await diskUse(sql);
      const tileRows = await measureTiles({ databaseUrl: url, token: config.ANON_TOKEN, tiles: tiles!, log });
      const lookupRows = await measureLookups({ config, sql, parcels: parcels!, log });
      const tileSql = await measureTileSql(sql, tiles!, log);
      run.measurements.push({
        counties: county,
        parcels: total,
        at: new Date().toISOString(),
        disk,
        tiles: tileRows,
        lookups: lookupRows,
        tileSql,
        loadAverage: { before, after: loadAverage() },
      });
      save();
    }
    return file;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
