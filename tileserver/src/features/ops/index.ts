// The ops area's routes (health, metrics, legal texts, admin imports) and its job (imports).
import { Hono } from 'hono';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { healthRoutes } from './health/routes.ts';
import { startImportJob } from './imports/import-job.ts';
import { importRoutes } from './imports/routes.ts';
import { legalRoutes } from './legal/routes.ts';
import { metricsRoutes } from './metrics/routes.ts';

export function routes(services: Services): Hono {
  const app = new Hono();
  app.route('/', healthRoutes(services));
  app.route('/', importRoutes({ ...services, ...services.jobs }));
  app.route('/', metricsRoutes(services));
  app.route('/', legalRoutes(services));
  return app;
}

export const jobs: JobDefinition[] = [
  // Imports left running by a stopped server are queued again (or failed) when it starts.
  {
    name: 'imports',
    start: (boss, s) =>
      startImportJob(boss, { sql: s.sql, databaseUrl: s.databaseUrl!, dataDir: s.config.DATA_DIR, logger: s.logger }),
  },
];
