// The commerce area's routes (billing with plan changes, cards, offers and orders; API plans; exports;
// the store) and its jobs (renewals, exports).
import { Hono } from 'hono';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { apiPlanRoutes } from './api-plans/routes.ts';
import { adminOrderRoutes } from './billing/admin-orders.ts';
import { cardRoutes } from './billing/cards.ts';
import { bulkRoutes } from './bulk/routes.ts';
import { offerRoutes } from './billing/offers.ts';
import { planChangeRoutes } from './billing/plan-change.ts';
import { startRenewalJob } from './billing/renewal-job.ts';
import { billingRoutes } from './billing/routes.ts';
import { startExportJob } from './exports/export-job.ts';
import { exportRoutes } from './exports/routes.ts';
import { cartRoutes } from './store/cart-routes.ts';
import { storeRoutes } from './store/routes.ts';

export function routes(services: Services): Hono {
  const deps = { ...services, gate: services.apiGate, enqueueExport: services.jobs.enqueueExport };
  const app = new Hono();
  app.route('/', billingRoutes(deps));
  app.route('/', planChangeRoutes({ ...deps, onApiAccessChanged: (id) => services.apiGate.forget(id) }));
  app.route('/', cardRoutes(deps));
  app.route('/', offerRoutes(deps));
  app.route('/', adminOrderRoutes(deps));
  app.route('/', apiPlanRoutes(deps));
  app.route('/', exportRoutes(deps));
  app.route('/', cartRoutes(deps));
  app.route('/', storeRoutes(deps));
  app.route('/', bulkRoutes(deps));
  return app;
}

export const jobs: JobDefinition[] = [
  {
    name: 'renewals',
    start: (boss, s) =>
      startRenewalJob(boss, {
        sql: s.sql,
        payments: s.payments,
        config: s.config,
        logger: s.logger,
        forgetGroup: (id) => s.callers.forgetGroup(id),
      }),
  },
  {
    name: 'exports',
    start: (boss, s) =>
      startExportJob(boss, { sql: s.sql, databaseUrl: s.databaseUrl!, dataDir: s.config.DATA_DIR, logger: s.logger }),
  },
];
