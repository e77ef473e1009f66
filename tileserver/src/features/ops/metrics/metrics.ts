// Prometheus metrics (prom-client), named by Prometheus's conventions (counters end in _total, gauges do
// not, base units in the name, a limit in its own gauge): requests and latency per route family (tiles
// the fast path answers before Hono included), the tile cache, the two pools' gates (connections used
// and free, the maximum, requests waiting and refused), the job queue by state, and the process's own
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
// prom-client also writes these three gauges under a `_total` name, which Prometheus keeps for counters;
// nodejs_active_handles, _requests and _resources carry the same figures.
for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
  processRegistry.removeSingleMetric(name);

export interface MetricSources {
  sql: Sql;
  tiles: TileContext;
  appGate: QueryGate;
  appPoolSize: number;
  /** FeatureServer's and the OGC API's gate and pool (http/route-gates.ts), when the app has one. */
  gisGate?: QueryGate;
  gisPoolSize?: number;
}

/** The family of the tiles the fast path answers (parcel tiles), as the middleware would name it. */
const fastPathFamily = familyOfRoute('/api/v1/parcels/:z/:x/:y');

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
    help: 'Time to answer, per route family',
    labelNames: ['family'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(private readonly sources: MetricSources) {
    const { tiles, appGate } = sources;
    tiles.onFastPathAnswer = (status, seconds) => {
      this.requests.inc({ family: fastPathFamily, method: 'GET', status: String(status) });
      this.latency.observe({ family: fastPathFamily }, seconds);
    };
    const registers = [this.registry];
    const cache = tiles.renderer.cache;
    // Counts the cache and the gates keep themselves, read at each scrape.
    const counter = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    counter('tile_cache_hits_total', 'Tile cache hits (fast path included)', () => cache.hits);
    counter('tile_cache_misses_total', 'Tile cache misses (each one a render or a wait for one)', () => cache.misses);
    gauge('tile_cache_bytes', 'Bytes held by the tile cache (bodies, keys and per-entry overhead)', () => cache.bytes);
    gauge('tile_cache_max_bytes', 'Byte budget of the tile cache', () => tiles.config.TILE_CACHE_MB * 1024 * 1024);
    gauge('tile_cache_entries', 'Tiles held by the tile cache', () => cache.entries);
    const pools = [
      { pool: 'app', gate: appGate, size: sources.appPoolSize },
      { pool: 'tiles', gate: tiles.renderer.gate, size: tiles.config.DB_POOL_SIZE },
      ...(sources.gisGate ? [{ pool: 'gis', gate: sources.gisGate, size: sources.gisPoolSize ?? 0 }] : []),
    ];
    // Each pool's gate admits as much work as the pool has connections: a unit of work holds one.
    const perPool = (name: string, help: string, read: (p: (typeof pools)[number]) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers,
        collect() {
          for (const p of pools) this.set({ pool: p.pool }, read(p));
        },
      });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of each pool by state: used (held by a query) or free (the pool may still hand it out)',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        for (const { pool, gate, size } of pools) {
          this.set({ pool, state: 'used' }, gate.active);
          this.set({ pool, state: 'free' }, Math.max(0, size - gate.active));
        }
      },
    });
    perPool('db_pool_max_connections', 'Connections each pool may open', (p) => p.size);
    perPool('db_pool_waiting_requests', 'Requests waiting at each pool gate for a connection', (p) => p.gate.waiting);
    new Counter({
      name: 'db_pool_refused_requests_total',
      help: 'Requests answered 503 because a pool gate was full',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        this.reset();
        for (const { pool, gate } of pools) this.inc({ pool }, gate.rejected);
      },
    });
    const jobCounts = () => this.jobCounts();
    new Gauge({
      name: 'job_queue_jobs',
      help: 'Jobs in the queue by state (created = waiting, failed = given up)',
      labelNames: ['state'] as const,
      registers,
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
    const { appGate, appPoolSize, tiles } = this.sources;
    const cache = tiles.renderer.cache;
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
      pools: {
        app: { running: appGate.active, waiting: appGate.waiting, size: appPoolSize },
        tiles: {
          running: tiles.renderer.gate.active,
          waiting: tiles.renderer.gate.waiting,
          size: tiles.config.DB_POOL_SIZE,
        },
      },
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
