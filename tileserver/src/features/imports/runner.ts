// Runs one queued admin import (called by the import job, jobs/import-job.ts): claims the row under a
// liveness lock held on a reserved connection, runs the fixtures' importParcels on a pool of its own
// (no statement timeout: an import's statements run for minutes), saves progress at most once a second
// for the admin page, and stores the report or the error.
import { writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { importParcels } from '@parcel-map/fixtures/import/import-parcels';
import { createDb, type Sql } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { claimImport, finishImport, releaseImport, saveProgress } from './queries.ts';

/** Where uploads go: DATA_DIR/imports, beside the local cluster. */
export const uploadDirOf = (dataDir: string) => resolve(dataDir, 'imports');

export interface ImportRunnerDeps {
  sql: Sql;
  databaseUrl: string;
  dataDir: string;
  logger: Logger;
}

export type ImportOutcome = 'done' | 'failed' | 'skipped';

/** `requestId`: of the request that started the import; the run's log lines carry it. */
export async function runQueuedImport(id: number, deps: ImportRunnerDeps, requestId?: string): Promise<ImportOutcome> {
  const conn = await deps.sql.reserve();
  let claimed = false;
  try {
    const job = await claimImport(conn as unknown as Sql, id);
    if (!job) return 'skipped';
    claimed = true;
    return await runClaimed(job, requestId ? { ...deps, logger: deps.logger.child({ requestId }) } : deps);
  } finally {
    if (claimed) await releaseImport(conn as unknown as Sql, id).catch(() => {});
    conn.release();
  }
}

async function runClaimed(job: NonNullable<Awaited<ReturnType<typeof claimImport>>>, deps: ImportRunnerDeps): Promise<ImportOutcome> {
  const file = join(uploadDirOf(deps.dataDir), job.file);
  const pool = createDb(deps.databaseUrl, { max: 2, applicationName: 'parcel-map import' });
  let saved = 0;
  let pending: Promise<void> = Promise.resolve();
  try {
    // The mapping travels in the row, so a worker in another process writes its own copy.
    let mappingFile: string | undefined;
    if (job.mapping) {
      mappingFile = `${file}.mapping.json`;
      await writeFile(mappingFile, JSON.stringify(job.mapping, null, 2));
    }
    const report = await importParcels(pool, deps.databaseUrl, {
      file,
      place: job.place,
      mappingFile,
      dryRun: job.dry_run,
      replace: job.replace,
      srs: job.srs ?? undefined,
      layer: job.layer ?? undefined,
      log: (line) => deps.logger.info({ import: job.id }, line),
      progress: (p) => {
        if (performance.now() - saved < 1000 && p.phase !== 'done') return;
        saved = performance.now();
        pending = pending.then(() => saveProgress(deps.sql, job.id, p)).catch(() => {});
      },
    });
    await pending;
    await finishImport(deps.sql, job.id, { report: { ...report, file: basename(report.file) } });
    return 'done';
  } catch (error) {
    await pending;
    // Messages of ImportInputError and the database are meant for the admin; paths are cut to the upload name.
    const message = (error instanceof Error ? error.message : String(error)).replaceAll(uploadDirOf(deps.dataDir) + '/', '');
    deps.logger.warn({ import: job.id, error: message }, 'import failed');
    await finishImport(deps.sql, job.id, { error: message }).catch(() => {});
    return 'failed';
  } finally {
    await pool.end();
  }
}
