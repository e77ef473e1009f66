// The background jobs a full process runs, each defined beside its feature: renewals and exports
// (commerce), imports (ops). main.ts starts them in this order; tile-only processes start none.
import type { PgBoss } from 'pg-boss';
import type { Services } from '../services.ts';
import { jobs as commerceJobs } from '../features/commerce/index.ts';
import { jobs as opsJobs } from '../features/ops/index.ts';
import type { JobDefinition } from './job-queue.ts';

export const workers: JobDefinition[] = [...commerceJobs, ...opsJobs];

export async function startWorkers(boss: PgBoss, services: Services): Promise<void> {
  for (const worker of workers) await worker.start(boss, services);
}
