// Runs an admin-started import in the app process: the fixtures' importParcels on a pool of its own
// (no statement timeout: an import's statements run for minutes), with progress saved at most once a
// second so the admin page can show it, and the report or the error stored at the end.
import { basename } from 'node:path';
import { importParcels } from '@parcel-map/fixtures/import/import-parcels';
import { createDb, type Sql } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { finishImport, markRunning, saveProgress } from './queries.ts';

export interface ImportJob {
  id: number;
  file: string;
  place: string;
  mappingFile?: string;
  dryRun: boolean;
  replace: boolean;
  srs?: string;
}

export async function runImport(databaseUrl: string, sql: Sql, logger: Logger, job: ImportJob): Promise<void> {
  const pool = createDb(databaseUrl, { max: 2, applicationName: 'parcel-map import' });
  let saved = 0;
  let pending: Promise<void> = Promise.resolve();
  try {
    await markRunning(sql, job.id);
    const report = await importParcels(pool, databaseUrl, {
      file: job.file,
      place: job.place,
      mappingFile: job.mappingFile,
      dryRun: job.dryRun,
      replace: job.replace,
      srs: job.srs,
      log: (line) => logger.info({ import: job.id }, line),
      progress: (p) => {
        if (performance.now() - saved < 1000 && p.phase !== 'done') return;
        saved = performance.now();
        pending = pending.then(() => saveProgress(sql, job.id, p)).catch(() => {});
      },
    });
    await pending;
    await finishImport(sql, job.id, { report: { ...report, file: basename(report.file) } });
  } catch (error) {
    await pending;
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ import: job.id, error: message }, 'import failed');
    await finishImport(sql, job.id, { error: message }).catch(() => {});
  } finally {
    await pool.end();
  }
}
