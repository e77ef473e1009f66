import { describe, expect, it } from 'vitest';
import { QueryGate } from './query-gate.ts';

const gate = (maxQueue = 2, maxWaitMs = 10_000) =>
  new QueryGate({ name: 'tests', concurrency: 2, maxQueue, maxWaitMs, retryAfter: 3 });
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the query gate', () => {
  it('runs at most `concurrency` at once and starts a queued one when a slot frees', async () => {
    const g = gate();
    const blockers = [deferred(), deferred(), deferred()];
    const runs = blockers.map((b) => g.run(() => b.promise));
    await Promise.resolve();
    expect([g.active, g.waiting]).toEqual([2, 1]);
    blockers[0]!.resolve();
    await runs[0];
    expect([g.active, g.waiting]).toEqual([2, 0]);
    blockers[1]!.resolve();
    blockers[2]!.resolve();
    await Promise.all(runs);
    expect([g.active, g.waiting]).toEqual([0, 0]);
  });

  it('refuses at once with 503 and Retry-After when the queue is full', async () => {
    const g = gate(1);
    const block = deferred();
    const admitted = [g.run(() => block.promise), g.run(() => block.promise), g.run(() => block.promise)];
    await expect(g.run(async () => 'never')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      status: 503,
      details: { retryAfter: 3 },
    });
    expect(g.rejected).toBe(1);
    block.resolve();
    await Promise.all(admitted);
  });

  it('gives up on a wait longer than maxWaitMs', async () => {
    const g = gate(5, 50);
    const block = deferred();
    const admitted = [g.run(() => block.promise), g.run(() => block.promise)];
    await expect(g.run(async () => 'late')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining('busy (tests)'),
    });
    expect(g.waiting).toBe(0);
    block.resolve();
    await Promise.all(admitted);
  });

  it('lets an aborted waiter leave the queue without taking a slot', async () => {
    const g = gate();
    const block = deferred();
    const admitted = [g.run(() => block.promise), g.run(() => block.promise)];
    const leaving = new AbortController();
    const queued = g.run(async () => 'ran', leaving.signal);
    leaving.abort(new Error('client went away'));
    await expect(queued).rejects.toThrow('client went away');
    expect(g.waiting).toBe(0);
    block.resolve();
    await Promise.all(admitted);
    expect(g.active).toBe(0);
  });

  it('frees the slot when the work throws', async () => {
    const g = gate();
    await expect(g.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(g.active).toBe(0);
  });
});
