// Bounds the requests in flight per pool with bounded queues: past them, 503 JSON with Retry-After at
// once. Which path waits where is the gate table's (route-gates.ts): the app API (search, parcel
// records, places, sources, TileJSON) at the app gate, FeatureServer and the OGC API at a GIS gate of
// their own (N2), tile renders at the renderer's gate (a cache hit passes none), the password routes
// at the app gate around their database work only (N1); /api/health and viewer files pass freely, so a
// liveness probe still answers when the API is saturated.
import type { Context, MiddlewareHandler } from 'hono';
import { clientAddress, RateLimiter } from '../auth/rate-limit.ts';
import type { Config } from '../config.ts';
import { QueryGate } from '../db/query-gate.ts';
import { ApiError } from '../errors.ts';
import { credentialKey } from './rate-limits.ts';
import { routeGateOf } from './route-gates.ts';

export function createAppGate(config: Config): QueryGate {
  return new QueryGate({
    name: 'the app API',
    concurrency: config.APP_POOL_SIZE,
    maxQueue: config.APP_QUEUE_MAX,
    maxWaitMs: config.QUEUE_WAIT_MS,
  });
}

/** FeatureServer and the OGC API: as many at once as the GIS pool has connections. */
export function createGisGate(config: Config): QueryGate {
  return new QueryGate({
    name: 'the GIS API',
    concurrency: config.GIS_POOL_SIZE,
    maxQueue: config.GIS_QUEUE_MAX,
    maxWaitMs: config.QUEUE_WAIT_MS,
  });
}

/** Whether a request to `path` waits at the app gate for its whole run. */
export function takesAppGate(path: string): boolean {
  return routeGateOf(path).gate === 'app';
}

/** Whether a route answers a body error itself (FeatureServer: ArcGIS's error JSON), so readBodyFirst defers it. */
export function answersBodyErrors(path: string): boolean {
  return path.startsWith('/arcgis/');
}

/** Whether a request's body is read before its gate (readBodyFirst), so a slow body holds no slot. */
export function readsBodyBeforeGate(path: string): boolean {
  const { gate } = routeGateOf(path);
  return gate === 'app' || gate === 'gis';
}

export interface Gates {
  app: QueryGate;
  gis: QueryGate;
}

/**
 * The gate of each path (the gate table). A GIS request that ends in a 5xx inside the gate (above all a
 * query cancelled at GIS_STATEMENT_TIMEOUT_MS) spends one of its caller's GIS_SLOW_PER_MINUTE (per address and per credential):
 * a timed-out query is never metered as records, so without this a flood of queries that each burn
 * GIS_STATEMENT_TIMEOUT_MS of database time would cost its caller nothing. Past it, 429 before the gate.
 */
export function routeGate(config: Config, gates: Gates): MiddlewareHandler {
  const slow =
    config.GIS_SLOW_PER_MINUTE > 0
      ? new RateLimiter({ limit: config.GIS_SLOW_PER_MINUTE, windowMs: 60_000, maxKeys: 50_000 })
      : undefined;
  const slowMessage = 'Too many FeatureServer or OGC requests that ran out of time; wait a minute and try again';
  const callerKeys = (c: Context) => {
    const credential = credentialKey(c, config);
    return [...(credential ? [credential] : []), `client:${clientAddress(c)}`];
  };
  return async (c, next) => {
    const { gate } = routeGateOf(c.req.path);
    if (gate === 'app') return gates.app.run(() => next(), c.req.raw.signal);
    if (gate !== 'gis') return next();
    const keys = callerKeys(c);
    if (slow && keys.some((key) => slow.isOver(key))) slow.hit(keys.find((key) => slow.isOver(key))!, slowMessage);
    return gates.gis.run(async () => {
      await next();
      // A 5xx from inside the gate: a statement cancelled at GIS_STATEMENT_TIMEOUT_MS (57014, 503) or a
      // failure. Not the time taken: a big page that formats for seconds is paid for by its records.
      if (slow && c.res.status >= 500)
        for (const key of keys) {
          try {
            slow.hit(key, slowMessage);
          } catch (error) {
            // This answer stands; the next request of this caller is the one refused.
            if (!(error instanceof ApiError)) throw error;
          }
        }
    }, c.req.raw.signal);
  };
}
