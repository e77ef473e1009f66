import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { testDb } from './testing/db.ts';

const sql = testDb();
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

describe('the API foundation', () => {
  it('answers an unknown route with the one JSON error shape and a request id', async () => {
    const res = await app.request('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/v1/nothing-here', requestId: expect.any(String) },
    });
    expect(res.headers.get('x-request-id')).toBe(body.error.requestId);
  });

  it('answers /api/health publicly with reachability and migration version only (no table sizes)', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: 'ok', database: { reachable: true, migrationVersion: expect.any(Number) } });
    expect(body.database.migrationVersion).toBeGreaterThanOrEqual(1);
  });

  it('adds row counts per data table to /api/health for the admin token', async () => {
    const admin = 'health-admin-token-of-at-least-32-chars';
    const adminApp = createApp({ config: loadConfig({ ADMIN_TOKEN: admin }), sql, logger: createLogger('silent') });
    const res = await adminApp.request('/api/health', { headers: { Authorization: `Bearer ${admin}` } });
    const body = await res.json();
    expect(Object.keys(body.tables)).toEqual([
      'parcels',
      'places',
      'flood_zones',
      'wetlands',
      'census_tracts',
      'census_block_groups',
      'census_blocks',
      'land_cover',
      'open_spaces',
      'buildings',
      'spot_elevations',
      'contours',
    ]);
    expect(body.tables.parcels).toBeGreaterThan(27_000);
  });

  it('reports the database as unavailable with 503 when it cannot be reached', async () => {
    const { createDb } = await import('./db/client.ts');
    const dead = createDb('postgres://nobody:nothing@127.0.0.1:1/none', { max: 1 });
    const deadApp = createApp({ config: loadConfig({}), sql: dead, logger: createLogger('silent') });
    const res = await deadApp.request('/api/health');
    expect(res.status).toBe(503);
    expect((await res.json()).database.reachable).toBe(false);
    await dead.end();
  });
});
