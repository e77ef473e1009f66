import type { AddressInfo } from 'node:net';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createHttpServer } from '../../../http/server.ts';
import { createLogger } from '../../../logger.ts';
import { createServices } from '../../../services.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';

const adminToken = 'metrics-test-admin-token-of-32-chars-or-more';
const sql = testDb(2);
const services = createServices({
  config: loadConfig({ ADMIN_TOKEN: adminToken }),
  sql,
  logger: createLogger('silent'),
});
const app = createApp(services);
// A real server, so cached parcel tiles take the fast path before Hono as in production.
const server = createHttpServer(app, services.tiles);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.close();
  await sql.end();
});

const admin = { Authorization: `Bearer ${adminToken}` };

async function scrape(): Promise<{ text: string; families: MetricFamily[] }> {
  const res = await fetch(`${base}/metrics`, { headers: admin });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, families: parsePrometheusTextFormat(text) };
}

/** The value of one sample of a counter or gauge family, 0 when it has none yet. */
function sample(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  const match = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(match?.value ?? 0);
}

/** A labelled histogram's count, read from the text: the parser folds a histogram's label sets into one. */
function histogramCount(text: string, name: string, family: string): number {
  return Number(new RegExp(`^${name}_count\\{family="${family}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
}

describe('metrics', () => {
  it('serves Prometheus text to the admin token only: requests per family, tile cache, pools, process memory', async () => {
    await app.request('/search.json?q=main');
    await app.request('/api/v1/parcels/14/4955/6059.mvt?token=public');
    await app.request('/api/v1/parcels/14/4955/6059.mvt?token=public');
    expect((await app.request('/metrics')).status).toBe(404);
    expect((await new TestBrowser(app).get('/metrics')).json.error.code).toBe('NOT_FOUND');
    const res = await app.request('/metrics', { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{family="search and records",method="GET",status="200"\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",family="tiles"\} \d+/);
    expect(text).toMatch(/tile_cache_hits_total [1-9]/);
    expect(text).toMatch(/tile_cache_misses_total [1-9]/);
    expect(text).toMatch(/db_pool_max_connections\{pool="app"\} [1-9]/);
    // The GIS gate of security review 2, N2.
    expect(text).toMatch(/db_pool_max_connections\{pool="gis"\} [1-9]/);
    expect(text).toMatch(/db_pool_connections\{pool="tiles",state="free"\} \d+/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });

  it("names every family by Prometheus's conventions: HELP and TYPE, counters in _total, gauges not, units", async () => {
    const { text, families } = await scrape();
    expect(families.length).toBeGreaterThan(20);
    const broken: string[] = [];
    for (const { name, help, type } of families) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) broken.push(`${name}: not snake_case`);
      if (!help || !text.includes(`# HELP ${name} `)) broken.push(`${name}: no HELP`);
      if (!text.includes(`# TYPE ${name} ${type.toLowerCase()}\n`)) broken.push(`${name}: no TYPE`);
      if (type === 'UNTYPED') broken.push(`${name}: untyped`);
      if (type === 'COUNTER' && !name.endsWith('_total')) broken.push(`${name}: a counter without _total`);
      if (type !== 'COUNTER' && name.endsWith('_total')) broken.push(`${name}: a ${type.toLowerCase()} named _total`);
      if (name.endsWith('_info') && type !== 'GAUGE') broken.push(`${name}: an info metric that is not a gauge`);
      // Base units only: seconds and bytes, never milliseconds or kilobytes.
      if (/_(milliseconds|ms|kilobytes|kb|megabytes|mb)(_|$)/.test(name)) broken.push(`${name}: not a base unit`);
      if (type === 'HISTOGRAM' && !/_(seconds|bytes)$/.test(name)) broken.push(`${name}: a histogram without unit`);
    }
    expect(broken).toEqual([]);
    // A pool's size is its own gauge, never a state beside its usage.
    const states = new Set(families.find((f) => f.name === 'db_pool_connections')!.metrics.map((m) => m.labels?.state));
    expect([...states].sort()).toEqual(['free', 'used']);
    const types = Object.fromEntries(families.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      http_requests_total: 'COUNTER',
      http_request_duration_seconds: 'HISTOGRAM',
      tile_cache_hits_total: 'COUNTER',
      tile_cache_misses_total: 'COUNTER',
      tile_cache_bytes: 'GAUGE',
      tile_cache_max_bytes: 'GAUGE',
      tile_cache_entries: 'GAUGE',
      db_pool_connections: 'GAUGE',
      db_pool_max_connections: 'GAUGE',
      db_pool_waiting_requests: 'GAUGE',
      db_pool_refused_requests_total: 'COUNTER',
      job_queue_jobs: 'GAUGE',
      nodejs_version_info: 'GAUGE',
    });
  });

  it('counts a cached tile the fast path answers, before Hono, like every other tile', async () => {
    const { z, x, y } = lonLatToTile(-71.1097, 42.3736, 16);
    const url = `${base}/api/v1/parcels/${z}/${x}/${y}.mvt`;
    const gzip = { 'Accept-Encoding': 'gzip' };
    await (await fetch(url, { headers: gzip })).arrayBuffer();
    const ok = { family: 'tiles', method: 'GET', status: '200' };
    const { families: before, text: beforeText } = await scrape();
    const hit = await fetch(url, { headers: gzip });
    await hit.arrayBuffer();
    expect(hit.status).toBe(200);
    // No request id: the app never saw it.
    expect(hit.headers.get('x-request-id')).toBeNull();
    const revalidated = await fetch(url, { headers: { ...gzip, 'If-None-Match': hit.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    const { families: after, text: afterText } = await scrape();
    expect(sample(after, 'http_requests_total', ok)).toBe(sample(before, 'http_requests_total', ok) + 1);
    const notModified = { ...ok, status: '304' };
    expect(sample(after, 'http_requests_total', notModified)).toBe(
      sample(before, 'http_requests_total', notModified) + 1,
    );
    const latency = 'http_request_duration_seconds';
    expect(histogramCount(afterText, latency, 'tiles')).toBe(histogramCount(beforeText, latency, 'tiles') + 2);
    expect(histogramCount(beforeText, latency, 'tiles')).toBeGreaterThan(0);
    expect(sample(after, 'tile_cache_hits_total')).toBe(sample(before, 'tile_cache_hits_total') + 2);
  });

  it('gives admins the main figures as JSON for the /admin/metrics page, and 404 to others', async () => {
    await app.request('/search.json?q=main');
    const free = await signedInUser(app, sql, 'free');
    expect((await free.browser.get('/admin/metrics.json')).status).toBe(404);
    const signedInAdmin = await signedInUser(app, sql, 'admin');
    const res = await signedInAdmin.browser.get('/admin/metrics.json');
    expect(res.status).toBe(200);
    const search = res.json.families.find((f: { family: string }) => f.family === 'search and records');
    expect(search.requests).toBeGreaterThan(0);
    expect(search.server_errors).toBe(0);
    expect(search.p95_ms).toBeGreaterThan(0);
    expect(res.json.memory.rss_bytes).toBeGreaterThan(10_000_000);
    expect(res.json.pools.app.size).toBeGreaterThan(0);
    expect(res.json.pools.tiles).toEqual({ running: 0, waiting: 0, size: expect.any(Number) });
    expect(res.json.tile_cache).toEqual({
      hits: expect.any(Number),
      misses: expect.any(Number),
      bytes: expect.any(Number),
      entries: expect.any(Number),
    });
  });
});
