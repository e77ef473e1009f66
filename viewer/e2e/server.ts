// Starts the real app for browser tests: builds the viewer once (skipped when dist is current), then
// serves createApp() on 127.0.0.1 with a free port, over the real test database.
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { createApp } from '@parcel-map/tileserver/app';
import { loadConfig, type Config } from '@parcel-map/tileserver/config';
import { createDb, type Sql } from '@parcel-map/tileserver/db/client';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { createLogger } from '@parcel-map/tileserver/logger';
import { buildViewerIfStale } from '@parcel-map/tileserver/system/viewer-build';
import { startJobQueue } from '@parcel-map/tileserver/jobs/job-queue';
import { startExportJob } from '@parcel-map/tileserver/features/commerce/exports/export-job';
import { startImportJob } from '@parcel-map/tileserver/features/ops/imports/import-job';

export interface TestServer {
  origin: string;
  sql: Sql;
  /** Its DATA_DIR is a fresh temporary folder: mail lands in outboxDir(config), read by the tests. */
  config: Config;
  close: () => Promise<void>;
}

export const adminToken = 'test-admin-token-of-at-least-32-chars';

/** `env` adds configuration variables (a test's own small LOOKUP_LIMIT_ANON, say). */
/** `options.jobs` starts pg-boss with the export and import workers on queues of this server's own. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { jobs?: boolean } = {},
): Promise<TestServer> {
  buildViewerIfStale(() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'parcel-e2e-'));
  const config = loadConfig({ ADMIN_TOKEN: adminToken, DATA_DIR: dataDir, ...env });
  // The same pool size as `npm start`, so timings reflect the served app.
  const sql = createDb(inject('databaseUrl'), { max: config.DB_POOL_SIZE });
  const logger = createLogger('silent');
  const exportQueue = `exports-e2e-${process.pid}-${Date.now().toString(36)}`;
  const jobs = options.jobs ? await startJobQueue(inject('databaseUrl'), logger) : undefined;
  if (jobs)
    await startExportJob(jobs, { sql, databaseUrl: inject('databaseUrl'), dataDir, logger, queue: exportQueue });
  const importQueue = `imports-e2e-${process.pid}-${Date.now().toString(36)}`;
  const importWorker = jobs
    ? await startImportJob(jobs, {
        sql,
        databaseUrl: inject('databaseUrl'),
        dataDir,
        logger,
        queue: importQueue,
        resendQueued: false,
      })
    : undefined;
  const app = createApp({
    config,
    sql,
    logger,
    viewerDir: resolve(repoRoot, 'viewer/dist'),
    jobs,
    exportQueue,
    importQueue,
    databaseUrl: inject('databaseUrl'),
  });
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((done) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      done({ server: s, port: info.port }),
    );
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    sql,
    config,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      importWorker?.stop();
      await jobs?.stop({ graceful: false });
      await sql.end({ timeout: 5 });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
