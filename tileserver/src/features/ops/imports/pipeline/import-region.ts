// `npm run import -- <file> --place /us/ma` (a state) or `--place /us` (the country): a statewide or
// national file, or a folder or zip of per-town databases, in one command. Staged once (each database
// of a set on its own, then merged), split by place (place-split.ts), then each place imported by the
// one-place import in a transaction of its own, so a failure in place 7 leaves places 1-6 imported and
// 7.. as they were. One report per place and a summary; progress over the whole run.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@parcel-map/tileserver/config';
import type { Sql } from '@parcel-map/tileserver/db/client';
import type { Db } from '../../../../data/staging.ts';
import { joinLines } from './attribute-join.ts';
import { connectionLost, ImportConnectionLostError } from './connection-lost.ts';
import { repairLines } from './geometry-repair.ts';
import type { ImportOptions, ImportReport, StagedPlace } from './import-parcels.ts';
import { chooseStagedMapping, progressReporter, refuseExisting, type RunState } from './import-steps.ts';
import { resolvePlace } from './normalise.ts';
import { ImportInputError, inspectSource, ogrToStage } from './ogr.ts';
import { assignPlaces, placeView, regionOf, townColumn, type PlaceSplit } from './place-split.ts';
import { combinePreparations, prepareStage, type StagePreparation } from './prepare-stage.ts';
import { mergeStaged, sourceSet } from './source-set.ts';
import { sourceColumns, stageTable, type FieldFill } from './stage-checks.ts';

/** The summary of a run over many places: totals over `places`, one report each. */
export interface RegionReport extends ImportReport {
  places: ImportReport[];
  /** Rows in no county of the region (outside_place), and rows without a geometry. */
  split: Pick<PlaceSplit, 'outside' | 'noGeometry' | 'outsideSample' | 'townColumn'>;
  /** The files staged: the input, or each database of a folder or zip. */
  files: string[];
}

export function isRegionReport(report: ImportReport): report is RegionReport {
  return Array.isArray((report as RegionReport).places);
}

type PlaceImporter = (sql: Sql, input: StagedPlace) => Promise<ImportReport>;

