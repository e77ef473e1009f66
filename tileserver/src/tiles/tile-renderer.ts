// Runs a prepared tile statement for z/x/y through the shared tile cache.
import type { Sql } from '../db/client.ts';
import type { QueryGate } from '../db/query-gate.ts';
import type { StoredTile, TileCache } from './tile-cache.ts';
import type { TileCoords } from './tile-coords.ts';
import type { TileEncoding } from './tile-encoding.ts';

export interface TileRequest {
  /** Aborted when the client leaves: the render is cancelled once no client waits for it. */
  signal?: AbortSignal;
  /** What a miss is compressed in (missEncoding of the client's Accept-Encoding). */
  encoding?: TileEncoding;
  prepare?: boolean;
}

/** The cache key of one tile of a layer or source (layerKey carries its version). */
export function tileCacheKey(layerKey: string, z: number | string, x: number | string, y: number | string): string {
  return `${layerKey}/${z}/${x}/${y}`;
}

export class TileRenderer {
  constructor(
    private readonly sql: Sql,
    readonly cache: TileCache,
    /** Bounds renders waiting for the pool; a cache hit never passes through it. */
    readonly gate: QueryGate,
  ) {}

  /** `prepare: false` runs the statement unprepared (sources that are rarely used, see SourceRegistry). */
  tile(
    cacheKey: string,
    statement: string,
    { z, x, y }: TileCoords,
    { signal, encoding, prepare = true }: TileRequest = {},
  ): Promise<StoredTile> {
    return this.cache.get(
      tileCacheKey(cacheKey, z, x, y),
      () => {
        const withdrawn = new AbortController();
        let query: ReturnType<Sql['unsafe']> | undefined;
        const result = this.gate.run(async () => {
          query = this.sql.unsafe<{ mvt: Buffer | null }[]>(statement, [z, x, y], { prepare });
          const rows = (await query) as { mvt: Buffer | null }[];
          return rows[0]?.mvt ?? null;
        }, withdrawn.signal);
        // Every client gone: leave the gate's queue, or cancel the running query in PostgreSQL.
        return { result, cancel: () => (query ? void query.cancel() : withdrawn.abort()) };
      },
      signal,
      encoding,
    );
  }
}
