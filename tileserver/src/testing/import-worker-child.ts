// A worker process for the import job's restart test (features/ops/imports/import-job.test.ts): pg-boss with the
// import worker on the queue the test names, over the test database, until it is killed.
import { createDb } from '../db/client.ts';
import { startJobQueue } from '../jobs/job-queue.ts';
import { startImportJob } from '../features/ops/imports/import-job.ts';
import { createLogger } from '../logger.ts';

const url = process.env.DATABASE_URL!;
const logger = createLogger('warn');
const sql = createDb(url, { max: 3 });
const boss = await startJobQueue(url, logger);
await startImportJob(boss, {
  sql,
  databaseUrl: url,
  dataDir: process.env.DATA_DIR!,
  logger,
  queue: process.env.IMPORT_QUEUE!,
  resendQueued: false,
});
process.stdout.write('ready\n');
