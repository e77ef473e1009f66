// createApp(deps): middleware, routes and the error handler. No port here, so tests call app.request().
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { allowedHosts, clientAddresses } from './auth/client-address.ts';
import type { Config } from './config.ts';
import type { Sql } from './db/client.ts';
import type { Logger } from './logger.ts';
import { ApiError, errorBody } from './errors.ts';
import { handleError } from './http/error-handler.ts';
import { mountViewer } from './http/viewer-static.ts';
import { appApiGate, createAppGate, takesAppGate } from './http/app-api-gate.ts';
import { readBodyFirst } from './http/request-body.ts';
import { AppMetrics } from './features/ops/metrics/metrics.ts';
import { metricsRoutes } from './features/ops/metrics/routes.ts';
import { healthRoutes } from './features/ops/health/routes.ts';
import { placeRoutes } from './features/map/places/routes.ts';
import { parcelRoutes } from './features/map/parcels/routes.ts';
import { dimensionRoutes } from './features/map/parcels/dimension-routes.ts';
import { searchRoutes } from './features/map/places/search-routes.ts';
import { catalogRoutes } from './features/map/layers/catalog-routes.ts';
import { createTileContext, type TileContext } from './tiles/tile-context.ts';
import { tileSourceRoutes } from './tiles/source-routes.ts';
import { sourceRoutes } from './features/map/sources/routes.ts';
import { StoredSources } from './features/map/sources/stored-sources.ts';
import { builtInTileMounts } from './features/map/layers/tile-sources.ts';
import { sourceFilterRoutes } from './features/map/sources/filter-routes.ts';
import { sourceExtentRoutes } from './features/map/sources/extent-routes.ts';
import { sessionRoutes } from './features/people/accounts/session-routes.ts';
import { accountRoutes } from './features/people/accounts/routes.ts';
import { lookupLimitRoutes } from './features/people/lookup-limits/routes.ts';
import { preferenceRoutes } from './features/workspace/preferences/routes.ts';
import { feedbackRoutes } from './features/workspace/feedback/routes.ts';
import { groupRoutes } from './features/people/groups/routes.ts';
import { adminRoutes } from './features/people/admin/routes.ts';
import { importRoutes } from './features/ops/imports/routes.ts';
import { projectRoutes } from './features/workspace/projects/routes.ts';
import { LookupMeter } from './features/people/lookup-limits/service.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { coverageRoutes } from './features/map/places/coverage-routes.ts';
import { legalRoutes } from './features/ops/legal/routes.ts';
import { followRoutes } from './features/workspace/follows/routes.ts';
import { billingRoutes } from './features/commerce/billing/routes.ts';
import { planChangeRoutes } from './features/commerce/billing/plan-change.ts';
import { cardRoutes } from './features/commerce/billing/cards.ts';
import { offerRoutes } from './features/commerce/billing/offers.ts';
import { adminOrderRoutes } from './features/commerce/billing/admin-orders.ts';
import { createPaymentProvider } from './payments/create-provider.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { basemapRoutes } from './features/map/layers/basemap-routes.ts';
import { styleRoutes } from './features/map/layers/style-routes.ts';
import { mountCors } from './http/cors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { expensiveRateLimits } from './http/rate-limits.ts';
import { insightRoutes } from './features/map/insights/routes.ts';
import { imageryRoutes } from './features/workspace/imagery/routes.ts';
import { surveyRoutes } from './features/workspace/surveys/routes.ts';
import { apiPlanRoutes } from './features/commerce/api-plans/routes.ts';
import { ApiGate } from './features/commerce/api-plans/standing.ts';
import { parcelApiRoutes } from './features/map/parcel-api/routes.ts';
import type { PgBoss } from 'pg-boss';
import { exportRoutes } from './features/commerce/exports/routes.ts';
import { cartRoutes } from './features/commerce/store/cart-routes.ts';
import { storeRoutes } from './features/commerce/store/routes.ts';
import { exportQueue, sendExport, type EnqueueExport } from './features/commerce/exports/export-job.ts';
import { importQueue, sendImport } from './features/ops/imports/import-job.ts';

