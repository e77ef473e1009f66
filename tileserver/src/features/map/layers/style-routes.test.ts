import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';

const sql = testDb();
const adminToken = 'test-admin-token-of-at-least-32-chars';
const app = createApp({
  config: loadConfig({ ADMIN_TOKEN: adminToken, PUBLIC_URL: 'https://tiles.example.org', PAYMENT_PROVIDER: 'local' }),
  sql,
  logger: createLogger('silent'),
});
afterAll(() => sql.end());

type Style = {
  version: number;
  glyphs: string;
  sprite: string;
  sources: Record<string, { url: string }>;
  layers: { id: string; source?: string }[];
};

/** Every string in the style that looks like a URL. */
function urls(value: unknown): string[] {
  if (typeof value === 'string') return /^[a-z]+:\/\//i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urls);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urls);
  return [];
}

describe('GET /api/v1/styles/default.json', () => {
  it('is a MapLibre style whose sources, glyphs and sprite are all ours, with the caller token', async () => {
    const res = await app.request('/api/v1/styles/default.json?token=public');
    expect(res.status).toBe(200);
    const style = (await res.json()) as Style;
    expect(style.version).toBe(8);
    expect(style.glyphs).toBe('https://tiles.example.org/api/v1/fonts/{fontstack}/{range}.pbf');
    expect(style.sprite).toBe('https://tiles.example.org/api/v1/sprites/basemap');
    expect(Object.keys(style.sources)).toEqual(['basemap', 'zoning', 'parcels']);
    expect(style.sources.parcels!.url).toBe('https://tiles.example.org/api/v1/parcels?format=mvt&token=public');
    const all = urls(style);
    expect(all.length).toBeGreaterThan(4);
    expect(all.every((u) => u.startsWith('https://tiles.example.org/api/v1/'))).toBe(true);
    const ids = style.layers.map((l) => l.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'background',
        'basemap-water',
        'basemap-streets-primary',
        'basemap-street-labels',
        'zoning-fill',
        'parcels-line',
      ]),
    );
    // Every layer draws from a source the style defines.
    for (const layer of style.layers) if (layer.source) expect(style.sources[layer.source]).toBeDefined();
  });

  it('adds the flood and wetland layers for a site-control token', async () => {
    const style = (await (await app.request(`/api/v1/styles/default.json?token=${adminToken}`)).json()) as Style;
    expect(Object.keys(style.sources)).toEqual(['basemap', 'zoning', 'parcels', 'flood', 'wetlands']);
    expect(style.sources.flood!.url).toBe(`https://tiles.example.org/api/v1/static/fema?token=${adminToken}`);
    expect(style.layers.map((l) => l.id)).toEqual(expect.arrayContaining(['flood-fill', 'wetlands-fill']));
  });

  it('is cached for a minute, by shared caches only for anonymous callers, and answers 304 to its ETag or *', async () => {
    const path = '/api/v1/styles/default.json';
    const anonymous = await app.request(path);
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=60');
    expect(anonymous.headers.get('vary')).toBe('Cookie, Authorization, Accept-Encoding');
    const etag = anonymous.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    for (const match of [etag, '*', `"older", ${etag}`]) {
      const again = await app.request(path, { headers: { 'If-None-Match': match } });
      expect(again.status, match).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
    }
    expect((await app.request(path, { headers: { 'If-None-Match': '"older"' } })).status).toBe(200);
    // The site-control style carries the token and more layers: the caller's own.
    const entitled = await app.request(path, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(entitled.status).toBe(200);
    expect(entitled.headers.get('cache-control')).toBe('private, max-age=60');
    expect(entitled.headers.get('etag')).not.toBe(etag);
  });

  it('answers 404 in the one error shape for another style name', async () => {
    const res = await app.request('/api/v1/styles/satellite.json');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('NOT_FOUND');
  });
});
