// GET /users/lookup_limits.json: the caller's daily parcel-record lookups (allowed, remaining, used,
// total, need, metered, initialized). Never cached: it changes with every record opened.
import { Hono } from 'hono';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { LookupMeter } from './service.ts';

export function lookupLimitRoutes(deps: { callers: CallerResolver; lookups: LookupMeter }): Hono {
  const app = new Hono();
  app.get('/users/lookup_limits.json', async (c) => {
    const caller = await deps.callers.of(c);
    return c.json(await deps.lookups.state(c, caller), 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
