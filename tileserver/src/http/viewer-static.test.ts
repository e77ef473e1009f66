import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';

const viewerDir = mkdtempSync(join(tmpdir(), 'viewer-static-'));
mkdirSync(join(viewerDir, 'assets'));
const text = (label: string, size: number) =>
  Array.from({ length: Math.ceil(size / 40) }, (_, i) => `/* ${label} line ${i} of the bundle */\n`).join('');
const files: Record<string, string> = {
  'index.html': `<!doctype html><html><head><title>app</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-def456.js">
<link rel="modulepreload" crossorigin href="/assets/tiny-0a1b2c.js">
<link rel="stylesheet" crossorigin href="/assets/index-789abc.css">
</head><body><div id="root"></div>${'<!-- padding so that the page is worth compressing -->\n'.repeat(30)}</body></html>`,
  'assets/index-abc123.js': text('main', 60_000),
  'assets/react-def456.js': text('react', 8_000),
  'assets/tiny-0a1b2c.js': 'export const tiny = 1;',
  'assets/index-789abc.css': text('style', 5_000),
  'assets/stale-123456.js': text('stale', 4_000),
  'assets/app.js': 'console.log(1)',
  'café.txt': 'accent',
  '%41.txt': 'literal percent',
  'A.txt': 'double-decoded',
};
for (const [name, body] of Object.entries(files)) writeFileSync(join(viewerDir, name), body);
// What the build's precompress step writes: a .br and a .gz beside each text file of 1 KB or more.
for (const [name, body] of Object.entries(files)) {
  if (Buffer.byteLength(body) < 1024) continue;
  writeFileSync(join(viewerDir, `${name}.br`), brotliCompressSync(body));
  writeFileSync(join(viewerDir, `${name}.gz`), gzipSync(body, { level: 9 }));
}
// A copy that is not the file's (left from another build) must never be served for it.
writeFileSync(join(viewerDir, 'assets/stale-123456.js.br'), brotliCompressSync('something else'));

