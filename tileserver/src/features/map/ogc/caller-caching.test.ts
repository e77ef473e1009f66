// Security review 2, N8: an OGC tileset document depends on its caller (who may read the collection,
// which fields it lists), so it must never be kept by a shared cache: private, and varying on the
// caller's Cookie and Authorization. Documents that are the same for everyone stay public.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';

const sql = testDb(3);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cookieOf = (browser: { cookies: Map<string, string> }) =>
  [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('caching of OGC documents that depend on the caller (security review 2, N8)', () => {
  it('N8: the flood and zoning tileset documents are private and vary on Cookie and Authorization; the same for everyone stays public', async () => {
    const pro = await signedInUser(app, sql, 'pro');
    const flood = '/ogc/collections/flood/tiles/WebMercatorQuad?f=json';
    expect((await app.request(flood)).status).toBe(403);
    const forPro = await app.request(flood, { headers: { Cookie: cookieOf(pro.browser) } });
    expect(forPro.status).toBe(200);
    expect(forPro.headers.get('cache-control')).toMatch(/^private\b/);
    expect(forPro.headers.get('cache-control')).not.toMatch(/public/);
    expect(forPro.headers.get('vary')).toMatch(/Cookie/);
    expect(forPro.headers.get('vary')).toMatch(/Authorization/);
    // The zoning document lists type and subtype for Pro only: the anonymous variant is private too.
    const zoning = await app.request('/ogc/collections/zoning/tiles/WebMercatorQuad?f=json');
    expect(zoning.status).toBe(200);
    expect(zoning.headers.get('cache-control')).toMatch(/^private\b/);
    const zoningForPro = await app.request('/ogc/collections/zoning/tiles/WebMercatorQuad?f=json', {
      headers: { Cookie: cookieOf(pro.browser) },
    });
    expect(JSON.stringify(await zoningForPro.json())).toMatch(/zoning_type/);
    expect(JSON.stringify(await zoning.json())).not.toMatch(/zoning_type/);
    // Caller-independent documents are still shared-cacheable.
    for (const path of ['/ogc/conformance?f=json', '/ogc/collections/zoning/tiles?f=json']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=300');
    }
  }, 60_000);
});