export async function importRegion(
  sql: Sql,
  url: string,
  options: ImportOptions,
  importPlace: PlaceImporter,
): Promise<RegionReport> {
  const region = regionOf(options.place)!;
  const started = performance.now();
  const run: RunState = { phase: 'starting', committed: false };
  const done: ImportReport[] = [];
  let current = region.path;
  let count = 0;
  const table = `run_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const tables: string[] = [];
  const set = sourceSet(options.file);
  try {
    const [known] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM places WHERE path = ${region.path}`;
    if (!known?.n)
      throw new ImportInputError(`there is no place ${region.path}: load the boundaries first (npm run load)`);
    run.phase = 'reading';
    const layers = [];
    for (const file of set.files) {
      const layer = await inspectSource(file, options.layer);
      options.log(`${file}: layer ${layer.layer} (${layer.geometryType}, ${layer.features} features): ${layer.choice}`);
      if (!layer.hasSrs && !options.srs)
        throw new ImportInputError(
          `${file} (layer ${layer.layer}) has no coordinate reference system: give it with --srs EPSG:nnnn`,
        );
      layers.push(layer);
    }
    const features = layers.reduce((n, l) => n + Math.max(l.features, 0), 0);
    const report = progressReporter(options, run, started, features, () => ({
      place: current,
      placesDone: done.length,
      places: count,
    }));
    const timings: Record<string, number> = {};
    const warnings: string[] = [];
    let staged = 0;
    const preparations: StagePreparation[] = [];
    for (const [i, layer] of layers.entries()) {
      const into = set.files.length === 1 ? table : `${table}_s${i + 1}`;
      tables.push(into);
      const before = staged;
      const warned = await ogrToStage(url, layer, into, options.srs, ({ fraction }) =>
        report('reading', before + Math.round(fraction * Math.max(layer.features, 0))),
      );
      warnings.push(...warned.map((w) => (set.files.length > 1 ? `${layer.dataset}: ${w}` : w)));
      // Each database made whole on its own (its curves, its own attribute table, its lot units).
      const prepared = await prepareStage(sql as unknown as Db, url, layer, into, options);
      if (set.files.length > 1 && prepared.join) options.log(`${layer.dataset}: ${prepared.join.table} joined`);
      preparations.push(prepared);
      staged += Math.max(layer.features, 0);
    }
    if (tables.length > 1) await mergeStaged(sql, tables, table);
    timings.read = (performance.now() - started) / 1000;
    const mapping = await chooseStagedMapping(sql, table, options);
    const town = townColumn((await sourceColumns(sql, table, 1)).map((c) => c.name));
    report('placing', 0);
    const outsideMaxMeters = options.outsideMaxMeters ?? loadConfig().IMPORT_OUTSIDE_MAX_M;
    const split = await assignPlaces(sql, table, region, { townColumn: town, outsideMaxMeters });
    timings.place = (performance.now() - started) / 1000 - timings.read;
    count = split.places.length;
    options.log(
      `${split.places.length} places${town ? ` (towns from the ${town} column)` : ''}; ${split.outside} parcels outside every county of ${region.path}`,
    );
    if (split.places.length === 0)
      throw new ImportInputError(`no parcel of ${options.file} lies in a county of ${region.path}`);
    await refuseExisting(
      sql,
      split.places.map((p) => p.path),
      options,
    );
    for (const share of split.places) {
      current = share.path;
      run.committed = false;
      try {
        const place = await resolvePlace(sql, share.path);
        const view = await placeView(sql, table, share.no);
        // The admin runner's beforeCommit marks its row done: only the whole run may do that.
        const placeOptions = { ...options, place: share.path, beforeCommit: undefined };
        const placeReport = await importPlace(sql, {
          options: placeOptions,
          place,
          table: view,
          layer: layers.map((l) => l.layer).join(', '),
          mapping,
          warnings: [],
          started: performance.now(),
          timings: {},
          report: (phase, rows) => report(phase, rows, share.rows),
          run,
        });
        done.push(placeReport);
        options.log(`${share.path}: ${placeReport.loaded} parcels${options.dryRun ? ' (dry run)' : ''}`);
      } catch (error) {
        throw partialFailure(
          error,
          run,
          share.path,
          done,
          split.places.map((p) => p.path),
        );
      }
    }
    const analyzed = performance.now();
    run.phase = 'analyze';
    if (!options.dryRun) await sql`SELECT analyze_parcels()`; // the owner's, for the serving role
    timings.analyze = (performance.now() - analyzed) / 1000;
    const summary = {
      ...summarise(options, region.path, done, split, set.files, warnings, timings, started),
      ...combinePreparations(preparations),
    };
    report('done', summary.read, summary.read);
    return summary;
  } catch (error) {
    throw connectionLost(error, run.phase, region.path, run.committed);
  } finally {
    // The views of each place go with their table (CASCADE).
    for (const t of [...new Set([...tables, table, `${table}_at`])])
      await sql.unsafe(`DROP TABLE IF EXISTS ${stageTable(t)} CASCADE`).catch(() => {});
    set.cleanup();
  }
}

/** The field fill over every place: filled and unreadable rows summed, the share of all loaded rows. */
function fillOver(places: ImportReport[]): FieldFill[] {
  const rows = places.reduce((n, r) => n + r.read - r.skipped, 0);
  const byField = new Map<string, FieldFill>();
  for (const r of places)
    for (const f of r.fill) {
      const seen = byField.get(f.field);
      if (!seen) byField.set(f.field, { ...f, samples: [...f.samples] });
      else {
        seen.filled += f.filled;
        seen.unparsed += f.unparsed;
        if (seen.samples.length < 3) seen.samples.push(...f.samples.slice(0, 3 - seen.samples.length));
      }
    }
  return [...byField.values()].map((f) => ({ ...f, share: rows > 0 ? f.filled / rows : 0 }));
}

