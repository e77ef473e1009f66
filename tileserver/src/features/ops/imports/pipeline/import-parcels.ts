// `npm run import`: one county (or city) parcel file of any GDAL format and projection into the parcel
// schema. ogr2ogr stages the file; one transaction then checks, maps and swaps the place's parcels, so
// a failure leaves the previous import serving, and bumps the layer versions at commit.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@parcel-map/tileserver/config';
import type { Sql } from '@parcel-map/tileserver/db/client';
import { createStaging, stagedCounts, type Db } from '../../../../data/staging.ts';
import type { LoadSummary } from '../../../../data/load-real-data.ts';
import { type parcelCatalog, Params, rawSql, type Mapping } from './mapping.ts';
import { ImportInputError, inspectSource, ogrToStage, type SourceLayer } from './ogr.ts';
import { prepareStage, type StagePreparation } from './prepare-stage.ts';
import {
  insertImportedParcels,
  deriveFields,
  upsertImportPlaces,
  type DerivedCounts,
  type PlaceInfo,
  resolvePlace,
} from './normalise.ts';
import type { Proposal } from './propose.ts';
import {
  chooseStagedMapping,
  importSource,
  progressReporter,
  refuseExisting,
  type RunState,
  type StagedMapping,
} from './import-steps.ts';
import { connectionLost, transactionOf } from './connection-lost.ts';
import { importRegion } from './import-region.ts';
import { regionOf } from './place-split.ts';
import { materialiseValues } from './values.ts';
import {
  refreshBands,
  removePreviousParcels,
  type BandRefresh,
  resumeBandTriggers,
  suspendBandTriggers,
} from './bulk-swap.ts';
import {
  assignIds,
  checkPlace,
  fieldFill,
  outsideParcels,
  stageRows,
  stageTable,
  type FieldFill,
  type OutsideParcels,
} from './stage-checks.ts';

export interface ImportOptions {
  file: string;
  /** /us/{state}/{county}[/{city}], or a state (/us/ma) or the country (/us) for a file covering many places. */
  place: string;
  mappingFile?: string;
  dryRun?: boolean;
  replace?: boolean;
  srs?: string;
  layer?: string;
  /** `table:key`: the attribute table joined to the parcels (default: found by key overlap). */
  join?: string;
  /** Import the parcel layer alone, without its attribute table. */
  noJoin?: boolean;
  /** Parcels outside the place are kept up to this distance (m) from its boundary; default IMPORT_OUTSIDE_MAX_M. */
  outsideMaxMeters?: number;
  log: (line: string) => void;
  progress?: (p: ImportProgress) => void;
  /**
   * Runs last inside the import's transaction, with the report so far (timings without the ANALYZE
   * that follows the commit): what it writes commits with the parcels or not at all. The admin runner
   * marks its row done here, so no kill can come between the parcels' commit and the row saying so.
   */
  beforeCommit?: (tx: Sql, report: ImportReport) => Promise<void>;
}

export interface ImportProgress {
  phase: string;
  rows: number;
  total: number;
  rowsPerSecond: number;
  /** A run over a state or the country: the place being imported, and places done of all. */
  place?: string;
  placesDone?: number;
  places?: number;
}

export interface ImportReport extends LoadSummary, StagePreparation {
  file: string;
  layer: string;
  place: string;
  dryRun: boolean;
  mapping: Mapping;
  /** Where the proposed mapping was written (null when a mapping file was given). */
  mappingFile: string | null;
  mappingProposed: boolean;
  /** The proposal's matches (confidence, reason); null when a mapping file was used. */
  proposal: Pick<Proposal, 'matches'> | null;
  /** Source columns the mapping leaves out (kept in raw only). */
  unmappedColumns: string[];
  /** Parcels whose inside point lies outside the place: kept (count, farthest, sample) and refused. */
  outside: OutsideParcels | null;
  fill: FieldFill[];
  derived: DerivedCounts | null;
  placesCreated: string[];
  /** [w, s, e, n] of the place and of the loaded parcels. */
  placeBbox: number[] | null;
  parcelsBbox: number[] | null;
  warnings: string[];
  versions: { parcels: number | null };
  /** Tile band rows written, kept (unchanged parcels of a re-import) and removed; null on a dry run. */
  bands: BandRefresh | null;
  /** Seconds per phase (read = ogr2ogr), for the rows/s budget. */
  timings: Record<string, number>;
  seconds: number;
  rowsPerSecond: number;
}

