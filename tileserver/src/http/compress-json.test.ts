import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';
import { compressJson } from './compress-json.ts';

const sql = testDb(2);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

/** The body as text, decoded by its Content-Encoding; `sizes` collects the bytes on the wire. */
async function decode(res: Response, sizes: number[] = []): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  sizes.push(bytes.length);
  const coding = res.headers.get('content-encoding');
  if (res.headers.has('content-length')) expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
  if (coding === 'br') return brotliDecompressSync(bytes).toString();
  if (coding === 'gzip') return gunzipSync(bytes).toString();
  return bytes.toString();
}

describe('JSON answers over 1 KB are compressed', () => {
  it('sends the OpenAPI document as brotli, gzip or plain by Accept-Encoding, each decoding to the same JSON', async () => {
    const plain = await app.request('/api/v2/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    const document = JSON.parse(text);
    for (const [accept, coding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0', null],
    ] as const) {
      const res = await app.request('/api/v2/openapi.json', { headers: { 'Accept-Encoding': accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(coding);
      expect(res.headers.get('vary'), accept).toMatch(/Accept-Encoding/i);
      expect(res.headers.get('content-type'), accept).toMatch(/^application\/json/);
      const sizes: number[] = [];
      const body = await decode(res, sizes);
      if (coding) expect(sizes[0], accept).toBeLessThan(text.length / 3);
      expect(JSON.parse(body), accept).toEqual(document);
    }
  });

  it('compresses the layer catalogue and keeps its security headers', async () => {
    const res = await app.request('/api/v1/layers.json', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(JSON.parse(await decode(res))).toBeTruthy();
  });

  it('leaves a small JSON answer as it is', async () => {
    const res = await app.request('/api/nothing-here', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await res.json()).error.code).toBe('NOT_FOUND');
  });

  it('leaves a parcel tile as it was: its own encoding, its own ETag for that encoding and 304', async () => {
    const path = '/api/v1/parcels/14/4955/6059.mvt';
    const gzip = await app.request(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    // The tile route's own validator for its gzip body (weak, per encoding), not one the JSON compression made.
    const etag = gzip.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+-gzip"$/);
    const bytes = gunzipSync(Buffer.from(await gzip.arrayBuffer()));
    const plain = await app.request(path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(bytes)).toBe(true);
    const again = await app.request(path, { headers: { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('what the JSON compression leaves alone', () => {
  const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `parcel ${i}` })) };
  const small = new Hono()
    .use(compressJson())
    .get('/tagged', (c) => c.json(big, 200, { ETag: '"v1"' }))
    .get('/csv', (c) => c.body('id,name\n'.repeat(500), 200, { 'Content-Type': 'text/csv; charset=utf-8' }))
    .get('/download', (c) =>
      c.body(JSON.stringify(big), 200, {
        'Content-Type': 'application/geo+json',
        'Content-Disposition': 'attachment; filename="x.geojson"',
      }),
    )
    .get('/no-transform', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }))
    .get('/events', (c) =>
      streamSSE(c, async (stream) => {
        await stream.writeSSE({ data: 'x'.repeat(2000) });
      }),
    );
  const get = (path: string) => small.request(path, { headers: { 'Accept-Encoding': 'br, gzip' } });

  it('makes a strong ETag weak on a compressed body, which still matches by weak comparison', async () => {
    const res = await get('/tagged');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(JSON.parse(await decode(res))).toEqual(big);
    const plain = await small.request('/tagged');
    expect(plain.headers.get('etag')).toBe('"v1"');
  });

  it('never compresses CSV, a download, a no-transform answer or an event stream', async () => {
    for (const path of ['/csv', '/download', '/no-transform', '/events']) {
      const res = await get(path);
      expect(res.headers.get('content-encoding'), path).toBeNull();
      expect((await res.text()).length, path).toBeGreaterThan(1024);
    }
  });
});
