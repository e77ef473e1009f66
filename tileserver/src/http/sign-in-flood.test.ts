// Security review 2, N1, against a real server on a port: sixteen connections flooding sign-in from
// one address (X-Forwarded-For from loopback, a trusted proxy, selects it) used to hold the app API's
// four gate slots while they waited for the two scrypt slots, so every .json route answered 503 after
// the 10 s queue wait. Now the sign-ins take the gate only around their queries, are limited per
// address before any hash, and the address past its failure budget costs no hash at all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../testing/child-server.ts';
import { testDb } from '../testing/db.ts';

const sql = testDb(2);
const dataDir = mkdtempSync(join(tmpdir(), 'sign-in-flood-'));
// The server is the product's own entry (main.ts) in a process of its own, as in production: the
// flooding clients' work in this process is not the server's. The defaults of every limit; only the
// lookups of anonymous parcel records are raised, so the probes of a record stay within the day's budget.
let server: ChildServer;
let base: string;
beforeAll(async () => {
  server = await startChildServer(
    { DATA_DIR: dataDir, LOOKUP_LIMIT_ANON: '10000', LOG_LEVEL: 'warn' },
    { role: 'all' },
  );
  base = server.origin;
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const flooder = '203.0.113.201';
const FLOODERS = 16;

/** One connection's loop of sign-ins with made-up emails until `stop`; counts the statuses. */
async function flood(stop: AbortSignal, statuses: Map<number, number>): Promise<void> {
  while (!stop.aborted) {
    const email = `nobody-${Math.random().toString(36).slice(2)}@example.org`;
    try {
      const res = await fetch(`${base}/users/sign_in.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': flooder },
        body: JSON.stringify({ email, password: 'guess-guess-1' }),
        signal: stop,
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    } catch {
      // The stop aborts the request in flight.
    }
  }
}

describe('a sign-in flood from one address (security review 2, N1)', () => {
  it('N1: with 16 sign-in flooders from one address, another client’s search, session.json and a parcel record answer 200 in under 1 s, probe after probe', async () => {
    const [parcel] = await sql<{ path: string }[]>`
      SELECT path FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 1`;
    const probes = ['/search.json?q=main', '/api/v1/session.json', `${parcel!.path}.json`];
    const stop = new AbortController();
    const statuses = new Map<number, number>();
    // The flood runs a bounded time whatever happens: the probes, or 40 s at most.
    const cap = setTimeout(() => stop.abort(), 40_000);
    const flooding = Array.from({ length: FLOODERS }, () => flood(stop.signal, statuses));
    const timings: { path: string; status: number; ms: number }[] = [];
    try {
      // Long enough for the first sign-ins to fill both hash slots and the queue behind them.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (let round = 0; round < 5; round++) {
        for (const path of probes) {
          const started = performance.now();
          const res = await fetch(base + path, { headers: { 'X-Forwarded-For': '198.51.100.77' } });
          await res.arrayBuffer();
          timings.push({ path, status: res.status, ms: Math.round(performance.now() - started) });
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    } finally {
      stop.abort();
      clearTimeout(cap);
      await Promise.all(flooding);
    }
    console.log(
      `N1 flood: sign-in statuses ${JSON.stringify(Object.fromEntries(statuses))}; probes ${JSON.stringify(timings)}`,
    );
    for (const probe of timings) {
      expect(probe.status, `${probe.path}`).toBe(200);
      expect(probe.ms, `${probe.path}`).toBeLessThan(1000);
    }
    // The flood was real: it was answered, and mostly refused before any hash.
    expect(statuses.get(429) ?? 0).toBeGreaterThan(FLOODERS);
    expect(statuses.get(503) ?? 0).toBe(0);
  }, 120_000);
});