export { importSource, mappingPathFor } from './import-steps.ts';

export async function importParcels(sql: Sql, url: string, options: ImportOptions): Promise<ImportReport> {
  // --place /us or /us/{state}: a file covering many places, split by location (import-region.ts).
  if (regionOf(options.place)) return importRegion(sql, url, options, importStagedPlace);
  const started = performance.now();
  const run: RunState = { phase: 'starting', committed: false };
  let placePath = options.place;
  let table: string | null = null;
  try {
    const place = await resolvePlace(sql, options.place);
    placePath = place.path;
    await refuseExisting(sql, [place.path], options);
    run.phase = 'reading';
    const layer = await inspectSource(options.file, options.layer);
    options.log(`layer ${layer.layer} (${layer.geometryType}, ${layer.features} features): ${layer.choice}`);
    if (!layer.hasSrs && !options.srs) {
      throw new ImportInputError(
        `${options.file} (layer ${layer.layer}) has no coordinate reference system: give it with --srs EPSG:nnnn`,
      );
    }
    table = `run_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const report = progressReporter(options, run, started, layer.features);
    const timings: Record<string, number> = {};
    const warnings = await stage(url, layer, table, options.srs, report);
    timings.read = (performance.now() - started) / 1000;
    // The stage table made whole before anything reads it: curves, the attribute table, lot units.
    const prepared = await prepareStage(sql as unknown as Db, url, layer, table, options);
    const mapping = await chooseStagedMapping(sql, table, options);
    const full = await importStagedPlace(sql, {
      options,
      place,
      table,
      layer: layer.layer,
      mapping,
      warnings,
      started,
      timings,
      report,
      run,
      prepared,
    });
    const committed = performance.now();
    run.phase = 'analyze';
    if (!options.dryRun) await sql`SELECT analyze_parcels()`; // the owner's ANALYZE, for the serving role (serving-role.sql)
    timings.analyze = (performance.now() - committed) / 1000;
    report('done', full.read, full.read);
    return full;
  } catch (error) {
    throw connectionLost(error, run.phase, placePath, run.committed);
  } finally {
    // After a lost connection the pool reconnects for this; when the database is gone for good the
    // stage table is left to the next run's cleanup rather than hiding the real error.
    if (table)
      await sql
        .unsafe(`DROP TABLE IF EXISTS ${stageTable(table)}, ${stageTable(`${table}_joined`)} CASCADE`)
        .catch(() => {});
  }
}

export interface StagedPlace {
  options: ImportOptions;
  place: PlaceInfo;
  /** The stage table (or a view of it holding this place's rows). */
  table: string;
  layer: string;
  mapping: StagedMapping;
  warnings: string[];
  started: number;
  timings: Record<string, number>;
  report: (phase: string, rows: number, total?: number) => void;
  run: RunState;
  prepared?: StagePreparation; // join, curves, lot units (a region's summary carries its own)
}

/**
 * One place's parcels from a staged table, in one transaction: checks, mapping, swap. A failure or a
 * lost connection rolls all of it back, so the place keeps its previous parcels.
 */
export async function importStagedPlace(sql: Sql, input: StagedPlace): Promise<ImportReport> {
  const { options, place, mapping: chosen, timings, report } = input;
  const source = importSource(place.path);
  report('checking', 0);
  const fullReport = (result: Awaited<ReturnType<typeof transform>>): ImportReport => {
    const seconds = (performance.now() - input.started) / 1000;
    return {
      ...result,
      file: options.file,
      layer: input.layer,
      place: place.path,
      dryRun: options.dryRun ?? false,
      mapping: chosen.mapping,
      mappingFile: chosen.mappingFile,
      mappingProposed: chosen.proposal !== null,
      proposal: chosen.proposal ? { matches: chosen.proposal.matches } : null,
      unmappedColumns: chosen.unmappedColumns,
      ...(input.prepared ?? { join: null, geometryRepairs: null, lotUnits: null }),
      warnings: [...input.warnings, ...chosen.warnings, ...result.warnings],
      timings: { ...timings },
      seconds,
      rowsPerSecond: result.read / Math.max(seconds, 0.001),
    };
  };
  const result = await transactionOf(sql, async (tx) => {
    const db = tx as unknown as Db;
    // One import per place at a time; other places import side by side.
    await db`SELECT pg_advisory_xact_lock(727100016, hashtext(${source}))`;
    const outsideMaxMeters = options.outsideMaxMeters ?? loadConfig().IMPORT_OUTSIDE_MAX_M;
    const transformed = await transform(db, {
      source,
      place,
      table: input.table,
      file: options.file,
      mapping: chosen.mapping,
      catalog: chosen.catalog,
      dryRun: options.dryRun ?? false,
      outsideMaxMeters,
      report,
      timings,
    });
    report('committing', transformed.read);
    await options.beforeCommit?.(tx as unknown as Sql, fullReport(transformed));
    return transformed;
  });
  input.run.committed = true;
  return fullReport(result);
}

async function stage(
  url: string,
  layer: SourceLayer,
  table: string,
  srs: string | undefined,
  report: (phase: string, rows: number) => void,
) {
  report('reading', 0);
  return ogrToStage(url, layer, table, srs, ({ fraction }) =>
    report('reading', Math.round(fraction * Math.max(layer.features, 0))),
  );
}

interface TransformInput {
  source: string;
  place: PlaceInfo;
  table: string;
  file: string;
  mapping: Mapping;
  catalog: Awaited<ReturnType<typeof parcelCatalog>>;
  dryRun: boolean;
  outsideMaxMeters: number;
  report: (phase: string, rows: number) => void;
  timings: Record<string, number>;
}

type TransformResult = Omit<
  ImportReport,
  | 'file'
  | 'layer'
  | 'place'
  | 'dryRun'
  | 'mapping'
  | 'mappingFile'
  | 'mappingProposed'
  | 'proposal'
  | 'unmappedColumns'
  | keyof StagePreparation
  | 'seconds'
  | 'rowsPerSecond'
  | 'timings'
>;

async function transform(db: Db, input: TransformInput): Promise<TransformResult> {
  const { source, place, mapping, catalog } = input;
  let mark = performance.now();
  const lap = (name: string) => {
    input.timings[name] = (performance.now() - mark) / 1000;
    mark = performance.now();
  };
  await createStaging(db);
  await stageRows(db, source, input.table);
  lap('stage');
  // Only places from loaded boundaries check the parcels: an outline an earlier import drew from its
  // own parcels would reject the new parcels of a grown county.
  const city = place.cityExists && !place.cityOurs ? place.cityPath : null;
  const county = place.countyExists && !place.countyOurs ? place.countyPath : null;
  await checkPlace(db, source, { within: city ?? county, county, outsideMaxMeters: input.outsideMaxMeters });
  const params = new Params([source]);
  const parcelnumb = mapping.parcelnumb ? rawSql(mapping.parcelnumb, 'r', params) : null;
  const flagged = await assignIds(db, source, parcelnumb, params);
  const outside = await outsideParcels(db, source, city ?? county, input.outsideMaxMeters);
  lap('checks');
  const counts = await stagedCounts(db, source);
  const values = await materialiseValues(db, source, mapping, catalog);
  const fill = await fieldFill(db, mapping, values);
  lap('fill');
  const skipped = Object.values(counts.skipped).reduce((a, b) => a + b, 0);
  const details: Record<string, number> = {
    ...counts.skipped,
    ...(flagged ? { duplicates_kept: flagged } : {}),
    ...(outside?.kept ? { outside_place_kept: outside.kept } : {}),
  };
  const warnings: string[] = [];
  const base = { source, read: counts.read, repaired: counts.repaired, skipped, details, fill, outside };
  const [bbox] = await db<{ w: number | null; s: number; e: number; n: number }[]>`
    SELECT ST_XMin(x) AS w, ST_YMin(x) AS s, ST_XMax(x) AS e, ST_YMax(x) AS n
    FROM (SELECT ST_Extent(geom)::geometry AS x FROM load_staging WHERE source = ${source} AND skip_reason IS NULL) b`;
  const parcelsBbox = bbox?.w == null ? null : [bbox.w, bbox.s, bbox.e, bbox.n];
  const placeBbox = await placeBounds(db, city ?? county);
  if (
    placeBbox &&
    parcelsBbox &&
    (parcelsBbox[0]! < placeBbox[0]! ||
      parcelsBbox[1]! < placeBbox[1]! ||
      parcelsBbox[2]! > placeBbox[2]! ||
      parcelsBbox[3]! > placeBbox[3]!)
  ) {
    warnings.push('some parcels reach beyond the bounding box of the place');
  }
  if (details.larger_than_county)
    warnings.push(`${details.larger_than_county} parcels are larger than the county: skipped (wrong --srs or units?)`);
  if (input.dryRun) {
    return {
      ...base,
      loaded: 0,
      derived: null,
      placesCreated: [],
      placeBbox,
      parcelsBbox,
      warnings,
      versions: { parcels: null },
      bands: null,
    };
  }
  input.report('loading', 0);
  // layer_versions before parcels, as the synthetic loader and migrations take them (the other order
  // deadlocked against a concurrent migrate); the bump and its NOTIFY take effect at commit.
  const [version] = await db<{ v: number }[]>`SELECT bump_layer_version('parcels')::int AS v`;
  await suspendBandTriggers(db);
  await removePreviousParcels(db, source);
  lap('delete');
  const loaded = await insertImportedParcels(db, source, place, mapping, catalog, values);
  lap('insert');
  input.report('deriving', loaded);
  const placesCreated = await upsertImportPlaces(db, source, place);
  lap('places');
  const derived = await deriveFields(db, source);
  lap('derived');
  // After the derived fields, so each new parcel's band rows are written once.
  input.report('tiles', loaded);
  const bands = await refreshBands(db, source);
  await resumeBandTriggers(db);
  lap('bands');
  if (derived.lbcsMissing > 0 && place.state === 'ma')
    warnings.push(`${derived.lbcsMissing} parcels have no LBCS activity (use code missing or not in the MA table)`);
  if (place.state !== 'ma')
    warnings.push(`no use-code table for ${place.state.toUpperCase()}: lbcs_activity left null on ${loaded} parcels`);
  if (placesCreated.length > 0) await db`SELECT bump_layer_version('places')`;
  await db`SELECT refresh_county_coverage(ARRAY[${place.countyPath}]::text[])`;
  lap('versions');
  await db`
    INSERT INTO data_loads (source, loaded_at, read, loaded, repaired, skipped, details)
    VALUES (${source}, now(), ${counts.read}, ${loaded}, ${counts.repaired}, ${skipped}, ${db.json({ file: input.file, skipped: details } as never)})
    ON CONFLICT (source) DO UPDATE SET loaded_at = EXCLUDED.loaded_at, read = EXCLUDED.read, loaded = EXCLUDED.loaded,
      repaired = EXCLUDED.repaired, skipped = EXCLUDED.skipped, details = EXCLUDED.details`;
  return {
    ...base,
    loaded,
    derived,
    placesCreated,
    placeBbox: placeBbox ?? (await placeBounds(db, place.cityPath ?? place.countyPath)),
    parcelsBbox,
    warnings,
    versions: { parcels: version?.v ?? null },
    bands,
  };
}

async function placeBounds(db: Db, path: string | null): Promise<number[] | null> {
  if (!path) return null;
  const [row] = await db<{ w: number; s: number; e: number; n: number }[]>`
    SELECT ST_XMin(geom) AS w, ST_YMin(geom) AS s, ST_XMax(geom) AS e, ST_YMax(geom) AS n FROM places WHERE path = ${path}`;
  return row ? [row.w, row.s, row.e, row.n] : null;
}
