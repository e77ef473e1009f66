import { describe, expect, it } from 'vitest';
import { storeTile } from './tile-cache.ts';
import { tileAnswer } from './tile-response.ts';

const raw = Buffer.from('a vector tile, repeated '.repeat(200));
const hour = 3600;

describe('a stored tile answered per encoding', () => {
  it('gives the gzip, zstd and identity bodies of one tile three different ETags, weak where compressed', async () => {
    const zstd = await storeTile(raw, { encoding: 'zstd' });
    const asZstd = tileAnswer(zstd, hour, undefined, 'gzip, zstd');
    const asGzip = tileAnswer(zstd, hour, undefined, 'gzip');
    const asIdentity = tileAnswer(zstd, hour, undefined, undefined);
    expect([asZstd, asGzip, asIdentity].map((a) => a.headers['Content-Encoding'])).toEqual(['zstd', 'gzip', undefined]);
    const tags = [asZstd, asGzip, asIdentity].map((a) => a.headers.ETag!);
    expect(new Set(tags).size).toBe(3);
    expect(tags[0]).toMatch(/^W\/"[A-Za-z0-9_-]+-zstd"$/);
    expect(tags[1]).toMatch(/^W\/"[A-Za-z0-9_-]+-gzip"$/);
    expect(tags[2]).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(asIdentity.body!.equals(raw)).toBe(true);
  });

  it('keeps the gzip ETag when the tile is recompressed hot (a weak tag: same tile, other bytes)', async () => {
    const miss = await storeTile(raw, { encoding: 'gzip', level: 1 });
    const hot = await storeTile(raw, { encoding: 'gzip', level: 6, etag: miss.etag });
    const before = tileAnswer(miss, hour, undefined, 'gzip');
    const after = tileAnswer(hot, hour, before.headers.ETag, 'gzip');
    expect(after.status).toBe(304);
    expect(after.headers.ETag).toBe(before.headers.ETag);
  });

  it('answers 304 to the ETag of the encoding it would send, and 200 to the tag of another encoding', async () => {
    const tile = await storeTile(raw, { encoding: 'gzip' });
    const gzipTag = tileAnswer(tile, hour, undefined, 'gzip').headers.ETag!;
    const identityTag = tileAnswer(tile, hour, undefined, undefined).headers.ETag!;
    expect(tileAnswer(tile, hour, gzipTag, 'gzip').status).toBe(304);
    expect(tileAnswer(tile, hour, identityTag, undefined).status).toBe(304);
    const other = tileAnswer(tile, hour, identityTag, 'gzip');
    expect(other.status).toBe(200);
    expect(other.headers['Content-Encoding']).toBe('gzip');
  });

  it('answers 304 when the ETag is one of a list', async () => {
    const tile = await storeTile(raw, { encoding: 'gzip' });
    const tag = tileAnswer(tile, hour, undefined, 'gzip').headers.ETag!;
    const answer = tileAnswer(tile, hour, `"stale", ${tag}, W/"other"`, 'gzip');
    expect(answer.status).toBe(304);
    expect(answer.body).toBeNull();
    expect(answer.headers.ETag).toBe(tag);
    expect(answer.headers['Cache-Control']).toBe('public, max-age=3600');
  });

  it('answers 304 to If-None-Match: * for a tile with content and for an empty tile, which exist', async () => {
    expect(tileAnswer(await storeTile(raw, { encoding: 'zstd' }), hour, '*', 'zstd').status).toBe(304);
    const empty = await storeTile(null);
    expect(tileAnswer(empty, hour, undefined, 'gzip').status).toBe(204);
    expect(tileAnswer(empty, hour, '*', 'gzip').status).toBe(304);
  });
});
