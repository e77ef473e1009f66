// In-memory tile cache: LRU with a byte budget and an entry cap, tiles stored compressed once at fill
// (tile-encoding.ts), and single-flight rendering so concurrent misses for one tile share one database query. A
// render whose every waiting client has gone away is cancelled.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { compress, decompress, HOT_GZIP_LEVEL, MISS_LEVEL, type TileEncoding } from './tile-encoding.ts';

export interface StoredTile {
  /** Compressed bytes in `encoding`, or null for an empty tile (answered 204). */
  body: Buffer | null;
  encoding: TileEncoding;
  rawBytes: number;
  etag: string;
  /** Compression level: 1 when filled on a miss, 6 (gzip) once recompressed because the tile stayed hot. */
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
  return key.length + ENTRY_OVERHEAD + (tile.body ? tile.body.length + TILE_BODY_OVERHEAD : 0);
}

/**
 * A miss compresses at level 1: on a z14 tile gzip-6 took 12.8 ms against 5.8 for 3% fewer bytes
 * (shared/reference/tile-limits.md), on the core the database renders on. A tile asked for again
 * (HOT_HITS) is recompressed to gzip level 6 off the request path and swapped in; bench/README.md has
 * the measurement.
 */
export const HOT_HITS = 2;

export interface StoreOptions {
  encoding?: TileEncoding;
  level?: number;
  etag?: string;
}

export async function storeTile(
  raw: Buffer | null,
  { encoding = 'gzip', level = MISS_LEVEL, etag }: StoreOptions = {},
): Promise<StoredTile> {
  if (!raw || raw.length === 0) return { body: null, encoding: 'gzip', rawBytes: 0, etag: '"empty"' };
  let compressed = await compress(raw, encoding, level);
  // zlib hands back a view into a 64 KB slab it shares between calls, so a cached 300-byte tile kept
  // about 21 KB alive (measured: 20,000 small tiles held 437 MB of ArrayBuffers). An exact-size,
  // unpooled copy (allocUnsafeSlow; allocUnsafe would share Buffer's pool) frees the slab.
  if (compressed.byteLength !== compressed.buffer.byteLength) {
    const exact = Buffer.allocUnsafeSlow(compressed.length);
    compressed.copy(exact);
    compressed = exact;
  }
  etag ??= `"${createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`;
  return { body: compressed, encoding, rawBytes: raw.length, etag, level };
}

export class TileCache {
  private readonly lru: LRUCache<string, StoredTile> | undefined;
  private readonly flights = new Map<string, Flight>();
  hits = 0;
  recompressed = 0;
  misses = 0;

  constructor(maxBytes: number, options: TileCacheOptions = {}) {
    if (maxBytes > 0) {
      const maxEntries =
        options.maxEntries ?? Math.floor(maxBytes / (ENTRY_OVERHEAD + TILE_BODY_OVERHEAD + SMALL_TILE_BYTES));
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

  /** `encoding`: what a miss is compressed in (the asking client's best, tile-encoding.ts missEncoding). */
  async get(
    key: string,
    render: () => Render,
    signal?: AbortSignal,
    encoding: TileEncoding = 'gzip',
  ): Promise<StoredTile> {
    const cached = this.lru?.get(key);
    if (cached) {
      this.hits++;
      this.noteHit(key, cached);
      return cached;
    }
    this.misses++;
    let flight = this.flights.get(key);
    if (!flight) flight = this.startFlight(key, render, encoding);
    return this.wait(key, flight, signal);
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
    if (!tile.body || (tile.encoding === 'gzip' && (tile.level ?? HOT_GZIP_LEVEL) >= HOT_GZIP_LEVEL)) return;
    tile.hits = (tile.hits ?? 0) + 1;
    if (tile.hits < HOT_HITS) return;
    tile.hits = -Infinity; // claimed: later hits do not start a second recompression
    const job = (async () => {
      const raw = await decompress(tile.body!, tile.encoding);
      const hot = await storeTile(raw, { encoding: 'gzip', level: HOT_GZIP_LEVEL, etag: tile.etag });
      // Swapped in only if the entry is still this tile (not evicted, purged or replaced meanwhile). A
      // zstd tile always becomes gzip-6: every client reads it, and it is about as small.
      if (this.lru?.peek(key) === tile && (tile.encoding === 'zstd' || hot.body!.length < tile.body!.length)) {
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

  private startFlight(key: string, render: () => Render, encoding: TileEncoding): Flight {
    const { result, cancel } = render();
    const flight: Flight = { waiters: 0, cancel, settled: false, promise: Promise.resolve() as never };
    flight.promise = result
      .then((raw) => storeTile(raw, { encoding }))
      .then((tile) => {
        this.lru?.set(key, tile);
        return tile;
      })
      .finally(() => {
        flight.settled = true;
        if (this.flights.get(key) === flight) this.flights.delete(key);
      });
    flight.promise.catch(() => {}); // waiters observe the rejection; this keeps it from being unhandled
    this.flights.set(key, flight);
    return flight;
  }

  private wait(key: string, flight: Flight, signal?: AbortSignal): Promise<StoredTile> {
    flight.waiters++;
    if (!signal) return flight.promise.finally(() => flight.waiters--);
    return new Promise<StoredTile>((resolve, reject) => {
      const onAbort = () => {
        flight.waiters--;
        if (flight.waiters === 0 && !flight.settled) {
          // A cancelled render ends in an error: a client asking for this tile from now on starts a new one.
          if (this.flights.get(key) === flight) this.flights.delete(key);
          flight.cancel();
        }
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
