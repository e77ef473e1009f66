// The built viewer over real HTTP: the page and every asset it loads come compressed with the copies the
// build wrote (brotli to a br client, gzip to a gzip-only one), each with its own ETag and a 304 when
// revalidated. No browser: a plain HTTP client sees the bytes on the wire, which a browser's fetch hides.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server.ts';

const dist = resolve(import.meta.dirname, '../dist');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    request(`${server.origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

function decoded(answer: Answer): Buffer {
  const coding = answer.headers['content-encoding'];
  return coding === 'br'
    ? brotliDecompressSync(answer.body)
    : coding === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body;
}

/** `/` and what index.html loads: its module script, modulepreloads and stylesheets. */
/** The page, what it references (entry, preloads), and the stylesheets, which the app entry loads once the
 * first parcels are drawn rather than index.html. */
function pageAndAssets(): string[] {
  const page = readFileSync(join(dist, 'index.html'), 'utf8');
  const assets = [...page.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  const stylesheets = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.css'))
    .map((name) => `/assets/${name}`);
  return ['/', ...new Set([...assets, ...stylesheets])];
}

const fileOf = (path: string) => join(dist, path === '/' ? 'index.html' : path);

describe('the built viewer, compressed', () => {
  it('sends / and every asset it loads as brotli with an ETag, and a 304 on revalidation', async () => {
    const paths = pageAndAssets();
    expect(paths.length).toBeGreaterThan(3);
    expect(paths.some((p) => p.endsWith('.css'))).toBe(true);
    for (const path of paths) {
      const file = readFileSync(fileOf(path));
      const res = await get(path, { 'Accept-Encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      // The build writes copies for every text file of 1 KB or more; smaller ones go as they are.
      const compressed = existsSync(`${fileOf(path)}.br`);
      expect(compressed, path).toBe(file.length >= 1024);
      expect(res.headers['content-encoding'], path).toBe(compressed ? 'br' : undefined);
      expect(Number(res.headers['content-length']), path).toBe(res.body.length);
      expect(decoded(res).equals(file), path).toBe(true);
      expect(res.headers['cache-control'], path).toBe(
        path === '/' ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
      const etag = res.headers.etag as string;
      expect(etag, path).toMatch(/^"[^"]+"$/);
      const again = await get(path, { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag });
      expect(again.status, path).toBe(304);
      expect(again.body.length, path).toBe(0);
    }
  });

  it('sends gzip to a gzip-only client, the plain file to an identity client, and honours q=0', async () => {
    for (const path of pageAndAssets().filter((p) => existsSync(`${fileOf(p)}.br`))) {
      const file = readFileSync(fileOf(path));
      const etags = new Set<string>();
      for (const [accept, coding] of [
        ['gzip', 'gzip'],
        ['identity', undefined],
        ['br;q=0, gzip', 'gzip'],
        ['br;q=0, gzip;q=0', undefined],
        ['br, gzip', 'br'],
      ] as const) {
        const res = await get(path, { 'Accept-Encoding': accept });
        expect(res.headers['content-encoding'], `${path} ${accept}`).toBe(coding);
        expect(res.headers.vary, `${path} ${accept}`).toBe('Accept-Encoding');
        expect(decoded(res).equals(file), `${path} ${accept}`).toBe(true);
        etags.add(res.headers.etag as string);
        const again = await get(path, { 'Accept-Encoding': accept, 'If-None-Match': res.headers.etag as string });
        expect(again.status, `${path} ${accept}`).toBe(304);
      }
      expect(etags.size, path).toBe(3);
    }
  });

  it('compresses a JSON answer over 1 KB on the wire', async () => {
    const res = await get('/api/v1/layers.json', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(res).toString())).toBeTruthy();
  });
});
