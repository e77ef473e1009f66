// Runs one queued admin import (called by the import job, features/ops/imports/import-job.ts), or one started with
// `npm run import`: claims the row under a liveness lock held on a reserved connection, runs the
// fixtures' importParcels on a pool of its own (no statement timeout: an import's statements run for
// minutes), saves progress at most once a second for the admin page, and stores the report or the error.
import { rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import {
  importParcels,
  importSource,
  type ImportOptions,
  type ImportProgress,
  type ImportReport,
} from '@parcel-map/tileserver/features/ops/imports/pipeline/import-parcels';
import { resolvePlace } from '@parcel-map/tileserver/features/ops/imports/pipeline/normalise';
import { ImportInputError } from '@parcel-map/tileserver/features/ops/imports/pipeline/ogr';
import { regionOf } from '@parcel-map/tileserver/features/ops/imports/pipeline/place-split';
import { createDb, type Sql } from '../../../db/client.ts';
import type { Logger } from '../../../logger.ts';
import {
  activeImportOf,
  claimImport,
  createImport,
  finishImport,
  reapInterruptedImports,
  releaseImport,
  saveProgress,
  type ImportJobRow,
} from './queries.ts';

/** Where uploads go: DATA_DIR/imports, beside the local cluster. */
export const uploadDirOf = (dataDir: string) => resolve(dataDir, 'imports');

/** The queue column of command-line rows: no worker listens on it, so no worker ever takes one. */
export const commandLineQueue = 'command-line';

export interface ImportRunnerDeps {
  sql: Sql;
  databaseUrl: string;
  dataDir: string;
  logger: Logger;
}

export type ImportOutcome = 'done' | 'failed' | 'skipped';

/** `requestId`: of the request that started the import; the run's log lines carry it. */
export async function runQueuedImport(id: number, deps: ImportRunnerDeps, requestId?: string): Promise<ImportOutcome> {
  const logger = requestId ? deps.logger.child({ requestId }) : deps.logger;
  const uploads = uploadDirOf(deps.dataDir);
  // Messages of ImportInputError and the database are meant for the admin; paths are cut to the upload name.
  const forAdmin = (message: string) => message.replaceAll(`${uploads}/`, '');
  const outcome = await claimed(deps.sql, id, async (job) => {
    const file = join(uploads, job.file);
    try {
      await runRecorded(job, deps, {
        file,
        // The mapping travels in the row, so a worker in another process writes its own copy, one per
        // run: two runs of one upload at once (two places) each read their own.
        mapping: job.mapping ? { file: `${file}.run-${job.id}.mapping.json`, content: job.mapping } : undefined,
        log: (line) => logger.info({ import: job.id }, line),
        errorText: forAdmin,
      });
      return 'done' as const;
    } catch (error) {
      logger.warn({ import: job.id, error: forAdmin(messageOf(error)) }, 'import failed');
      return 'failed' as const;
    }
  });
  return outcome ?? 'skipped';
}

/**
 * `npm run import` (tileserver/src/cli/import.ts): the same run as an admin import, recorded the same
 * way (a parcel_imports row marked command_line, claimed under the liveness lock, with progress and
 * the report or the error), so the admin page lists it while it runs and after. The file is read
 * where the command runs. Answers the row's id and the report; a failure is recorded, then thrown.
 */
export async function runCommandLineImport(
  sql: Sql,
  databaseUrl: string,
  options: ImportOptions,
): Promise<{ id: number; report: ImportReport }> {
  // A malformed place or a missing state is an argument error, not a run: no row for it.
  // A state or the country (a run over many places) is recorded under its own path.
  const place = regionOf(options.place) ? options.place : (await resolvePlace(sql, options.place)).path;
  // A run killed with Ctrl-C stays "running" until something reaps it; with no server up, this does.
  await reapInterruptedImports(sql, 1, { commandLineOnly: true });
  const busy = (id: number | null) =>
    new ImportInputError(
      `an import of ${place} is already queued or running${id ? ` (import ${id})` : ''}: wait for it to finish`,
    );
  const active = await activeImportOf(sql, place);
  if (active) throw busy(active.id);
  let row;
  try {
    row = await createImport(sql, {
      place,
      file: resolve(options.file),
      source: importSource(place),
      dryRun: options.dryRun ?? false,
      replace: options.replace ?? false,
      mapping: undefined,
      srs: options.srs,
      layer: options.layer,
      queue: commandLineQueue,
      startedBy: null,
      startedFrom: 'command_line',
    });
  } catch (error) {
    // Started at the same moment as another import of the place: the partial unique index lets one in.
    if ((error as { code?: string }).code === '23505') throw busy(null);
    throw error;
  }
  const id = row.id;
  const report = await claimed(sql, id, (job) =>
    runRecorded(
      job,
      { sql, databaseUrl },
      {
        file: options.file,
        mappingFile: options.mappingFile,
        outsideMaxMeters: options.outsideMaxMeters,
        join: options.join,
        noJoin: options.noJoin,
        log: options.log,
        progress: options.progress,
      },
    ),
  );
  if (!report) throw new Error(`import ${id} was taken by another process`);
  return { id, report };
}

/** Runs `work` on import `id` while holding its liveness lock; undefined when the row was not queued. */
async function claimed<T>(sql: Sql, id: number, work: (job: ImportJobRow) => Promise<T>): Promise<T | undefined> {
  const conn = await sql.reserve();
  try {
    const job = await claimImport(conn as unknown as Sql, id);
    if (!job) return undefined;
    try {
      return await work(job);
    } finally {
      await releaseImport(conn as unknown as Sql, id).catch(() => {});
    }
  } finally {
    conn.release();
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface RecordedRun {
  file: string;
  /** A mapping file given by the command. */
  mappingFile?: string;
  /** A mapping from the row, written to `file` first. */
  mapping?: { file: string; content: object };
  /** The command's --outside-max-m; an admin import uses IMPORT_OUTSIDE_MAX_M. */
  outsideMaxMeters?: number;
  /** The command's --join / --no-join; an admin import finds the attribute table itself. */
  join?: string;
  noJoin?: boolean;
  log: (line: string) => void;
  progress?: (p: ImportProgress) => void;
  /** What of an error's message the row keeps. */
  errorText?: (message: string) => string;
}

/**
 * Runs a claimed import and records it in its row: progress at most once a second (and at the end),
 * then the report or the error. Answers the report; a failure is recorded, then thrown again.
 */
async function runRecorded(
  job: ImportJobRow,
  deps: Pick<ImportRunnerDeps, 'sql' | 'databaseUrl'>,
  run: RecordedRun,
): Promise<ImportReport> {
  const pool = createDb(deps.databaseUrl, { max: 2, applicationName: 'parcel-map import' });
  let saved = 0;
  let pending: Promise<void> = Promise.resolve();
  let lastProgress: ImportProgress | undefined;
  try {
    if (run.mapping) await writeFile(run.mapping.file, JSON.stringify(run.mapping.content, null, 2));
    const report = await importParcels(pool, deps.databaseUrl, {
      file: run.file,
      place: job.place,
      mappingFile: run.mapping?.file ?? run.mappingFile,
      dryRun: job.dry_run,
      replace: job.replace,
      srs: job.srs ?? undefined,
      layer: job.layer ?? undefined,
      outsideMaxMeters: run.outsideMaxMeters,
      join: run.join,
      noJoin: run.noJoin,
      log: run.log,
      // Done in the import's own commit: a worker killed after it (during the ANALYZE) leaves a done
      // row, which no reaper runs again; the report is rewritten below with the full timings.
      beforeCommit: (tx, report) =>
        finishImport(tx, job.id, {
          report: { ...report, file: basename(report.file) },
          progress: { phase: 'done', rows: report.read, total: report.read, rowsPerSecond: report.rowsPerSecond },
        }),
      progress: (p) => {
        lastProgress = p;
        run.progress?.(p);
        if (performance.now() - saved < 1000 && p.phase !== 'done') return;
        saved = performance.now();
        pending = pending.then(() => saveProgress(deps.sql, job.id, p)).catch(() => {});
      },
    });
    await pending;
    await finishImport(deps.sql, job.id, {
      report: { ...report, file: basename(report.file) },
      progress: lastProgress,
    });
    return report;
  } catch (error) {
    await pending;
    const message = messageOf(error);
    await finishImport(deps.sql, job.id, { error: run.errorText?.(message) ?? message }).catch(() => {});
    throw error;
  } finally {
    // Bounded: after a connection was lost inside a transaction, postgres.js's end() waited forever
    // for that connection, and the command never printed why it stopped.
    await pool.end({ timeout: 5 });
    if (run.mapping) await rm(run.mapping.file, { force: true });
  }
}
