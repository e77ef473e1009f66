// The export job: one pg-boss job per export row makes its file (features/exports/make-file.ts). The
// job is only an id; everything else is read from the row, so a job enqueued before a restart is done
// by the next process. pg-boss retries a failed run; after the last attempt the row is status 3.
import type { PgBoss } from 'pg-boss';
import type { Sql } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { makeExportFile } from '../features/exports/make-file.ts';
import { countAttempt, exportById, setExportStatus, setProgress } from '../features/exports/queries.ts';

export const exportQueue = 'exports';
export const exportRetries = 2;

export interface ExportJobDeps {
  sql: Sql;
  databaseUrl: string;
  dataDir: string;
  logger: Logger;
  queue?: string;
  /** Called after each attempt (tests wait on it). */
  onRun?: (id: number, status: number) => void;
}

export interface ExportJobs {
  enqueue: (exportId: number) => Promise<void>;
}

export async function runExport(id: number, deps: ExportJobDeps): Promise<number> {
  const row = await exportById(deps.sql, id);
  if (!row || row.status === 2 || row.status === 4) return row?.status ?? 0;
  const attempt = await countAttempt(deps.sql, id);
  let last = 0;
  try {
    const made = await makeExportFile(row, deps, (percent) => {
      // At most one progress write per 5 percent.
      if (percent >= last + 5) {
        last = percent;
        void setProgress(deps.sql, id, percent).catch(() => undefined);
      }
    });
    await setExportStatus(deps.sql, id, { status: 2, progress: 100, rowsWritten: row.requested, filename: made.filename, finishedAt: new Date() });
    deps.onRun?.(id, 2);
    return 2;
  } catch (error) {
    deps.logger.error({ err: error, exportId: id, attempt }, 'export failed');
    const final = attempt > exportRetries;
    await setExportStatus(deps.sql, id, { status: final ? 3 : 1, error: final ? 'Could not be completed' : null, finishedAt: final ? new Date() : undefined });
    deps.onRun?.(id, final ? 3 : 1);
    if (!final) throw error;
    return 3;
  }
}

export async function startExportJob(boss: PgBoss, deps: ExportJobDeps): Promise<ExportJobs> {
  const queue = deps.queue ?? exportQueue;
  await boss.createQueue(queue, { retryLimit: exportRetries, retryDelay: 2, expireInSeconds: 3600 });
  await boss.work<{ id: number }>(queue, { localConcurrency: 2, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await runExport(job.data.id, deps);
  });
  return {
    enqueue: async (exportId) => {
      await boss.send(queue, { id: exportId });
    },
  };
}

/** Enqueues without working (a process that only serves the API, or a test of a restart). */
export async function exportSender(boss: PgBoss, queue = exportQueue): Promise<ExportJobs> {
  await boss.createQueue(queue, { retryLimit: exportRetries, retryDelay: 2, expireInSeconds: 3600 });
  return { enqueue: async (exportId) => void (await boss.send(queue, { id: exportId })) };
}
