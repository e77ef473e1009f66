// What every tile route shares: the renderer (pool + cache), layer versions and URL building.
import type { Context } from 'hono';
import type { CallerResolver, Caller } from '../auth/caller.ts';
import { linkOrigin, type Config } from '../config.ts';
import type { Sql } from '../db/client.ts';
import { QueryGate } from '../db/query-gate.ts';
import type { UsageMeter } from '../metering/usage-meter.ts';
import type { LayerVersions } from './layer-versions.ts';
import { TileCache } from './tile-cache.ts';
import { TileRenderer } from './tile-renderer.ts';

export interface TileContext {
  config: Config;
  sql: Sql;
  renderer: TileRenderer;
  versions: LayerVersions;
  /** Who calls: shared by every route, so the unknown-token throttle sees all of a client's requests. */
  callers: CallerResolver;
  /** API usage counter (tiles per token); the tile routes and the fast path count into it. */
  meter: UsageMeter;
  /** Refuses tiles to API accounts past their sandbox, trial or cap (402/429); built before the context (services.ts). */
  apiGate?: { assert(caller: Caller): Promise<unknown> };
  /**
   * Told of each tile answered before Hono (the fast path), which no middleware sees: the request
   * metrics (features/ops/metrics) set it to count those tiles like every other answer.
   */
  onFastPathAnswer?: (status: number, seconds: number) => void;
}

/** The renderer over `sql`; who calls, the versions, the meter and the API gate are built by services.ts and shared. */
export function createTileContext(
  config: Config,
  sql: Sql,
  shared: { callers: CallerResolver; versions: LayerVersions; meter: UsageMeter; apiGate?: TileContext['apiGate'] },
): TileContext {
  const cache = new TileCache(config.TILE_CACHE_MB * 1024 * 1024);
  const gate = new QueryGate({
    name: 'tiles',
    concurrency: config.DB_POOL_SIZE,
    maxQueue: config.TILE_QUEUE_MAX,
    maxWaitMs: config.QUEUE_WAIT_MS,
  });
  return { config, sql, renderer: new TileRenderer(sql, cache, gate), ...shared };
}

/** The origin of links in answers and mail: config.ts linkOrigin (PUBLIC_URL), never the Host header. */
export function publicOrigin(c: Context, config: Config): string {
  return linkOrigin(config, c.req.header('host'));
}

/** A tile URL template with the caller's token and the data version (which busts HTTP caches). */
export function tileTemplate(origin: string, path: string, token: string, version: number | string): string {
  const query = new URLSearchParams({ token, v: String(version) });
  return `${origin}${path}/{z}/{x}/{y}.mvt?${query.toString()}`;
}
