// The export job: one pg-boss job per export row makes its file (features/commerce/exports/make-file.ts). The
// job is an id (and the request id of the request that asked for it, carried into every log line);
// everything else is read from the row, so a job enqueued before a restart is done by the next
// process. pg-boss retries a failed run; after the last attempt the row is failed (exportStatus). A process killed
// in the middle stops sending the job's heartbeat, so pg-boss's supervisor hands it to another run
// within about half a minute (instead of at the hour's expiry).
import type { PgBoss } from 'pg-boss';
import { systemClock, type Clock } from '../../../clock.ts';
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../logger.ts';
import { exportStatus } from '@parcel-map/contracts/commerce/exports';
import { makeExportFile } from './make-file.ts';
import { countAttempt, exportById, setExportStatus, setProgress } from './queries.ts';

export const exportQueue = 'exports';
export const exportRetries = 2;
/** Seconds without a heartbeat after which a running export counts as dead (pg-boss's minimum is 10). */
export const exportHeartbeatSeconds = 10;
const queueOptions = {
  retryLimit: exportRetries,
  retryDelay: 2,
  expireInSeconds: 3600,
  heartbeatSeconds: exportHeartbeatSeconds,
};

export interface ExportJobData {
  id: number;
  /** The X-Request-Id of the request that enqueued it. */
  requestId?: string;
}

export interface ExportJobDeps {
  sql: Sql;
  databaseUrl: string;
  dataDir: string;
  logger: Logger;
  queue?: string;
  /** When a run finishes (finished_at); the system clock unless a test sets it. */
  clock?: Clock;
  /** Called after each attempt (tests wait on it). */
  onRun?: (id: number, status: number) => void;
}

/**
 * Enqueues an export's job. Given the transaction that writes the export row, the job is written in
 * it: a process killed between the two leaves both or neither, never a row that no job will make.
 */
export type EnqueueExport = (exportId: number, requestId?: string, tx?: Sql) => Promise<void>;

export interface ExportJobs {
  enqueue: EnqueueExport;
}

export async function runExport(id: number, deps: ExportJobDeps, requestId?: string): Promise<number> {
  const logger = deps.logger.child({ requestId, exportId: id });
  const now = deps.clock ?? systemClock;
  const row = await exportById(deps.sql, id);
  if (!row || row.status === exportStatus.ready || row.status === exportStatus.expired) return row?.status ?? 0;
  const attempt = await countAttempt(deps.sql, id);
  logger.info({ attempt, format: row.format, rows: row.requested }, 'export started');
  let last = 0;
  try {
    const made = await makeExportFile(row, deps, (percent) => {
      // At most one progress write per 5 percent.
      if (percent >= last + 5) {
        last = percent;
        void setProgress(deps.sql, id, percent).catch(() => undefined);
      }
    });
    await setExportStatus(deps.sql, id, {
      status: exportStatus.ready,
      progress: 100,
      rowsWritten: row.requested,
      filename: made.filename,
      finishedAt: now(),
    });
    logger.info({ attempt, bytes: made.bytes }, 'export finished');
    deps.onRun?.(id, exportStatus.ready);
    return exportStatus.ready;
  } catch (error) {
    // Another run finished it meanwhile (this one's heartbeat lapsed and pg-boss started a second):
    // its file stands, this run's failure changes nothing.
    if ((await exportById(deps.sql, id))?.status === exportStatus.ready) return exportStatus.ready;
    logger.error({ err: error, attempt }, 'export failed');
    const final = attempt > exportRetries;
    await setExportStatus(deps.sql, id, {
      status: final ? exportStatus.failed : exportStatus.inProgress,
      error: final ? 'Could not be completed' : null,
      finishedAt: final ? now() : undefined,
    });
    deps.onRun?.(id, final ? exportStatus.failed : exportStatus.inProgress);
    if (!final) throw error;
    return exportStatus.failed;
  }
}

export async function startExportJob(boss: PgBoss, deps: ExportJobDeps): Promise<ExportJobs> {
  const queue = deps.queue ?? exportQueue;
  await prepareQueue(boss, queue);
  await boss.work<ExportJobData>(queue, { localConcurrency: 2, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await runExport(job.data.id, deps, job.data.requestId);
  });
  return { enqueue: (exportId, requestId, tx) => sendExport(boss, queue, exportId, requestId, tx) };
}

/** Enqueues without working (a process that only serves the API, or a test of a restart). */
export async function exportSender(boss: PgBoss, queue = exportQueue): Promise<ExportJobs> {
  await prepareQueue(boss, queue);
  return { enqueue: (exportId, requestId, tx) => sendExport(boss, queue, exportId, requestId, tx) };
}

export async function sendExport(
  boss: PgBoss,
  queue: string,
  exportId: number,
  requestId?: string,
  tx?: Sql,
): Promise<void> {
  // pg-boss runs its insert through the caller's transaction when given one (its `db` option).
  const db = tx && {
    executeSql: async (text: string, values: unknown[] = []) => ({ rows: await tx.unsafe(text, values as never[]) }),
  };
  await boss.send(queue, { id: exportId, requestId } satisfies ExportJobData, db ? { db } : {});
}

/** createQueue keeps an existing queue's options: the update brings a queue made by an older version up to date. */
async function prepareQueue(boss: PgBoss, queue: string): Promise<void> {
  await boss.createQueue(queue, queueOptions);
  await boss.updateQueue(queue, queueOptions);
}