export interface AppDeps {
  config: Config;
  sql: Sql;
  logger: Logger;
  /** Folder of the built viewer; omitted in API-only tests. */
  viewerDir?: string;
  /** Tile renderer, cache and layer versions; made from config and sql when not given. */
  tiles?: TileContext;
  /** Outgoing mail; SMTP_URL or the outbox folder when not given. */
  mailer?: Mailer;
  /** Card payments; PAYMENT_PROVIDER's provider when not given. */
  payments?: PaymentProvider;
  /** The clock of billing periods and renewals (tests move it); the system clock when not given. */
  now?: () => Date;
  /** The job queue (pg-boss, started by main.ts); exports are unavailable without it. */
  jobs?: PgBoss;
  /** The export jobs' queue name (tests use their own). */
  exportQueue?: string;
  /** The import jobs' queue name (tests use their own). */
  importQueue?: string;
  /** The database URL, for work that runs tools of its own against it (ogr2ogr in imports). */
  databaseUrl?: string;
}

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    deps.logger.debug(
      { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });

  app.use('*', securityHeaders(deps.config));
  app.use('*', allowedHosts(deps.config));
  app.use('*', clientAddresses(deps.config));
  const tiles = deps.tiles ?? createTileContext(deps.config, deps.sql);
  const appGate = createAppGate(deps.config);
  const metrics = new AppMetrics({ sql: deps.sql, tiles, appGate, appPoolSize: deps.config.APP_POOL_SIZE });
  app.use('*', metrics.middleware());
  mountCors(app);
  // Before the gate: a request over its rate limit never takes a connection slot.
  app.use('*', expensiveRateLimits(deps.config));
  // Before the gate too: a body still arriving (slowly, or without end) holds no slot.
  app.use('*', readBodyFirst(takesAppGate));
  app.use('*', appApiGate(deps.config, appGate));
  const routeDeps = { ...deps, callers: tiles.callers, mailer: deps.mailer ?? createMailer(deps.config), lookups: new LookupMeter(deps.sql, deps.config) };
  app.route('/', healthRoutes(routeDeps));
  app.route('/', placeRoutes(routeDeps));
  app.route('/', insightRoutes(routeDeps));
  app.route('/', parcelRoutes(routeDeps));
  app.route('/', dimensionRoutes(routeDeps));
  app.route('/', searchRoutes(routeDeps));
  app.route('/', catalogRoutes(routeDeps));
  app.route('/', sessionRoutes(routeDeps));
  app.route('/', accountRoutes(routeDeps));
  app.route('/', lookupLimitRoutes(routeDeps));
  app.route('/', preferenceRoutes(routeDeps));
  app.route('/', feedbackRoutes(routeDeps));
  app.route('/', groupRoutes(routeDeps));
  app.route('/', adminRoutes(routeDeps));
  const importQueueName = deps.importQueue ?? importQueue;
  const enqueueImport = deps.jobs ? (id: number, requestId: string | undefined, tx: Sql) => sendImport(deps.jobs!, importQueueName, id, requestId, tx) : undefined;
  app.route('/', importRoutes({ ...routeDeps, enqueueImport, importQueue: importQueueName }));
  app.route('/', metricsRoutes({ callers: tiles.callers, metrics }));
  app.route('/', projectRoutes(routeDeps));
  app.route('/', coverageRoutes(routeDeps));
  app.route('/', legalRoutes(routeDeps));
  app.route('/', followRoutes(routeDeps));
  app.route('/', imageryRoutes(routeDeps));
  app.route('/', surveyRoutes(routeDeps));
  const payments = deps.payments ?? createPaymentProvider(deps.config, deps.sql);
  // API plans and the parcel API: the gate judges an account's standing (402/429) for tiles and /api/v2.
  const apiGate = new ApiGate(deps.sql, tiles.meter, deps.now ?? (() => new Date()));
  tiles.apiGate = apiGate;
  app.route('/', billingRoutes({ ...routeDeps, payments, now: deps.now }));
  app.route('/', planChangeRoutes({ ...routeDeps, payments, now: deps.now, onApiAccessChanged: (id) => apiGate.forget(id) }));
  app.route('/', cardRoutes({ ...routeDeps, payments }));
  app.route('/', offerRoutes(routeDeps));
  app.route('/', adminOrderRoutes({ ...routeDeps, payments }));
  app.route('/', apiPlanRoutes({ ...routeDeps, payments, gate: apiGate, now: deps.now }));
  app.route('/', parcelApiRoutes({ ...routeDeps, gate: apiGate, meter: tiles.meter }));
  const jobs = deps.jobs;
  const enqueueExport: EnqueueExport | undefined = jobs ? (id, requestId, tx) => sendExport(jobs, deps.exportQueue ?? exportQueue, id, requestId, tx) : undefined;
  app.route('/', exportRoutes({ ...routeDeps, now: deps.now, enqueueExport }));
  app.route('/', cartRoutes({ ...routeDeps, payments, now: deps.now, enqueueExport }));
  app.route('/', storeRoutes(routeDeps));
  const storedSources = new StoredSources(tiles);
  app.route('/', tileSourceRoutes(tiles, [...builtInTileMounts, storedSources]));
  app.route('/', sourceRoutes(tiles, storedSources));
  app.route('/', basemapRoutes(tiles));
  app.route('/', styleRoutes(tiles));
  app.route('/', sourceFilterRoutes(routeDeps));
  app.route('/', sourceExtentRoutes({ ...routeDeps, versions: tiles.versions }));

  if (deps.viewerDir) mountViewer(app, deps.viewerDir);

  app.notFound((c) => {
    const error = new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`);
    return c.json(errorBody(error, c.get('requestId')), 404);
  });
  app.onError(handleError(deps.logger));
  return app;
}
