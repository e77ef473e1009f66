// npm run bench -- import: the import speed target, a 1,000,000-row county file imported into served
// tiles. The input is written once from the bench database's synthetic county (ogr2ogr to a GeoPackage
// outside the repository, renamed columns like a county's, in UTM 19N, moved 1.5 degrees east so it
// lies beside the synthetic county), then imported `--replace` into a county outlined from its parcels,
// --runs times: an earlier run's county is removed first, so run 1 is a first import and later runs
// swap 1M parcels for 1M (unchanged: band rows kept). With --moved the earlier county stays and odd
// runs import a copy with every parcel moved 1 m (the same ids, every band row rewritten). Per run: the report's phases, rows/s, load average, and a tile of the new
// parcels answered by the app.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createApp } from '@parcel-map/tileserver/app';
import { loadConfig } from '@parcel-map/tileserver/config';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { createLogger } from '@parcel-map/tileserver/logger';
import { lonLatToTile } from '@parcel-map/tileserver/testing/tiles';
import { importParcels, type ImportReport } from '@parcel-map/tileserver/features/ops/imports/pipeline/import-parcels';
import { pgConnection } from '@parcel-map/tileserver/features/ops/imports/pipeline/ogr';
import type { BenchDb } from './bench-db.ts';
import { syntheticPath } from './bench-db.ts';

export const importPlace = '/us/zz/imported-county';
/** Beside the checkout, outside the repository (about 1 GB). */
export const defaultImportFile = resolve(repoRoot, '../import-1m/county-1m.gpkg');

// The columns a county assessor would publish, under names no loader here knows. `moved` shifts every
// parcel by about a metre: the same parcel numbers (so the same uuids and ids) with new geometry.
const exportSql = (
  moved: boolean,
) => `SELECT parcelnumb AS "APN", owner AS "OWNER1", address AS "SITE_ADDR", usecode AS "LUC", usedesc AS "LUC_DESC",
  zoning AS "ZONING", parval AS "TOTAL_VAL", landval AS "LAND_VAL", improvval AS "BLDG_VAL", yearbuilt AS "YR_BUILT",
  saleprice AS "SALE_PRICE", to_char(saledate, 'MM/DD/YYYY') AS "SALE_DATE", szip AS "ZIP", mailadd AS "MAIL_ADDR",
  mail_city AS "MAIL_CITY", numunits AS "UNITS", ST_Translate(geom, ${moved ? 1.50001 : 1.5}, 0) AS geom
  FROM parcels WHERE path LIKE '${syntheticPath}/%'`;

export interface ImportRunResult {
  run: number;
  rows: number;
  loaded: number;
  seconds: number;
  rowsPerSecond: number;
  timings: Record<string, number>;
  bands: ImportReport['bands'];
  loadBefore: number[];
  loadAfter: number[];
  tileStatus: number;
  tileBytes: number;
}

