// The job queue (pg-boss, in its own `pgboss` schema of the app database). Workers run in the app
// process by default. Each job kind has its own file (renewal-job.ts, export-job.ts). The supervisor
// looks for jobs whose process died (no heartbeat) every 10 seconds, so they are retried soon.
import { PgBoss } from 'pg-boss';
import type { Logger } from '../logger.ts';

export async function startJobQueue(url: string, logger: Logger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', application_name: 'parcel-map jobs', max: 4, superviseIntervalSeconds: 10 });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
