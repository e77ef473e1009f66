// In-memory tile cache: LRU with a byte budget and an entry cap, tiles stored gzip-compressed once at
// fill, and single-flight rendering so concurrent misses for one tile share one database query. A
// render whose every waiting client has gone away is cancelled.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export interface StoredTile {
  /** gzip bytes, or null for an empty tile (answered 204). */
  gzip: Buffer | null;
  rawBytes: number;
  etag: string;
  /** gzip level of the bytes: 1 when filled on a miss, 6 once recompressed because the tile stayed hot. */
  level?: number;
  /** Cache hits while at the miss level. */
  hits?: number;
}

export interface Render {
  result: Promise<Buffer | null>;
  cancel: () => void;
}

interface Flight {
  promise: Promise<StoredTile>;
  waiters: number;
  cancel: () => void;
  settled: boolean;
}

export class TileAbortedError extends Error {}

/**
 * Bytes an entry costs besides its key's characters and its gzip bytes: the key string's header (tile
 * keys are template-literal cons strings), the StoredTile object, lru-cache's Map entry and slot arrays
 * (preallocated up to maxEntries), and for a tile with content its Buffer, ArrayBuffer and etag.
 * Measured with Node 24 and lru-cache 11 (heapUsed + arrayBuffers after GC, 100,000 entries under keys
 * like 'parcels@12/22/1000000/2000000'): an empty tile costs 298 bytes, 269 besides its 29-character
 * key; a tile with an 85-byte gzip body costs 684, about 300 more than an empty one besides the body.
 * The old count of 64 bytes per empty tile let a flood of distinct empty z22 tiles hold ~5x the budget.
 */
export const ENTRY_OVERHEAD = 288;
export const TILE_BODY_OVERHEAD = 320;
/** The smallest tiles with content (z19-z22) gzip to about 0.3-1.5 KB (bench/README.md, zoom sizes). */
const SMALL_TILE_BYTES = 1024;

export interface TileCacheOptions {
  /** Most tiles kept, whatever their counted bytes; defaults to the budget over the cost of a small tile. */
  maxEntries?: number;
}

export function entryCost(key: string, tile: StoredTile): number {
  return key.length + ENTRY_OVERHEAD + (tile.gzip ? tile.gzip.length + TILE_BODY_OVERHEAD : 0);
}

/**
 * A miss compresses at level 1: on a z14 tile gzip-6 took 12.8 ms against 5.8 for 3% fewer bytes
 * (shared/reference/tile-limits.md), on the core the database renders on. A tile asked for again
 * (HOT_HITS) is recompressed at level 6 off the request path and swapped in; bench/README.md has the
 * measurement.
 */
export const MISS_GZIP_LEVEL = 1;
export const HOT_GZIP_LEVEL = 6;
export const HOT_HITS = 2;

export async function storeTile(raw: Buffer | null, level = MISS_GZIP_LEVEL, etag?: string): Promise<StoredTile> {
  if (!raw || raw.length === 0) return { gzip: null, rawBytes: 0, etag: '"empty"' };
  let compressed = await gzipAsync(raw, { level });
  // zlib hands back a view into a 64 KB slab it shares between calls, so a cached 300-byte tile kept
  // about 21 KB alive (measured: 20,000 small tiles held 437 MB of ArrayBuffers). An exact-size,
  // unpooled copy (allocUnsafeSlow; allocUnsafe would share Buffer's pool) frees the slab.
  if (compressed.byteLength !== compressed.buffer.byteLength) {
    const exact = Buffer.allocUnsafeSlow(compressed.length);
    compressed.copy(exact);
    compressed = exact;
  }
  etag ??= `"${createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`;
  return { gzip: compressed, rawBytes: raw.length, etag, level };
}

export class TileCache {
  private readonly lru: LRUCache<string, StoredTile> | undefined;
  private readonly flights = new Map<string, Flight>();
  hits = 0;
  recompressed = 0;
  misses = 0;

