import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { routeTable } from '../reliability/route-table.ts';
import { testDb } from '../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../testing/http-client.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const viewerDir = mkdtempSync(join(tmpdir(), 'viewer-'));
writeFileSync(
  join(viewerDir, 'index.html'),
  '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
);
const config = loadConfig({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'headers-')),
  BASEMAP_SATELLITE_URL: 'https://tiles.example.com/sat/{z}/{x}/{y}.jpg',
});
const sql = testDb(2);
const app = createApp({ config, sql, logger: createLogger('silent'), viewerDir });
afterAll(() => sql.end());

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it('gives the viewer page a policy with no inline or eval script, no framing, nosniff and a referrer policy', async () => {
    const res = await app.request('/us/ma/middlesex');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('lets the map fetch the configured third-party raster tiles and run its blob workers', () => {
    const csp = contentSecurityPolicy(config);
    expect(directive(csp, 'connect-src')).toContain('https://tiles.example.com');
    expect(directive(csp, 'img-src')).toContain('https://tiles.example.com');
    expect(directive(csp, 'worker-src')).toContain('blob:');
  });

  it('marks JSON answers and errors nosniff, without a page policy', async () => {
    for (const path of ['/api/v1/session.json', '/no/such/route.json']) {
      const res = await app.request(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy')).toBeNull();
    }
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, so scripts cannot read it and cross-site posts do not carry it', async () => {
    const browser = new TestBrowser(app);
    const res = await app.request(
      '/users.json',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          user: { name: 'Cookie Tester', email: uniqueEmail('cookie'), password: 'secret-pass-1' },
        }),
      },
      { incoming: { socket: { remoteAddress: browser.address } } },
    );
    expect(res.status).toBe(201);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    }
  });
});

/**
 * CORS is for what third-party map clients load with a token (tiles, TileJSON and their styles, fonts,
 * sprites and the sources API); every other route of the table, account routes above all, answers
 * another origin without CORS headers, and no route ever allows credentials.
 */
// The map layers' TileJSON and tiles (/api/v1/layers/:id), not their catalogue (/api/v1/layers.json).
const corsAllowed = /^\/api\/v1\/((parcels|static|sources|basemap|zoning|styles|fonts|sprites)(\/|$)|layers\/)/;

describe('CORS on the route table', () => {
  const routes = routeTable(app);
  it.each(routes.map((r) => [r.method, r.path] as const))(
    '%s %s answers other origins only when it is a map resource',
    async (method, pattern) => {
      const path = pattern
        .replace(
          /:(\w+)(\{[^}]*\})?/g,
          (_m, name: string, regex?: string) =>
            (name === 'id' || /^[xyz]$/.test(name) ? '1' : 'x') + (regex?.includes('json') ? '.json' : ''),
        )
        .replace('*', 'x');
      const preflight = await app.request(path, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': method },
      });
      const allowOrigin = preflight.headers.get('access-control-allow-origin');
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      if (corsAllowed.test(pattern)) expect(allowOrigin).toBe('*');
      else expect(allowOrigin).toBeNull();
    },
  );
});
