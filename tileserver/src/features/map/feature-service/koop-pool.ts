// The formatting workers of the feature service (security review 2, N2): FeatureServer's conversion of a
// page to Esri JSON or PBF is synchronous and took 5.2 s for 2,000 parcels, all of it on the event loop,
// stalling every route of the process (health and cached tiles included). Each query answer is formatted
// by one of a few worker threads instead; the main thread only hands over the page as PostgreSQL wrote it
// (one JSON text) and receives bytes. The queue is bounded: past it a query is refused at once (503 with
// Retry-After) rather than piling up memory behind the workers.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../../../errors.ts';
import type { KoopAnswer, KoopJob } from './koop-run.ts';

/** Workers: at most 2, one less than the cores, so the main thread keeps a core to itself where there is one. */
export const koopWorkers = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Jobs waiting for a worker beyond those running; one more is answered 503. */
export const koopQueueLimit = 64;

interface Pending {
  job: KoopJob;
  resolve: (answer: KoopAnswer) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | undefined;
}

/** FeatureServer's own refusal (a 400 with details), as the worker reported it. */
export class KoopError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
    readonly details: string[] | undefined,
  ) {
    super(message);
    this.name = 'KoopError';
  }
}

type WorkerMessage =
  | { id: number; answer: KoopAnswer }
  | { id: number; error: { code?: number; message: string; details?: string[] } };

export class KoopPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(
    private readonly size = koopWorkers,
    private readonly queueLimit = koopQueueLimit,
  ) {}

  /** Runs a job on a worker; 503 when the queue is full. */
  run(job: KoopJob): Promise<KoopAnswer> {
    if (this.queue.length >= this.queueLimit)
      return Promise.reject(
        new ApiError('UNAVAILABLE', 'The server is busy (feature formatting); try again shortly', { retryAfter: 2 }),
      );
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /** Jobs queued and running (for tests and metrics). */
  get load(): { queued: number; running: number } {
    return { queued: this.queue.length, running: this.slots.filter((s) => s.busy).length };
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.busy = pending;
      const id = this.nextId++;
      slot.worker.ref();
      slot.worker.postMessage({ id, job: pending.job });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./koop-worker.ts', import.meta.url));
    const slot: Slot = { worker, busy: undefined };
    // An idle worker never keeps the process alive (tests, a server shutting down).
    worker.unref();
    worker.on('message', (message: WorkerMessage) => {
      const pending = slot.busy;
      slot.busy = undefined;
      worker.unref();
      if (pending) {
        if ('answer' in message) pending.resolve(message.answer);
        else pending.reject(new KoopError(message.error.code, message.error.message, message.error.details));
      }
      this.dispatch();
    });
    // A worker that dies (out of memory, a bug in the library) fails its job and is replaced on demand.
    const lost = (error: unknown) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      slot.busy?.reject(error instanceof Error ? error : new Error(`feature formatting worker exited: ${error}`));
      slot.busy = undefined;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(code));
    this.slots.push(slot);
    return slot;
  }

  /** Ends the workers (a server's shutdown). */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

/** The process's pool: created on the first query, its workers on demand. */
let shared: KoopPool | undefined;
export const koopPool = (): KoopPool => (shared ??= new KoopPool());
