// Runs a prepared tile statement for z/x/y through the shared tile cache.
import type { Sql } from '../db/client.ts';
import type { StoredTile, TileCache } from './tile-cache.ts';
import type { TileCoords } from './tile-coords.ts';

/** The cache key of one tile of a layer or source (layerKey carries its version). */
export function tileCacheKey(layerKey: string, z: number | string, x: number | string, y: number | string): string {
  return `${layerKey}/${z}/${x}/${y}`;
}

export class TileRenderer {
  constructor(
    private readonly sql: Sql,
    readonly cache: TileCache,
  ) {}

  /** `prepare: false` runs the statement unprepared (sources that are rarely used, see SourceRegistry). */
  tile(cacheKey: string, statement: string, { z, x, y }: TileCoords, signal?: AbortSignal, prepare = true): Promise<StoredTile> {
    return this.cache.get(
      tileCacheKey(cacheKey, z, x, y),
      () => {
        const query = this.sql.unsafe<{ mvt: Buffer | null }[]>(statement, [z, x, y], { prepare });
        return { result: query.then((rows) => rows[0]?.mvt ?? null), cancel: () => void query.cancel() };
      },
      signal,
    );
  }
}
