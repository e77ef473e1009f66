import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TileAbortedError, TileCache, type Render } from './tile-cache.ts';

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

describe('the tile cache', () => {
  it('shares one render between concurrent misses for the same tile', async () => {
    const cache = new TileCache(1024 * 1024);
    const { state, render } = deferredRender(Buffer.from('tile-bytes'));
    const waiting = Array.from({ length: 10 }, () => cache.get('parcels@1/14/1/2', render));
    state.release();
    const tiles = await Promise.all(waiting);
    expect(state.calls).toBe(1);
    expect(new Set(tiles.map((t) => t.etag)).size).toBe(1);
    expect(gunzipSync(tiles[0]!.gzip!).toString()).toBe('tile-bytes');
  });

  it('stores tiles compressed once and answers later requests from memory', async () => {
    const cache = new TileCache(1024 * 1024);
    const { state, render } = deferredRender(Buffer.alloc(5000, 7));
    const first = cache.get('k', render);
    state.release();
    const stored = await first;
    expect(stored.gzip!.length).toBeLessThan(200);
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
    expect((await pending).gzip).toBeNull();
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
});
