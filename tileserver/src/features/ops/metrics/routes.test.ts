import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';

const adminToken = 'metrics-test-admin-token-of-32-chars-or-more';
const sql = testDb(2);
const app = createApp({ config: loadConfig({ ADMIN_TOKEN: adminToken }), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

describe('metrics', () => {
  it('serves Prometheus text to the admin token only: requests per family, tile cache, pools, process memory', async () => {
    await app.request('/search.json?q=main');
    await app.request('/api/v1/parcels/14/4955/6059.mvt?token=public');
    await app.request('/api/v1/parcels/14/4955/6059.mvt?token=public');
    expect((await app.request('/metrics')).status).toBe(404);
    expect((await new TestBrowser(app).get('/metrics')).json.error.code).toBe('NOT_FOUND');
    const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{family="search and records",method="GET",status="200"\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",family="tiles"\} \d+/);
    expect(text).toMatch(/tile_cache_hits_total [1-9]/);
    expect(text).toMatch(/tile_cache_misses_total [1-9]/);
    expect(text).toMatch(/db_pool_requests\{pool="app",state="size"\} \d+/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });

  it('gives admins the main figures as JSON for the /admin/metrics page, and 404 to others', async () => {
    await app.request('/search.json?q=main');
    const free = await signedInUser(app, sql, 'free');
    expect((await free.browser.get('/admin/metrics.json')).status).toBe(404);
    const admin = await signedInUser(app, sql, 'admin');
    const res = await admin.browser.get('/admin/metrics.json');
    expect(res.status).toBe(200);
    const search = res.json.families.find((f: { family: string }) => f.family === 'search and records');
    expect(search.requests).toBeGreaterThan(0);
    expect(search.server_errors).toBe(0);
    expect(search.p95_ms).toBeGreaterThan(0);
    expect(res.json.memory.rss_bytes).toBeGreaterThan(10_000_000);
    expect(res.json.pools.app.size).toBeGreaterThan(0);
    expect(res.json.tile_cache).toEqual({
      hits: expect.any(Number),
      misses: expect.any(Number),
      bytes: expect.any(Number),
      entries: expect.any(Number),
    });
  });
});