/** The run's summary as text: one line per place, then the totals and what was refused. */
export function formatRegionSummary(r: RegionReport): string {
  const width = Math.max(10, ...r.places.map((p) => p.place.length));
  const lines = [
    `summary: ${r.places.length} places from ${r.files.length === 1 ? r.file : `${r.files.length} databases in ${r.file}`} -> ${r.place}${r.dryRun ? ' [dry run: nothing changed]' : ''}`,
    ...r.places.map(
      (p) =>
        `  ${p.place.padEnd(width)}  read ${String(p.read).padStart(8)}  loaded ${String(p.loaded).padStart(8)}  skipped ${String(p.skipped).padStart(6)}${p.placesCreated.length ? '  (new place, outline derived from parcels)' : ''}`,
    ),
    `total: read ${r.read}, loaded ${r.loaded}, repaired ${r.repaired}, skipped ${r.skipped} in ${r.seconds.toFixed(1)}s, ${Math.round(r.rowsPerSecond).toLocaleString('en-US')} rows/s`,
  ];
  lines.push(...joinLines(r.join ?? null), ...repairLines(r.geometryRepairs ?? null));
  if (r.lotUnits) lines.push(`lot sizes: ${r.lotUnits.choice}; ${r.lotUnits.converted} rows in LOT_SQFT`);
  if (r.split.townColumn) lines.push(`cities by the town column ${r.split.townColumn}, else by city boundaries`);
  if (r.split.outside)
    lines.push(
      `outside ${r.place}: ${r.split.outside} parcels in no county of it (outside_place), e.g. ${r.split.outsideSample.map((s) => `(${s.lon.toFixed(5)}, ${s.lat.toFixed(5)})`).join(', ')}`,
    );
  if (r.split.noGeometry) lines.push(`${r.split.noGeometry} rows without a geometry (no_geometry)`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return `${lines.join('\n')}\n`;
}

/** The error of place N of a run: which places were imported before it and which were left as they were. */
function partialFailure(error: unknown, run: RunState, failed: string, done: ImportReport[], all: string[]): unknown {
  const after = all.slice(all.indexOf(failed) + 1);
  const kept = done.length
    ? `${done.length} of ${all.length} places were imported before it and keep their new parcels (each place commits on its own): ${done.map((d) => d.place).join(', ')}.`
    : `No place of the ${all.length} had been imported yet.`;
  const left = `${failed}${after.length ? ` and the ${after.length} after it (${after.slice(0, 5).join(', ')}${after.length > 5 ? ', ...' : ''})` : ''} keep their previous parcels.`;
  const lost = connectionLost(error, run.phase, failed, run.committed);
  if (lost instanceof ImportConnectionLostError)
    return new ImportConnectionLostError(
      run.phase,
      `Nothing of ${failed} was changed (its transaction was rolled back). ${kept} ${left}`,
      error,
    );
  const message = error instanceof Error ? error.message : String(error);
  return new ImportInputError(`${failed} failed: ${message}\n${kept} ${left}`, { cause: error });
}

function summarise(
  options: ImportOptions,
  place: string,
  places: ImportReport[],
  split: PlaceSplit,
  files: string[],
  warnings: string[],
  timings: Record<string, number>,
  started: number,
): RegionReport {
  const sum = (pick: (r: ImportReport) => number) => places.reduce((n, r) => n + pick(r), 0);
  const details: Record<string, number> = {};
  for (const r of places) for (const [k, v] of Object.entries(r.details ?? {})) details[k] = (details[k] ?? 0) + v;
  if (split.outside) details.outside_place = (details.outside_place ?? 0) + split.outside;
  if (split.noGeometry) details.no_geometry = (details.no_geometry ?? 0) + split.noGeometry;
  const read = sum((r) => r.read) + split.outside + split.noGeometry;
  const seconds = (performance.now() - started) / 1000;
  const first = places[0]!;
  return {
    ...first,
    source: `import:${place}`,
    file: options.file,
    place,
    read,
    loaded: sum((r) => r.loaded),
    repaired: sum((r) => r.repaired),
    skipped: sum((r) => r.skipped) + split.outside + split.noGeometry,
    details,
    outside: null,
    derived: null,
    fill: fillOver(places),
    placesCreated: places.flatMap((r) => r.placesCreated),
    placeBbox: null,
    parcelsBbox: null,
    warnings,
    bands: null,
    timings,
    seconds,
    rowsPerSecond: read / Math.max(seconds, 0.001),
    places,
    split: {
      outside: split.outside,
      noGeometry: split.noGeometry,
      outsideSample: split.outsideSample,
      townColumn: split.townColumn,
    },
    files,
  };
}
