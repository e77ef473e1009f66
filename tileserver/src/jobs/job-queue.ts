// The job queue (pg-boss, in its own `pgboss` schema of the app database). Workers run in the app
// process by default. Each job kind lives with its feature and is listed in workers.ts. The supervisor
// looks for jobs whose process died (no heartbeat) every 10 seconds, so they are retried soon.
import { PgBoss } from 'pg-boss';
import type { Logger } from '../logger.ts';
import type { Services } from '../services.ts';

/** A feature's job: started once per full process, on the queue and the app's services. */
export interface JobDefinition {
  name: string;
  start: (boss: PgBoss, services: Services) => Promise<unknown>;
}

export async function startJobQueue(url: string, logger: Logger): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    application_name: 'parcel-map jobs',
    max: 4,
    superviseIntervalSeconds: 10,
    // The schema is made by the database's owner at migration time (db/roles.ts): the serving role may not
    // CREATE in the database, and PostgreSQL checks that even for CREATE SCHEMA IF NOT EXISTS.
    createSchema: false,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