  constructor(maxBytes: number, options: TileCacheOptions = {}) {
    if (maxBytes > 0) {
      const maxEntries = options.maxEntries ?? Math.floor(maxBytes / (ENTRY_OVERHEAD + TILE_BODY_OVERHEAD + SMALL_TILE_BYTES));
      // Both bounds evict least recently used first: the bytes for big tiles, the count for floods of
      // small or empty ones, whose cost is mostly per entry and only estimated.
      this.lru = new LRUCache<string, StoredTile>({
        max: Math.max(1, maxEntries),
        maxSize: maxBytes,
        sizeCalculation: (tile, key) => entryCost(key, tile),
      });
    }
  }

  get enabled(): boolean {
    return this.lru !== undefined;
  }

  /** Counted bytes of the cached tiles: keys, bodies and the per-entry overhead. */
  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }

  get entries(): number {
    return this.lru?.size ?? 0;
  }

  get maxEntries(): number {
    return this.lru?.max ?? 0;
  }

  async get(key: string, render: () => Render, signal?: AbortSignal): Promise<StoredTile> {
    const cached = this.lru?.get(key);
    if (cached) {
      this.hits++;
      this.noteHit(key, cached);
      return cached;
    }
    this.misses++;
    let flight = this.flights.get(key);
    if (!flight) flight = this.startFlight(key, render);
    return this.wait(flight, signal);
  }

  /** A cached tile without rendering on a miss (the fast path for cache hits). */
  peek(key: string): StoredTile | undefined {
    const cached = this.lru?.get(key);
    if (cached) {
      this.hits++;
      this.noteHit(key, cached);
    }
    return cached;
  }

  /** Resolves when no recompression is under way (tests). */
  async settled(): Promise<void> {
    while (this.recompressing.size) await Promise.all(this.recompressing);
  }

  private readonly recompressing = new Set<Promise<void>>();

  private noteHit(key: string, tile: StoredTile): void {
    if (!tile.gzip || (tile.level ?? HOT_GZIP_LEVEL) >= HOT_GZIP_LEVEL) return;
    tile.hits = (tile.hits ?? 0) + 1;
    if (tile.hits < HOT_HITS) return;
    tile.level = HOT_GZIP_LEVEL; // claimed: later hits do not start a second recompression
    const job = (async () => {
      const raw = await gunzipAsync(tile.gzip!);
      const hot = await storeTile(raw, HOT_GZIP_LEVEL, tile.etag);
      // Swapped in only if the entry is still this tile (not evicted, purged or replaced meanwhile).
      if (this.lru?.peek(key) === tile && hot.gzip!.length < tile.gzip!.length) {
        this.lru.set(key, hot);
        this.recompressed++;
      }
    })()
      .catch(() => {})
      .finally(() => this.recompressing.delete(job));
    this.recompressing.add(job);
  }

  /** Drops every cached tile whose key starts with the prefix (one source, one layer). */
  purge(prefix: string): number {
    if (!this.lru) return 0;
    let removed = 0;
    for (const key of [...this.lru.keys()]) {
      if (key.startsWith(prefix)) {
        this.lru.delete(key);
        removed++;
      }
    }
    return removed;
  }

  private startFlight(key: string, render: () => Render): Flight {
    const { result, cancel } = render();
    const flight: Flight = { waiters: 0, cancel, settled: false, promise: Promise.resolve() as never };
    flight.promise = result
      .then(storeTile)
      .then((tile) => {
        this.lru?.set(key, tile);
        return tile;
      })
      .finally(() => {
        flight.settled = true;
        this.flights.delete(key);
      });
    flight.promise.catch(() => {}); // waiters observe the rejection; this keeps it from being unhandled
    this.flights.set(key, flight);
    return flight;
  }

  private wait(flight: Flight, signal?: AbortSignal): Promise<StoredTile> {
    flight.waiters++;
    if (!signal) return flight.promise.finally(() => flight.waiters--);
    return new Promise<StoredTile>((resolve, reject) => {
      const onAbort = () => {
        flight.waiters--;
        if (flight.waiters === 0 && !flight.settled) flight.cancel();
        reject(new TileAbortedError('client went away'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (tile) => {
          signal.removeEventListener('abort', onAbort);
          flight.waiters--;
          resolve(tile);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          flight.waiters--;
          reject(error);
        },
      );
    });
  }
}