const sql = testDb(1);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent'), viewerDir });
afterAll(async () => {
  await sql.end();
  rmSync(viewerDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(path, { method, headers });

async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
  const coding = res.headers.get('content-encoding');
  if (coding === 'br') return brotliDecompressSync(bytes).toString();
  if (coding === 'gzip') return gunzipSync(bytes).toString();
  expect(coding).toBeNull();
  return bytes.toString();
}

/** `/` and every asset its page loads: script src, modulepreload and stylesheet links. */
async function pageAndAssets(): Promise<string[]> {
  const page = await (await get('/')).text();
  return ['/', ...[...page.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!)];
}

describe('serving the viewer files', () => {
  it('answers a malformed or bare percent-escape with a 400 JSON error, not a 500', async () => {
    for (const path of ['/%25', '/%E0%A4%A', '/%zz.js']) {
      const res = await app.request(path);
      expect(res.status, path).toBeLessThan(500);
      if (res.status === 400) expect((await res.json()).error.code).toBe('BAD_REQUEST');
    }
    expect((await app.request('/%E0%A4%A.js')).status).toBe(400);
  });

  it('decodes the path exactly once', async () => {
    expect(await (await app.request('/%2541.txt')).text()).toBe('literal percent');
    expect(await (await app.request('/caf%C3%A9.txt')).text()).toBe('accent');
  });

  it('serves hashed assets as immutable and app paths as index.html', async () => {
    const asset = await app.request('/assets/app.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    const page = await app.request('/us/ma/middlesex/cambridge/123');
    expect(await page.text()).toContain('<title>app</title>');
  });

  it('never serves a file outside the viewer folder', async () => {
    for (const path of [
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/hosts',
      '/assets/..%2f..%2f..%2fetc%2fhosts',
    ]) {
      const res = await app.request(path);
      expect(await res.text(), path).not.toMatch(/root:|localhost/);
    }
  });
});

describe('compressed viewer files by content negotiation', () => {
  it('sends / and every asset it loads as brotli to a br, gzip client, with an ETag and a 304 on revalidation', async () => {
    const paths = await pageAndAssets();
    expect(paths).toHaveLength(5);
    for (const path of paths) {
      const file = path === '/' ? 'index.html' : path.slice(1);
      const res = await get(path, { 'Accept-Encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      const small = Buffer.byteLength(files[file]!) < 1024;
      expect(res.headers.get('content-encoding'), path).toBe(small ? null : 'br');
      if (!small) expect(res.headers.get('vary'), path).toBe('Accept-Encoding');
      const etag = res.headers.get('etag')!;
      expect(etag, path).toMatch(/^"[\w-]{22}"$/);
      expect(await decoded(res), path).toBe(files[file]);
      const again = await get(path, { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(await again.text(), path).toBe('');
    }
  });

  it('sends gzip to a gzip-only client and the plain file to an identity client, each with its own ETag', async () => {
    const etags = new Set<string>();
    for (const [accept, coding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip, deflate', 'gzip'],
      ['identity', null],
      ['', null],
      [undefined, null],
    ] as const) {
      const res = await get('/assets/index-abc123.js', accept === undefined ? {} : { 'Accept-Encoding': accept });
      expect(res.headers.get('content-encoding'), String(accept)).toBe(coding);
      expect(await decoded(res)).toBe(files['assets/index-abc123.js']);
      etags.add(res.headers.get('etag')!);
      const revalidated = await get('/assets/index-abc123.js', {
        ...(accept === undefined ? {} : { 'Accept-Encoding': accept }),
        'If-None-Match': res.headers.get('etag')!,
      });
      expect(revalidated.status).toBe(304);
    }
    expect(etags.size).toBe(3);
  });

  it('honours q-values: a coding with q=0 is never sent, and the highest q wins', async () => {
    const cases: [string, string | null][] = [
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', null],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
      ['gzip;q=1, br;q=1', 'br'],
      ['*', 'br'],
      ['*;q=0, identity', null],
      ['*;q=0.1, br;q=0', 'gzip'],
      ['identity;q=0, gzip;q=0.2', 'gzip'],
      ['BR;Q=0.9', 'br'],
      ['br;q=2, gzip', 'gzip'],
      // Nothing acceptable is held: the header is disregarded and the plain file sent, not an error.
      ['identity;q=0', null],
      ['*;q=0', null],
    ];
    for (const [accept, coding] of cases) {
      const res = await get('/assets/index-789abc.css', { 'Accept-Encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(coding);
      expect(await decoded(res), accept).toBe(files['assets/index-789abc.css']);
    }
  });

  it('matches If-None-Match by list, by *, weakly, and never across representations', async () => {
    const path = '/assets/react-def456.js';
    const br = (await get(path, { 'Accept-Encoding': 'br' })).headers.get('etag')!;
    const gzip = (await get(path, { 'Accept-Encoding': 'gzip' })).headers.get('etag')!;
    const status = async (inm: string, accept = 'br') =>
      (await get(path, { 'Accept-Encoding': accept, 'If-None-Match': inm })).status;
    expect(await status(`"nothing", ${br}`)).toBe(304);
    expect(await status('*')).toBe(304);
    expect(await status(`W/${br}`)).toBe(304);
    expect(await status(`"a,b", W/${br}`)).toBe(304);
    expect(await status(gzip)).toBe(200);
    expect(await status(br, 'gzip')).toBe(200);
    expect(await status('"nothing"')).toBe(200);
  });

  it('gives index.html no-cache and an ETag, with a 304 on app paths too', async () => {
    const res = await get('/us/ma/middlesex/cambridge', { 'Accept-Encoding': 'gzip, br' });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await decoded(res)).toBe(files['index.html']);
    const etag = res.headers.get('etag')!;
    for (const path of ['/', '/us/ma/middlesex/cambridge/123', '/index.html']) {
      const again = await get(path, { 'Accept-Encoding': 'gzip, br', 'If-None-Match': etag });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    const body = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(head.status).toBe(200);
    for (const name of ['content-encoding', 'content-length', 'etag', 'content-type', 'cache-control'])
      expect(head.headers.get(name), name).toBe(body.headers.get(name));
    expect(await head.text()).toBe('');
  });

  it('never serves a compressed copy that does not decode to its file', async () => {
    const res = await get('/assets/stale-123456.js', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await decoded(res)).toBe(files['assets/stale-123456.js']);
  });

  it('keeps an asset in memory once read, and reads index.html again when a new build replaces it', async () => {
    const before = await (await get('/assets/react-def456.js')).text();
    writeFileSync(join(viewerDir, 'assets/react-def456.js'), 'changed on disk');
    expect(await (await get('/assets/react-def456.js')).text()).toBe(before);
    const page = join(viewerDir, 'index.html');
    const original = readFileSync(page, 'utf8');
    writeFileSync(page, original.replace('<title>app</title>', '<title>new build</title>'));
    rmSync(`${page}.br`);
    rmSync(`${page}.gz`);
    expect(await (await get('/us/ma', { 'Accept-Encoding': 'br' })).text()).toContain('<title>new build</title>');
  });
});
