// The import job: one pg-boss job per admin import row (features/ops/imports/runner.ts). The job is only
// an id and the row holds the rest, so any worker process can run it. Liveness is an advisory lock
// the running worker holds: when a server dies mid-import, the next worker to start (and every
// worker, every 30 s) finds the row "running" without its lock, queues it again once, and fails it
// with a clear error after that; stage tables killed imports left behind are dropped after a day.
// pg-boss itself never retries: a failed import fails for its input.
import type { PgBoss } from 'pg-boss';
import type { Sql } from '../../../db/client.ts';
import { dropStaleStageTables, queuedImportIds, reapInterruptedImports } from './queries.ts';
import { runQueuedImport, type ImportOutcome, type ImportRunnerDeps } from './runner.ts';

export const importQueue = 'parcel-imports';
/** Runs of one import, counting those a dying server interrupted. */
export const importAttempts = 2;

export interface ImportJobDeps extends ImportRunnerDeps {
  queue?: string;
  /** How often running imports are checked for a dead worker (ms). */
  reapEveryMs?: number;
  /** Send this queue's queued rows again at start (default true). */
  resendQueued?: boolean;
  /** Called after each run (tests wait on it). */
  onRun?: (id: number, outcome: ImportOutcome) => void;
}

export interface ImportJobs {
  enqueue: (importId: number, requestId?: string) => Promise<void>;
  /** Queues again (or fails) imports whose worker died and drops the stage tables killed imports left; answers what it changed. */
  reap: () => Promise<{ requeued: number[]; failed: number[]; stageTablesDropped: string[] }>;
  stop: () => void;
}

const queueOptions = { retryLimit: 0, expireInSeconds: 6 * 3600 };

export async function startImportJob(boss: PgBoss, deps: ImportJobDeps): Promise<ImportJobs> {
  const queue = deps.queue ?? importQueue;
  await boss.createQueue(queue, queueOptions);
  // One import at a time per process: each is a heavy transaction (another process may run another place).
  await boss.work<{ id: number; requestId?: string }>(
    queue,
    { localConcurrency: 1, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      for (const job of jobs) {
        const outcome = await runQueuedImport(job.data.id, deps, job.data.requestId);
        deps.onRun?.(job.data.id, outcome);
      }
    },
  );
  const enqueue = async (id: number, requestId?: string) => void (await boss.send(queue, { id, requestId }));
  const reap = async () => {
    const reaped = await reapInterruptedImports(deps.sql, importAttempts);
    // Back to the queue the run came from (any live worker of it takes it; tests keep their own).
    for (const { id, queue: its } of reaped.requeued) await boss.send(its, { id });
    const changed = { requeued: reaped.requeued.map((r) => r.id), failed: reaped.failed };
    if (changed.requeued.length + changed.failed.length > 0)
      deps.logger.warn(changed, 'imports interrupted by a server stop');
    const stageTablesDropped = await dropStaleStageTables(deps.sql);
    if (stageTablesDropped.length > 0)
      deps.logger.warn({ tables: stageTablesDropped }, 'stage tables of killed imports dropped');
    return { ...changed, stageTablesDropped };
  };
  await reap();
  // A send may have been lost with the process that made the row; a second job for a row is a no-op.
  if (deps.resendQueued !== false) for (const id of await queuedImportIds(deps.sql, queue)) await enqueue(id);
  const timer = setInterval(
    () => void reap().catch((error: unknown) => deps.logger.error({ err: error }, 'import reaper failed')),
    deps.reapEveryMs ?? 30_000,
  );
  timer.unref();
  return { enqueue, reap, stop: () => clearInterval(timer) };
}

/** Sends a run's job; inside `tx` when given, so the row that names it and the job commit together. */
export async function sendImport(
  boss: PgBoss,
  queue: string,
  importId: number,
  requestId?: string,
  tx?: Sql,
): Promise<void> {
  // pg-boss runs its insert through the caller's transaction when given one (its `db` option).
  const db = tx && {
    executeSql: async (text: string, values: unknown[] = []) => ({ rows: await tx.unsafe(text, values as never[]) }),
  };
  await boss.send(queue, { id: importId, requestId }, db ? { db } : {});
}

/** Enqueues without working (a process that only serves the API). */
export async function importSender(boss: PgBoss, queue = importQueue): Promise<Pick<ImportJobs, 'enqueue'>> {
  await boss.createQueue(queue, queueOptions);
  return { enqueue: async (id, requestId) => void (await boss.send(queue, { id, requestId })) };
}
