// In-memory tile cache: LRU with a byte budget, tiles stored gzip-compressed once at fill, and
// single-flight rendering so concurrent misses for one tile share one database query. A render whose
// every waiting client has gone away is cancelled.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);

export interface StoredTile {
  /** gzip bytes, or null for an empty tile (answered 204). */
  gzip: Buffer | null;
  rawBytes: number;
  etag: string;
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

const EMPTY_COST = 64;

// gzip-6 costs twice gzip-1 on big tiles for 3% fewer bytes (shared/reference/tile-limits.md);
// small tiles compress fast either way.
function gzipLevel(bytes: number): number {
  return bytes > 96 * 1024 ? 1 : 6;
}

export async function storeTile(raw: Buffer | null): Promise<StoredTile> {
  if (!raw || raw.length === 0) return { gzip: null, rawBytes: 0, etag: '"empty"' };
  const compressed = await gzipAsync(raw, { level: gzipLevel(raw.length) });
  const etag = `"${createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`;
  return { gzip: compressed, rawBytes: raw.length, etag };
}

export class TileCache {
  private readonly lru: LRUCache<string, StoredTile> | undefined;
  private readonly flights = new Map<string, Flight>();
  hits = 0;
  misses = 0;

  constructor(maxBytes: number) {
    if (maxBytes > 0) {
      this.lru = new LRUCache<string, StoredTile>({
        maxSize: maxBytes,
        sizeCalculation: (tile) => (tile.gzip?.length ?? 0) + EMPTY_COST,
      });
    }
  }

  get enabled(): boolean {
    return this.lru !== undefined;
  }

  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }

  async get(key: string, render: () => Render, signal?: AbortSignal): Promise<StoredTile> {
    const cached = this.lru?.get(key);
    if (cached) {
      this.hits++;
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
    if (cached) this.hits++;
    return cached;
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
