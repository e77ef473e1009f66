// Bounds the app API's requests in flight (search, parcel records, places, sources, TileJSON) to its
// pool size with a bounded queue: past it, 503 JSON with Retry-After at once. Tile renders have their
// own gate in the renderer (a cache hit passes neither); /api/health and viewer files pass freely, so
// a liveness probe still answers when the API is saturated.
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import { QueryGate } from '../db/query-gate.ts';

export function createAppGate(config: Config): QueryGate {
  return new QueryGate({
    name: 'the app API',
    concurrency: config.APP_POOL_SIZE,
    maxQueue: config.APP_QUEUE_MAX,
    maxWaitMs: config.QUEUE_WAIT_MS,
  });
}

/** Whether a request to `path` waits at the gate (its body is read before, by readBodyFirst). */
export function takesAppGate(path: string): boolean {
  const isApi = path.startsWith('/api/') || path.endsWith('.json');
  return isApi && !path.endsWith('.mvt') && path !== '/api/health';
}

/** `gate` is passed in so that the metrics can read how full it is. */
export function appApiGate(config: Config, gate: QueryGate = createAppGate(config)): MiddlewareHandler {
  return async (c, next) => {
    if (!takesAppGate(c.req.path)) return next();
    return gate.run(() => next(), c.req.raw.signal);
  };
}
