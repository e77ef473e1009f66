// The people area's routes: accounts (+ session), lookup limits, groups and the admin pages.
import { Hono } from 'hono';
import type { Services } from '../../services.ts';
import { accountRoutes } from './accounts/routes.ts';
import { sessionRoutes } from './accounts/session-routes.ts';
import { adminContentRoutes } from './admin/content-routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { lookupLimitRoutes } from './lookup-limits/routes.ts';

export function routes(services: Services): Hono {
  const app = new Hono();
  app.route('/', sessionRoutes(services));
  app.route('/', accountRoutes(services));
  app.route('/', lookupLimitRoutes(services));
  app.route('/', groupRoutes(services));
  app.route('/', adminRoutes(services));
  app.route('/', adminContentRoutes(services));
  return app;
}
