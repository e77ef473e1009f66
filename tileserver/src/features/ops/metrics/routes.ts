// GET /metrics (Prometheus text) and GET /admin/metrics.json (the /admin/metrics page's figures), both
// for admins only: the admin token as a Bearer credential (what a Prometheus scraper sends) or an
// admin session. Anyone else gets the 404 that every admin route gives.
import { Hono } from 'hono';
import type { CallerResolver } from '../../../auth/caller.ts';
import { assertMayReadMetrics } from './policy.ts';
import type { AppMetrics } from './metrics.ts';

export function metricsRoutes(deps: { callers: CallerResolver; metrics: AppMetrics }): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    assertMayReadMetrics(await deps.callers.of(c));
    const { body, contentType } = await deps.metrics.text();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
  app.get('/admin/metrics.json', async (c) => {
    assertMayReadMetrics(await deps.callers.of(c));
    c.header('Cache-Control', 'no-store');
    return c.json(await deps.metrics.summary());
  });
  return app;
}
