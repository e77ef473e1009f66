// Backpressure in front of a connection pool: at most `concurrency` units of work run at once, at most
// `maxQueue` wait, none waits longer than `maxWaitMs`. Beyond either bound the caller gets 503 JSON
// with Retry-After at once, instead of joining postgres.js's unbounded queue and waiting without end
// (16 heavy source tiles used to hold every connection while search and parcel records queued behind).
import { ApiError } from '../errors.ts';

export interface QueryGateOptions {
  /** What waits here, for the error message: "tiles", "the app API". */
  name: string;
  concurrency: number;
  maxQueue: number;
  maxWaitMs: number;
  /** Seconds written into Retry-After. */
  retryAfter?: number;
}

interface Waiter {
  admit: () => void;
}

export class QueryGate {
  private running = 0;
  private readonly queue: Waiter[] = [];
  rejected = 0;

  constructor(private readonly options: QueryGateOptions) {}

  get waiting(): number {
    return this.queue.length;
  }

  get active(): number {
    return this.running;
  }

  /** Runs `work` when a slot is free; a signal that aborts while queued leaves the queue. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.running < this.options.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(this.busy());
    return new Promise<void>((resolve, reject) => {
      const leave = (error: unknown) => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        clearTimeout(timer);
        reject(error);
      };
      const onAbort = () => leave(signal?.reason);
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const timer = setTimeout(() => leave(this.busy()), this.options.maxWaitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private release(): void {
    const next = this.queue.shift();
    // The slot passes straight to the next waiter, so `running` stays as it is.
    if (next) next.admit();
    else this.running--;
  }

  private busy(): ApiError {
    this.rejected++;
    return new ApiError('UNAVAILABLE', `The server is busy (${this.options.name}); try again in a few seconds`, {
      retryAfter: this.options.retryAfter ?? 2,
    });
  }
}
