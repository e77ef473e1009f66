// Fixed-window request counters per key (a client address, a token digest), kept in memory with a cap
// on the number of keys, so that a flood of distinct keys cannot grow it without bound. Over the limit
// is a 429 JSON answer with Retry-After (set by the error handler from the error's details).
import { ApiError } from '../errors.ts';

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowMs: number;
  /** Keys tracked at most; the oldest windows are dropped first. */
  maxKeys?: number;
  now?: () => number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: RateLimitOptions) {}

  /** Counts one request for `key`; throws 429 with the seconds to wait when over the limit. */
  hit(key: string, message: string): void {
    const now = (this.options.now ?? Date.now)();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.options.windowMs) {
      this.windows.delete(key);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      this.trim();
    }
    window.count += 1;
    if (window.count > this.options.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + this.options.windowMs - now) / 1000));
      throw new ApiError('TOO_MANY_REQUESTS', message, { retryAfter });
    }
  }

  /** Whether `key` is over its limit in the current window (without counting a request). */
  isOver(key: string): boolean {
    const window = this.windows.get(key);
    const now = (this.options.now ?? Date.now)();
    return !!window && now - window.start < this.options.windowMs && window.count > this.options.limit;
  }

  get size(): number {
    return this.windows.size;
  }

  private trim(): void {
    const max = this.options.maxKeys ?? 100_000;
    // Maps iterate in insertion order and a renewed window is re-inserted, so the first keys are the oldest.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= max) break;
      this.windows.delete(key);
    }
  }
}

// The client address (trusted proxies' X-Forwarded-For) is resolved in client-address.ts.
export { clientAddress } from './client-address.ts';
