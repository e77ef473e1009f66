// The one services object: everything a route group or a job needs from outside its feature, built once
// per app by createServices and handed to each area's routes(services). Nothing else constructs these
// parts, so every feature shares one caller resolver, one clock, one meter and one API gate.
import type { PgBoss } from 'pg-boss';
import { CallerResolver } from './auth/caller.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Sql } from './db/client.ts';
import type { QueryGate } from './db/query-gate.ts';
import { createAppGate, createGisGate } from './http/app-api-gate.ts';
import type { Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createUsageMeter, type UsageMeter } from './metering/usage-meter.ts';
import { createPaymentProvider } from './payments/create-provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { LayerVersions } from './tiles/layer-versions.ts';
import { createTileContext, type TileContext } from './tiles/tile-context.ts';
import { ApiGate } from './features/commerce/api-plans/standing.ts';
import { exportQueue, sendExport, type EnqueueExport } from './features/commerce/exports/export-job.ts';
import { AppMetrics } from './features/ops/metrics/metrics.ts';
import { importQueue, sendImport } from './features/ops/imports/import-job.ts';
import { LookupMeter } from './features/people/lookup-limits/service.ts';

/** What createApp and createServices are given; everything but config, sql and logger has a default. */
export interface AppDeps {
  config: Config;
  /** The app pool: search, records, accounts, commerce. */
  sql: Sql;
  /** The tile pool (heavy renders); `sql` when not given. */
  tileSql?: Sql;
  /** The GIS pool (FeatureServer, OGC API; GIS_STATEMENT_TIMEOUT_MS); `sql` when not given. */
  gisSql?: Sql;
  logger: Logger;
  /** Folder of the built viewer; omitted in API-only tests. */
  viewerDir?: string;
  /** Outgoing mail; SMTP_URL or the outbox folder when not given. */
  mailer?: Mailer;
  /** Card payments; PAYMENT_PROVIDER's provider when not given. */
  payments?: PaymentProvider;
  /** The clock of billing periods, renewals and usage months (tests move it); the system clock when not given. */
  now?: Clock;
  /** The job queue (pg-boss, started by main.ts); exports and imports are unavailable without it. */
  jobs?: PgBoss;
  /** The export jobs' queue name (tests use their own). */
  exportQueue?: string;
  /** The import jobs' queue name (tests use their own). */
  importQueue?: string;
  /** The database URL, for work that runs tools of its own against it (ogr2ogr in imports and exports). */
  databaseUrl?: string;
}

/** Sends work to the job queue, inside the transaction that writes its row; undefined without a queue. */
export interface JobSenders {
  enqueueExport?: EnqueueExport;
  enqueueImport?: (id: number, requestId: string | undefined, tx: Sql) => Promise<void>;
  /** The queue enqueueImport sends to (kept on the import row). */
  importQueue: string;
}

export interface Services {
  config: Config;
  sql: Sql;
  /** FeatureServer's and the OGC API's pool, behind `gisGate` (security review 2, N2). */
  gisSql: Sql;
  logger: Logger;
  clock: Clock;
  /** Who calls: the one resolver, shared by every route and the fast path. */
  callers: CallerResolver;
  mailer: Mailer;
  payments: PaymentProvider;
  jobs: JobSenders;
  /** Anonymous and free callers' daily parcel lookups. */
  lookups: LookupMeter;
  /** API usage: tiles per token, records per account. */
  meter: UsageMeter;
  /** An API account's standing (402/429) for tiles and /api/v2. */
  apiGate: ApiGate;
  tiles: TileContext;
  /** Connection slots of the app API (http/app-api-gate.ts). */
  appGate: QueryGate;
  /** Connection slots of the GIS pool (http/app-api-gate.ts). */
  gisGate: QueryGate;
  metrics: AppMetrics;
  databaseUrl?: string;
  viewerDir?: string;
}

export function createServices(deps: AppDeps): Services {
  const { config, sql, logger } = deps;
  const clock = deps.now ?? systemClock;
  const tileSql = deps.tileSql ?? sql;
  const versions = new LayerVersions(tileSql);
  const callers = new CallerResolver(config, tileSql, versions);
  const meter = createUsageMeter(config, tileSql, clock);
  const apiGate = new ApiGate(sql, meter, clock);
  const tiles = createTileContext(config, tileSql, { callers, versions, meter, apiGate });
  const appGate = createAppGate(config);
  const gisGate = createGisGate(config);
  return {
    config,
    sql,
    gisSql: deps.gisSql ?? sql,
    logger,
    clock,
    callers,
    mailer: deps.mailer ?? createMailer(config),
    payments: deps.payments ?? createPaymentProvider(config, sql),
    jobs: jobSenders(deps),
    lookups: new LookupMeter(sql, config),
    meter,
    apiGate,
    tiles,
    appGate,
    gisGate,
    metrics: new AppMetrics({
      sql,
      tiles,
      appGate,
      appPoolSize: config.APP_POOL_SIZE,
      gisGate,
      gisPoolSize: config.GIS_POOL_SIZE,
    }),
    databaseUrl: deps.databaseUrl,
    viewerDir: deps.viewerDir,
  };
}

function jobSenders(deps: AppDeps): JobSenders {
  const boss = deps.jobs;
  const exports = deps.exportQueue ?? exportQueue;
  const imports = deps.importQueue ?? importQueue;
  if (!boss) return { importQueue: imports };
  return {
    enqueueExport: (id, requestId, tx) => sendExport(boss, exports, id, requestId, tx),
    enqueueImport: (id, requestId, tx) => sendImport(boss, imports, id, requestId, tx),
    importQueue: imports,
  };
}
