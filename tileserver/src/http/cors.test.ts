import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';

const sql = testDb();
const app = createApp({ config: loadConfig(), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const elsewhere = { Origin: 'http://third-party.example' };

const mapRoutes = [
  '/api/v1/parcels?format=mvt&token=public',
  '/api/v1/parcels/16/19820/24236.mvt?token=public',
  '/api/v1/sources?token=public',
  '/api/v1/basemap?token=public',
  '/api/v1/basemap/14/4955/6059.mvt?token=public',
  '/api/v1/zoning?token=public',
  '/api/v1/styles/default.json?token=public',
  '/api/v1/fonts/DejaVu%20Sans%20Book/0-255.pbf',
  '/api/v1/sprites/basemap.json',
];

describe('CORS', () => {
  it.each(mapRoutes)('answers %s to any origin, without credentials', async (path) => {
    const res = await app.request(path, { headers: elsewhere });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('answers the preflight of a cross-origin source creation instead of 404', async () => {
    const res = await app.request('/api/v1/sources', {
      method: 'OPTIONS',
      headers: {
        ...elsewhere,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('creates a source from another origin with a token and no cookie', async () => {
    const res = await app.request('/api/v1/sources?token=public', {
      method: 'POST',
      headers: { ...elsewhere, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: { parcel: true }, fields: ['address'] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends CORS headers on tile errors too, so a client can read them', async () => {
    const res = await app.request('/api/v1/zoning/3/0/0.mvt?token=public', { headers: elsewhere });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('keeps account routes same-origin: no CORS headers and no preflight', async () => {
    const res = await app.request('/api/v1/session.json', { headers: elsewhere });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await app.request('/api/v1/session.json', {
      method: 'OPTIONS',
      headers: { ...elsewhere, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
