// npm start: prepares the database (cluster, migrations, real data), builds the viewer when its
// sources changed, and serves viewer, API and tiles on one port until Ctrl-C.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createDb } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { repoRoot } from './paths.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import { startWorkers } from './jobs/workers.ts';
import { removeStalePhotoParts } from './features/workspace/surveys/photo-files.ts';
import { createApp } from './app.ts';
import { createServices } from './services.ts';
import { createHttpServer } from './http/server.ts';
import { step } from './system/progress.ts';
import { buildViewerIfStale } from './system/viewer-build.ts';
import { loadRealData } from '@parcel-map/tileserver/data/load-real-data';

const { values: flags } = parseArgs({
  options: { role: { type: 'string', default: 'all' }, 'no-build': { type: 'boolean', default: false } },
});

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);

  let done: () => void;
  let db: Awaited<ReturnType<typeof prepareDatabase>>;
  if (flags.role === 'tiles' && config.DATABASE_URL && (await isStandby(config.DATABASE_URL))) {
    // A tile process on a streaming replica (npm run cluster): the primary's app migrates and loads.
    console.log('  DATABASE_URL is a hot standby: serving tiles from it, no migration or load');
    db = {
      url: config.DATABASE_URL,
      ownerUrl: config.DATABASE_URL,
      migration: { applied: [], version: 0, functions: 0 },
    };
  } else {
    done = step('Preparing the database');
    db = await prepareDatabase(config, (line) => console.log(`  ${line}`));
    done();

    done = step('Loading the real data (skipped when loaded)');
    const loadSql = createDb(db.ownerUrl, { max: 4 });
    try {
      await loadRealData(loadSql, { force: false, log: (line) => console.log(`  ${line}`) });
    } finally {
      await loadSql.end();
    }
    done();
  }

  const viewerDir = resolve(repoRoot, 'viewer/dist');
  if (flags.role === 'all' && !flags['no-build']) {
    done = step('Building the viewer (skipped when current)');
    buildViewerIfStale((line) => console.log(`  ${line}`));
    done();
  }

  // Two pools: heavy tile renders can hold every tile connection for up to the statement timeout
  // while search, parcel records and places keep their own.
  const tileSql = createDb(db.url, {
    max: config.DB_POOL_SIZE,
    statementTimeoutMs: config.TILE_QUERY_TIMEOUT_MS,
    applicationName: 'parcel-map tiles',
  });
  const sql = createDb(db.url, {
    max: config.APP_POOL_SIZE,
    statementTimeoutMs: config.TILE_QUERY_TIMEOUT_MS,
    applicationName: 'parcel-map app',
  });
  // FeatureServer and the OGC API: a pool of their own with an API-sized statement timeout (N2).
  const gisSql = createDb(db.url, {
    max: config.GIS_POOL_SIZE,
    statementTimeoutMs: config.GIS_STATEMENT_TIMEOUT_MS,
    applicationName: 'parcel-map gis',
  });
  // Background jobs (renewals, exports, imports) run in the full process; tile-only processes do not take any.
  const jobs = flags.role === 'tiles' ? undefined : await startJobQueue(db.url, logger);
  const services = createServices({
    config,
    sql,
    tileSql,
    gisSql,
    logger,
    jobs,
    viewerDir: flags.role === 'all' ? viewerDir : undefined,
    databaseUrl: db.url,
  });
  if (jobs) await startWorkers(jobs, services);
  // Survey photos a killed process left half-written (`.part`), swept by the full processes like the
  // other leftovers; a failed sweep is logged and never stops the start.
  if (jobs) {
    await removeStalePhotoParts(config.DATA_DIR).then(
      (parts) => parts.length > 0 && logger.warn({ files: parts }, 'removed half-written survey photos'),
      (error: unknown) => logger.error({ err: error }, 'sweeping half-written survey photos failed'),
    );
  }
  const app = createApp(services);
  const { tiles } = services;
  const server = createHttpServer(app, tiles);
  server.listen(config.PORT, config.HOST);
  server.once('listening', () => {
    const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
    console.log(`\nServing on http://${host}:${config.PORT}  (Ctrl-C stops the server and the local database)`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    await new Promise<void>((res) => server.close(() => res()));
    await jobs?.stop({ graceful: true, timeout: 5000 });
    // The usage counted since the last flush is written before the pools close.
    await tiles.meter.stop().catch((error: unknown) => logger.error({ err: error }, 'metering flush failed'));
    await Promise.all([sql.end({ timeout: 5 }), tileSql.end({ timeout: 5 }), gisSql.end({ timeout: 5 })]);
    if (db.cluster) {
      db.cluster.stop();
      console.log('  local database stopped');
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function isStandby(url: string): Promise<boolean> {
  const sql = createDb(url, { max: 1 });
  try {
    const [row] = await sql<{ standby: boolean }[]>`SELECT pg_is_in_recovery() AS standby`;
    return row?.standby ?? false;
  } finally {
    await sql.end();
  }
}

main().catch((error: unknown) => {
  console.error(`\nnpm start failed: ${(error as Error).message ?? error}`);
  process.exit(1);
});
