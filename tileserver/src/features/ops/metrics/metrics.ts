// Prometheus metrics (prom-client): requests and latency per route family, tile cache hits and misses,
// the two pools' gates (running, waiting, refused), the job queue by state, and the process's own
// figures (RSS, heap, event-loop lag). One registry per app; the process figures are registered once.
import type { MiddlewareHandler } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Sql } from '../../../db/client.ts';
import type { QueryGate } from '../../../db/query-gate.ts';
import { expensiveRoutes } from '../../../http/rate-limits.ts';
import type { TileContext } from '../../../tiles/tile-context.ts';
import { familyOfRoute } from './route-families.ts';

const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

export interface MetricSources {
  sql: Sql;
  tiles: TileContext;
  appGate: QueryGate;
  appPoolSize: number;
}

/** Wildcard routes (places, parcel records, insights) are told apart by their path. */
function familyOf(routePath: string, path: string): string {
  if (routePath !== '/*' && routePath !== '*') return familyOfRoute(routePath);
  const expensive = expensiveRoutes.find((r) => r.pattern.test(path))?.name;
  if (expensive === 'records') return 'search and records';
  if (expensive === 'insights') return 'insights';
  return 'places and viewer';
}

export class AppMetrics {
  readonly registry = new Registry();
  readonly started = Date.now();
  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered by the app, per route family, method and status',
    labelNames: ['family', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, per route family (cached tiles on the fast path are not counted here)',
    labelNames: ['family'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(private readonly sources: MetricSources) {
    const { tiles, appGate } = sources;
    const cache = tiles.renderer.cache;
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge('tile_cache_hits_total', 'Tile cache hits since start (fast path included)', () => cache.hits);
    gauge('tile_cache_misses_total', 'Tile cache misses since start (each one a render)', () => cache.misses);
    gauge('tile_cache_bytes', 'Bytes held by the tile cache', () => cache.bytes);
    gauge('tile_cache_entries', 'Tiles held by the tile cache', () => cache.entries);
    const tileGate = tiles.renderer.gate;
    const appPoolSize = sources.appPoolSize;
    const tilePoolSize = tiles.config.DB_POOL_SIZE;
    new Gauge({
      name: 'db_pool_requests',
      help: 'Work on each pool gate: running (holding a connection), waiting, size',
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ pool: 'app', state: 'running' }, appGate.active);
        this.set({ pool: 'app', state: 'waiting' }, appGate.waiting);
        this.set({ pool: 'app', state: 'size' }, appPoolSize);
        this.set({ pool: 'tiles', state: 'running' }, tileGate.active);
        this.set({ pool: 'tiles', state: 'waiting' }, tileGate.waiting);
        this.set({ pool: 'tiles', state: 'size' }, tilePoolSize);
      },
    });
    new Gauge({
      name: 'db_pool_refused_total',
      help: 'Requests answered 503 because a pool gate was full',
      labelNames: ['pool'] as const,
      registers: [this.registry],
      collect() {
        this.set({ pool: 'app' }, appGate.rejected);
        this.set({ pool: 'tiles' }, tileGate.rejected);
      },
    });
    const jobCounts = () => this.jobCounts();
    new Gauge({
      name: 'job_queue_jobs',
      help: 'Jobs in the queue by state (created = waiting, failed = given up)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await jobCounts()) this.set({ state: row.state }, row.count);
      },
    });
  }

  /** Jobs by state; none when the queue's schema does not exist (tile-only processes, tests). */
  async jobCounts(): Promise<{ state: string; count: number }[]> {
    try {
      return await this.sources.sql<{ state: string; count: number }[]>`
        SELECT state::text AS state, count(*)::int AS count FROM pgboss.job GROUP BY state ORDER BY state`;
    } catch {
      return [];
    }
  }

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        // After next(), routePath is the pattern of the handler that answered.
        const family = familyOf(c.req.routePath, c.req.path);
        this.requests.inc({ family, method: c.req.method, status: String(c.res.status) });
        this.latency.observe({ family }, (performance.now() - started) / 1000);
      }
    };
  }

  async text(): Promise<{ body: string; contentType: string }> {
    const merged = Registry.merge([processRegistry, this.registry]);
    return { body: await merged.metrics(), contentType: merged.contentType };
  }

  /** The main figures for the /admin/metrics page. */
  async summary() {
    const requests = (await this.requests.get()).values;
    const latency = (await this.latency.get()).values;
    const families = [...new Set(requests.map((v) => String(v.labels.family)))].sort();
    const memory = process.memoryUsage();
    const cache = this.sources.tiles.renderer.cache;
    const pools = (await (this.registry.getSingleMetric('db_pool_requests') as Gauge).get()).values;
    return {
      uptime_s: Math.round((Date.now() - this.started) / 1000),
      memory: { rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed },
      families: families.map((family) => {
        const mine = requests.filter((v) => v.labels.family === family);
        const buckets = latency.filter(
          (v) => v.labels.family === family && v.metricName === 'http_request_duration_seconds_bucket',
        );
        return {
          family,
          requests: mine.reduce((n, v) => n + v.value, 0),
          client_errors: mine.filter((v) => /^4/.test(String(v.labels.status))).reduce((n, v) => n + v.value, 0),
          server_errors: mine.filter((v) => /^5/.test(String(v.labels.status))).reduce((n, v) => n + v.value, 0),
          p50_ms: quantileMs(buckets, 0.5),
          p95_ms: quantileMs(buckets, 0.95),
        };
      }),
      tile_cache: { hits: cache.hits, misses: cache.misses, bytes: cache.bytes, entries: cache.entries },
      pools: Object.fromEntries(
        ['app', 'tiles'].map((name) => [
          name,
          Object.fromEntries(pools.filter((v) => v.labels.pool === name).map((v) => [String(v.labels.state), v.value])),
        ]),
      ),
      jobs: Object.fromEntries((await this.jobCounts()).map((r) => [r.state, r.count])),
    };
  }
}

/** The upper bound of the bucket holding quantile q (cumulative buckets), in ms; null without data. */
function quantileMs(buckets: { labels: Record<string, string | number>; value: number }[], q: number): number | null {
  const sorted = buckets
    .map((b) => ({ le: b.labels.le === '+Inf' ? Infinity : Number(b.labels.le), count: b.value }))
    .sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (!total) return null;
  const hit = sorted.find((b) => b.count >= q * total)!;
  return hit.le === Infinity ? null : Math.round(hit.le * 1000);
}
