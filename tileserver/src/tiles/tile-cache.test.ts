import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD, TileAbortedError, TileCache, storeTile, type Render } from './tile-cache.ts';

function deferredRender(bytes: Buffer | null) {
  const state = { calls: 0, cancelled: 0, release: () => {} };
  const render = (): Render => {
    state.calls++;
    const result = new Promise<Buffer | null>((resolve) => {
      state.release = () => resolve(bytes);
    });
    return { result, cancel: () => void state.cancelled++ };
  };
  return { state, render };
}

async function fill(cache: TileCache, key: string, bytes: Buffer | null): Promise<void> {
  await cache.get(key, () => ({ result: Promise.resolve(bytes), cancel: () => {} }));
}

describe('the tile cache', () => {
  it('shares one render between concurrent misses for the same tile', async () => {
    const cache = new TileCache(1024 * 1024);
    const { state, render } = deferredRender(Buffer.from('tile-bytes'));
    const waiting = Array.from({ length: 10 }, () => cache.get('parcels@1/14/1/2', render));
    state.release();
    const tiles = await Promise.all(waiting);
    expect(state.calls).toBe(1);
    expect(new Set(tiles.map((t) => t.etag)).size).toBe(1);
    expect(gunzipSync(tiles[0]!.body!).toString()).toBe('tile-bytes');
  });

  it('stores tiles compressed once and answers later requests from memory', async () => {
    const cache = new TileCache(1024 * 1024);
    const { state, render } = deferredRender(Buffer.alloc(5000, 7));
    const first = cache.get('k', render);
    state.release();
    const stored = await first;
    expect(stored.body!.length).toBeLessThan(200);
    expect(stored.rawBytes).toBe(5000);
    await cache.get('k', render);
    expect(state.calls).toBe(1);
    expect(cache.hits).toBe(1);
  });

  it('marks an empty render as an empty tile', async () => {
    const cache = new TileCache(1024);
    const { state, render } = deferredRender(null);
    const pending = cache.get('empty', render);
    state.release();
    expect((await pending).body).toBeNull();
  });

  it('cancels the render when every waiting client has gone away', async () => {
    const cache = new TileCache(1024 * 1024);
    const { state, render } = deferredRender(Buffer.from('x'));
    const a = new AbortController();
    const b = new AbortController();
    const first = cache.get('slow', render, a.signal);
    const second = cache.get('slow', render, b.signal);
    a.abort();
    expect(state.cancelled).toBe(0);
    b.abort();
    expect(state.cancelled).toBe(1);
    await expect(first).rejects.toBeInstanceOf(TileAbortedError);
    await expect(second).rejects.toBeInstanceOf(TileAbortedError);
  });

  it('keeps within its byte budget by evicting the least recently used tiles', async () => {
    const cache = new TileCache(3000);
    for (let i = 0; i < 20; i++) {
      const { state, render } = deferredRender(Buffer.from(Array.from({ length: 2000 }, (_, j) => (j * 31 + i) % 251)));
      const pending = cache.get(`t${i}`, render);
      state.release();
      await pending;
    }
    expect(cache.bytes).toBeLessThanOrEqual(3000);
  });

  it('does not store anything when the budget is zero', async () => {
    const cache = new TileCache(0);
    const { state, render } = deferredRender(Buffer.from('x'));
    const pending = cache.get('k', render);
    state.release();
    await pending;
    const again = cache.get('k', render);
    state.release();
    await again;
    expect(state.calls).toBe(2);
    expect(cache.enabled).toBe(false);
  });

  it('purges the tiles of one source by key prefix', async () => {
    const cache = new TileCache(1024 * 1024);
    for (const key of ['source:a@1/1/0/0', 'source:a@1/1/1/0', 'source:b@1/1/0/0']) {
      const { state, render } = deferredRender(Buffer.from(key));
      const pending = cache.get(key, render);
      state.release();
      await pending;
    }
    expect(cache.purge('source:a@')).toBe(2);
    expect(cache.purge('source:a@')).toBe(0);
  });

  it('counts each key and a per-entry overhead, so a flood of empty tiles under long keys stays bounded', async () => {
    const cache = new TileCache(1024 * 1024);
    const key = (i: number) => `source:${'s'.repeat(100)}@1/22/${1_000_000 + i}/${2_000_000 + i}`;
    for (let i = 0; i < 100_000; i++) await fill(cache, key(i), null);
    // Counted through the public peek, so the check does not depend on how the cache reports its size.
    const kept = Array.from({ length: 100_000 }, (_, i) => key(i)).filter((k) => cache.peek(k)).length;
    // An empty entry really costs about 300 bytes of heap besides its key (see ENTRY_OVERHEAD).
    expect(kept).toBeLessThanOrEqual(Math.floor((1024 * 1024) / (key(0).length + 256)));
    expect(cache.bytes).toBe(kept * (key(0).length + ENTRY_OVERHEAD));
    expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.entries).toBe(kept);
  });

  it('caps the number of tiles and evicts the least recently used one first when the cap is reached', async () => {
    const cache = new TileCache(1024 * 1024, { maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await fill(cache, key, Buffer.from(key));
    cache.peek('a'); // a is now more recent than b
    await fill(cache, 'd', null);
    expect(['a', 'b', 'c', 'd'].filter((k) => cache.peek(k))).toEqual(['a', 'c', 'd']);
    expect(cache.bytes).toBeLessThan(10_000); // the cap evicted, not the byte budget
  });

  it('derives a default entry cap from the byte budget', () => {
    for (const budget of [1024 * 1024, 512 * 1024 * 1024]) {
      const cap = new TileCache(budget).maxEntries;
      expect(cap).toBeGreaterThan(budget / 10_000); // room for plenty of small tiles ...
      expect(cap).toBeLessThanOrEqual(budget / (ENTRY_OVERHEAD + 256)); // ... but no flood of empty ones
    }
    expect(new TileCache(1024).maxEntries).toBe(1);
  });

  it('stores each gzip body in memory of its own size, not as a view into a shared zlib slab', async () => {
    const tile = await storeTile(Buffer.from('a small tile body '.repeat(20)));
    expect(tile.body!.length).toBeLessThan(100);
    expect(tile.body!.buffer.byteLength).toBe(tile.body!.length);
  });
});

describe('compression levels', () => {
  it('fills a miss at gzip level 1 and recompresses a tile asked for again at level 6, same ETag, smaller bytes', async () => {
    const cache = new TileCache(1024 * 1024);
    const body = Buffer.from(Array.from({ length: 4000 }, (_, i) => `feature ${i % 97} owner ${i % 13};`).join(''));
    const render = (): Render => ({ result: Promise.resolve(body), cancel: () => {} });
    const first = await cache.get('k', render);
    expect(first.level).toBe(1);
    expect(gunzipSync(first.body!).equals(body)).toBe(true);
    await cache.get('k', render);
    await cache.get('k', render);
    await cache.settled();
    const hot = cache.peek('k')!;
    expect(hot.level).toBe(6);
    expect(hot.etag).toBe(first.etag);
    expect(hot.body!.length).toBeLessThan(first.body!.length);
    expect(gunzipSync(hot.body!).equals(body)).toBe(true);
    expect(cache.recompressed).toBe(1);
  });
});

describe('zstd for clients that read it', () => {
  it('compresses a miss as zstd when the asking client reads zstd, and makes it gzip level 6 once it stays hot', async () => {
    const cache = new TileCache(1024 * 1024);
    const body = Buffer.from(Array.from({ length: 4000 }, (_, i) => `feature ${i % 97} owner ${i % 13};`).join(''));
    const render = (): Render => ({ result: Promise.resolve(body), cancel: () => {} });
    const first = await cache.get('k', render, undefined, 'zstd');
    expect(first.encoding).toBe('zstd');
    expect(zstdDecompressSync(first.body!).equals(body)).toBe(true);
    await cache.get('k', render, undefined, 'zstd');
    await cache.get('k', render, undefined, 'gzip');
    await cache.settled();
    const hot = cache.peek('k')!;
    expect(hot.encoding).toBe('gzip');
    expect(hot.level).toBe(6);
    expect(hot.etag).toBe(first.etag);
    expect(gunzipSync(hot.body!).equals(body)).toBe(true);
  });
});
