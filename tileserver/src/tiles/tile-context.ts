// What every tile route shares: the renderer (pool + cache), layer versions and URL building.
import type { Context } from 'hono';
import { CallerResolver, type Caller } from '../auth/caller.ts';
import { linkOrigin, type Config } from '../config.ts';
import { createDb, type Sql } from '../db/client.ts';
import { QueryGate } from '../db/query-gate.ts';
import { UsageMeter } from '../metering/usage-meter.ts';
import { LayerVersions } from './layer-versions.ts';
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
  /** Refuses tiles to API accounts past their sandbox, trial or cap (402/429); set by createApp. */
  apiGate?: { assert(caller: Caller): Promise<unknown> };
}

export function createTileContext(config: Config, sql: Sql): TileContext {
  const cache = new TileCache(config.TILE_CACHE_MB * 1024 * 1024);
  const gate = new QueryGate({ name: 'tiles', concurrency: config.DB_POOL_SIZE, maxQueue: config.TILE_QUEUE_MAX, maxWaitMs: config.QUEUE_WAIT_MS });
  // A tile process on a hot standby cannot write: its counts go to the primary through a pool of their own.
  const meterSql = config.METERING_DATABASE_URL ? createDb(config.METERING_DATABASE_URL, { max: 2, applicationName: 'parcel-map metering' }) : undefined;
  const meter = new UsageMeter(meterSql ?? sql, { enabled: config.METERING === 'on', flushMs: config.METERING_FLUSH_MS, ignoreTokens: [config.ANON_TOKEN], ownsPool: meterSql !== undefined });
  meter.start();
  const versions = new LayerVersions(sql);
  return { config, sql, renderer: new TileRenderer(sql, cache, gate), versions, callers: new CallerResolver(config, sql, versions), meter };
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
