import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';

const viewerDir = mkdtempSync(join(tmpdir(), 'viewer-static-'));
mkdirSync(join(viewerDir, 'assets'));
writeFileSync(join(viewerDir, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(join(viewerDir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(viewerDir, 'café.txt'), 'accent');
writeFileSync(join(viewerDir, '%41.txt'), 'literal percent');
writeFileSync(join(viewerDir, 'A.txt'), 'double-decoded');

const sql = testDb(1);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent'), viewerDir });
afterAll(async () => {
  await sql.end();
  rmSync(viewerDir, { recursive: true, force: true });
});

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