/** Writes the 1M-row GeoPackage once (about a minute); later runs reuse it. */
export function ensureImportFile(db: BenchDb, file: string, log: (line: string) => void, moved = false): void {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  log(`writing ${file} from the synthetic county (ogr2ogr, EPSG:32619)`);
  const started = performance.now();
  const { conn, env } = pgConnection(db.url);
  const result = spawnSync(
    'ogr2ogr',
    [
      '-f',
      'GPKG',
      file,
      conn,
      '-sql',
      exportSql(moved),
      '-nln',
      'parcels',
      '-nlt',
      'MULTIPOLYGON',
      '-t_srs',
      'EPSG:32619',
      '-gt',
      '65536',
    ],
    { env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`ogr2ogr failed: ${result.stderr}`);
  log(`wrote ${file} in ${((performance.now() - started) / 1000).toFixed(1)}s`);
}

/** Removes an earlier run's county (parcels, band rows, outline), so that run 1 is a first import. */
async function removeEarlierImport(db: BenchDb, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const source = `import:${importPlace}`;
  await db.sql.begin(async (tx) => {
    await tx`SELECT bump_layer_version('parcels'), bump_layer_version('places')`;
    await tx.unsafe(`ALTER TABLE parcels DISABLE TRIGGER parcel_tiles_delete`);
    await tx`SELECT parcel_tiles_drop(ARRAY(SELECT id FROM parcels WHERE source = ${source}))`;
    const deleted = await tx`DELETE FROM parcels WHERE source = ${source}`;
    await tx.unsafe(`ALTER TABLE parcels ENABLE TRIGGER parcel_tiles_delete`);
    await tx`DELETE FROM places WHERE path = ${importPlace} AND source = ${source}`;
    await tx`DELETE FROM data_loads WHERE source = ${source}`;
    if (deleted.count)
      log(
        `removed the earlier import (${deleted.count.toLocaleString('en-US')} parcels) in ${((performance.now() - started) / 1000).toFixed(1)}s, not timed`,
      );
  });
}

/** The moved variant of the input file: every parcel 1 m east (the worst case of a --replace). */
export const movedFile = (file: string) => file.replace(/(\.gpkg)?$/, '-moved.gpkg');

export async function benchImport(
  db: BenchDb,
  log: (line: string) => void,
  options: { file: string; runs: number; moved: boolean },
): Promise<ImportRunResult[]> {
  ensureImportFile(db, options.file, log);
  // --moved: replace the earlier import with the moved file, so every band row is rewritten.
  if (options.moved) ensureImportFile(db, movedFile(options.file), log, true);
  else await removeEarlierImport(db, log);
  const results: ImportRunResult[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const loadBefore = os.loadavg().map((n) => Math.round(n * 100) / 100);
    let lastPhase = '';
    const report: ImportReport = await importParcels(db.sql, db.url, {
      file: options.moved && run % 2 === 1 ? movedFile(options.file) : options.file,
      place: importPlace,
      replace: true,
      log,
      progress: (p) => {
        if (p.phase !== lastPhase) log(`run ${run}: ${p.phase} (${Math.round(p.rowsPerSecond)} rows/s so far)`);
        lastPhase = p.phase;
      },
    });
    const loadAfter = os.loadavg().map((n) => Math.round(n * 100) / 100);
    const tile = await tileOfImport(db, report);
    const result: ImportRunResult = {
      run,
      rows: report.read,
      loaded: report.loaded,
      seconds: round(report.seconds),
      rowsPerSecond: Math.round(report.rowsPerSecond),
      timings: Object.fromEntries(Object.entries(report.timings).map(([k, v]) => [k, round(v)])),
      bands: report.bands,
      loadBefore,
      loadAfter,
      tileStatus: tile.status,
      tileBytes: tile.bytes,
    };
    log(
      `run ${run}: ${result.loaded.toLocaleString('en-US')} of ${result.rows.toLocaleString('en-US')} rows in ${result.seconds}s (${result.rowsPerSecond} rows/s); ` +
        `phases ${Object.entries(result.timings)
          .map(([k, v]) => `${k} ${v}s`)
          .join(
            ', ',
          )}; load ${loadBefore.join(' ')} -> ${loadAfter.join(' ')}; z14 tile ${tile.status}, ${tile.bytes} bytes`,
    );
    results.push(result);
  }
  const out = resolve(repoRoot, `bench/results/import-speed${options.moved ? '-moved' : ''}.json`);
  writeFileSync(
    out,
    JSON.stringify(
      { at: new Date().toISOString(), file: options.file, moved: options.moved, place: importPlace, results },
      null,
      2,
    ),
  );
  log(`results: ${out}`);
  return results;
}

/** A z14 tile at the centre of the imported parcels, through the app: the new data is served. */
async function tileOfImport(db: BenchDb, report: ImportReport): Promise<{ status: number; bytes: number }> {
  const [w, s, e, n] = report.parcelsBbox ?? [0, 0, 0, 0];
  const { x, y } = lonLatToTile((w! + e!) / 2, (s! + n!) / 2, 14);
  const app = createApp({ config: loadConfig(), sql: db.sql, logger: createLogger('silent') });
  const res = await app.request(`/api/v1/parcels/14/${x}/${y}.mvt`, { headers: { 'Accept-Encoding': 'gzip' } });
  const body = Buffer.from(await res.arrayBuffer());
  const bytes = res.headers.get('content-encoding') === 'gzip' ? gunzipSync(body).length : body.length;
  return { status: res.status, bytes };
}

const round = (n: number) => Math.round(n * 10) / 10;
