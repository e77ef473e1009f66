import { describe, expect, it } from 'vitest';
import { flushOutbox, memoryOutbox, type OutboxEntry, type SendResult } from './offline-queue.ts';

const entry = (id: string, at: number): OutboxEntry => ({
  client_id: id,
  survey_id: 1,
  parcel_path: '/us/ma/x/1',
  answers: { a: 'Yes' },
  status: 2,
  photo: null,
  queued_at: at,
});

describe('the surveyor outbox', () => {
  it('keeps answers made offline and sends them once, oldest first, when the connection returns', async () => {
    const store = memoryOutbox();
    await store.put(entry('b', 2));
    await store.put(entry('a', 1));
    const sentToServer: string[] = [];
    let online = false;
    const send = async (e: OutboxEntry): Promise<{ result: SendResult }> => {
      if (!online) return { result: 'offline' };
      sentToServer.push(e.client_id);
      return { result: 'sent' };
    };
    expect(await flushOutbox(store, send)).toMatchObject({ sent: [], waiting: 2 });
    expect(await store.all()).toHaveLength(2);
    online = true;
    expect((await flushOutbox(store, send)).sent).toEqual(['a', 'b']);
    expect(await flushOutbox(store, send)).toMatchObject({ sent: [], waiting: 0 });
    expect(sentToServer).toEqual(['a', 'b']);
  });

  it('stores an entry saved twice under one client id once, and runs one flush at a time', async () => {
    const store = memoryOutbox();
    await store.put(entry('a', 1));
    await store.put(entry('a', 1));
    let calls = 0;
    const send = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 10));
      return { result: 'sent' as const };
    };
    const [first, second] = await Promise.all([flushOutbox(store, send), flushOutbox(store, send)]);
    expect(first).toBe(second);
    expect(calls).toBe(1);
  });

  it('drops an entry the server refuses, with its message', async () => {
    const store = memoryOutbox();
    await store.put(entry('a', 1));
    const report = await flushOutbox(store, async () => ({ result: 'refused', message: 'A photo is required' }));
    expect(report.refused).toEqual([{ client_id: 'a', message: 'A photo is required' }]);
    expect(await store.all()).toEqual([]);
  });
});
