// Formatted answers of the static layers' queries (zoning, flood, wetlands), shared by every caller who
// reads the same fields (security review 2, N2): the review's anonymous flood repeated one f=pbf zoning
// query, and each repetition cost a PostGIS query and a FeatureServer conversion. Identical queries in
// flight are answered by one computation and the answer is kept for a short while, as tiles are. A query
// varied on purpose still costs its work: that volume is for the route gate and per-minute limits.
// Parcels are never kept: their answers are metered, per plan, and large.
import { LRUCache } from 'lru-cache';

export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

/** Static layers change only by an import; an answer is at most this old. */
export const answerTtlMs = 30_000;
const maxBytes = 64 * 1024 * 1024;

export class AnswerCache {
  private readonly answers = new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    // An answer larger than an eighth of the room is never kept (it would evict everything else).
    maxEntrySize: maxBytes / 8,
    sizeCalculation: (a) => a.body.byteLength + 256,
    ttl: answerTtlMs,
  });
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();

  /** The answer of `key`: kept, being made, or made now by `make` (only 200s are kept). */
  async get(key: string, make: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const kept = this.answers.get(key);
    if (kept) return kept;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const made = make().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, made);
    const answer = await made;
    if (answer.status === 200) this.answers.set(key, answer);
    return answer;
  }
}

/** A cache key of a query's parameters: sorted, so their order in the URL does not matter. */
export const queryKey = (params: Record<string, unknown>): string =>
  JSON.stringify(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export const toResponse = (answer: CachedAnswer): Response =>
  new Response(answer.body as BodyInit, { status: answer.status, headers: new Headers(answer.headers) });

export async function fromResponse(res: Response): Promise<CachedAnswer> {
  return { status: res.status, headers: [...res.headers], body: new Uint8Array(await res.arrayBuffer()) };
}
