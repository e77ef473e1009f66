// A formatting worker of koop-pool.ts: runs FeatureServer's query handler (Esri JSON, GeoJSON, PBF) off
// the main thread, so a 2,000-parcel page never stalls the event loop (security review 2, N2). Loaded by
// Node itself (type stripping), so it imports koop-run.ts only.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type KoopJob, runKoopJob } from './koop-run.ts';

interface Message {
  id: number;
  job: KoopJob;
}

const encoder = new TextEncoder();

// Formatting is batch work: on Linux this thread (its own id, from /proc/thread-self) runs at a lower
// priority than the event loop, so on a busy machine the loop gets the CPU first and health checks,
// tiles and sign-ins stay quick while pages are converted. Elsewhere, or when refused, it runs as is.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
} catch {
  // no /proc, or not permitted: the default priority
}

parentPort!.on('message', ({ id, job }: Message) => {
  try {
    const answer = runKoopJob(job);
    // Bytes, transferred rather than copied, so the main thread receives a large answer at no cost.
    // A Buffer may be a view of a shared slab: copied into a buffer of its own before it is transferred.
    const bytes =
      answer.body === undefined
        ? undefined
        : typeof answer.body === 'string'
          ? encoder.encode(answer.body)
          : new Uint8Array(answer.body);
    parentPort!.postMessage(
      { id, answer: { ...answer, body: bytes } },
      bytes === undefined ? [] : [bytes.buffer as ArrayBuffer],
    );
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown; details?: unknown };
    parentPort!.postMessage({
      id,
      error: {
        code: typeof e?.code === 'number' ? e.code : undefined,
        message: String(e?.message ?? error),
        details: Array.isArray(e?.details) ? e.details.map(String) : undefined,
      },
    });
  }
});
