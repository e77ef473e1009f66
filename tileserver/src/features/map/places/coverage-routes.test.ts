import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createDb } from '../../../db/client.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { coveragePercent } from './coverage-queries.ts';

const sql = testDb(2);
afterAll(() => sql.end());
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });

type Row = [string, string, string, string, number, number];

describe('GET /coverage.json', () => {
  it('answers headers and one row per state and per county with parcels, states first', async () => {
    const response = await app.request('/coverage.json');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { headers: string[]; rows: Row[] };
    expect(body.headers).toEqual(['path', 'kind', 'name', 'headline', 'parcels', 'coverage_percent']);
    const paths = body.rows.map((r) => r[0]);
    expect(paths.indexOf('/us/ma')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('/us/ma/middlesex')).toBe(paths.indexOf('/us/ma') + 1);
    for (const row of body.rows) {
      expect(row[4]).toBeGreaterThan(0);
      expect(row[5]).toBeGreaterThanOrEqual(0);
      expect(row[5]).toBeLessThanOrEqual(100);
    }
  });

  it('counts Middlesex parcels and their share of the county area from ll_gisacre', async () => {
    const body = (await (await app.request('/coverage.json')).json()) as { rows: Row[] };
    const county = body.rows.find((r) => r[0] === '/us/ma/middlesex')!;
    const state = body.rows.find((r) => r[0] === '/us/ma')!;
    const [expected] = await sql<{ parcels: number; acres: number; county_acres: number; state_acres: number }[]>`
      SELECT count(*)::int AS parcels, sum(ll_gisacre)::float8 AS acres,
             (SELECT ST_Area(geom::geography) / 4046.8564224 FROM places WHERE path = '/us/ma/middlesex') AS county_acres,
             (SELECT ST_Area(geom::geography) / 4046.8564224 FROM places WHERE path = '/us/ma') AS state_acres
      FROM parcels WHERE path LIKE '/us/ma/middlesex/%'`;
    expect(county).toEqual([
      '/us/ma/middlesex',
      'county',
      'Middlesex',
      expect.any(String),
      expected!.parcels,
      expect.any(Number),
    ]);
    expect(expected!.parcels).toBeGreaterThan(20000);
    expect(county[5]).toBeCloseTo((100 * expected!.acres) / expected!.county_acres, 1);
    // Cambridge and Somerville are a small part of Middlesex, and a smaller part of Massachusetts.
    expect(county[5]).toBeGreaterThan(0.5);
    expect(county[5]).toBeLessThan(20);
    expect(state[4]).toBe(expected!.parcels);
    expect(state[5]).toBeCloseTo((100 * expected!.acres) / expected!.state_acres, 1);
    expect(state[5]).toBeLessThan(county[5]);
  });

  it('caps the share at 100 when overlapping vintages sum past the area', () => {
    expect(coveragePercent(150, 100)).toBe(100);
    expect(coveragePercent(12.3456, 100)).toBe(12.35);
    expect(coveragePercent(5, 0)).toBe(0);
  });

  it('answers from the table computed at load, even while parcels cannot be read', async () => {
    // An app whose statements give up after 1 s: summing parcels per request would wait on the lock.
    const shortSql = createDb(inject('databaseUrl'), { max: 2, statementTimeoutMs: 1000 });
    const shortApp = createApp({ config: loadConfig({}), sql: shortSql, logger: createLogger('silent') });
    try {
      const status = await sql.begin(async (tx) => {
        await tx`LOCK TABLE parcels IN ACCESS EXCLUSIVE MODE`;
        return (await shortApp.request('/coverage.json')).status;
      });
      expect(status).toBe(200);
    } finally {
      await shortSql.end();
    }
  });

  it('recomputes a table older than the parcels in the background, serving the last good one meanwhile', async () => {
    await sql`UPDATE county_coverage SET computed_at = '2000-01-01'`;
    const fresh = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
    expect((await fresh.request('/coverage.json')).status).toBe(200);
    await expect
      .poll(async () => (await sql`SELECT min(computed_at) > '2000-01-02' AS done FROM county_coverage`)[0]!.done, {
        timeout: 10_000,
      })
      .toBe(true);
  });

  it('runs against a test database with the production statement timeout', async () => {
    const [row] = await sql<{ statement_timeout: string }[]>`SHOW statement_timeout`;
    expect(row!.statement_timeout).toBe(`${loadConfig().TILE_QUERY_TIMEOUT_MS / 1000}s`);
  });

  it('answers 401 for an unknown token', async () => {
    expect((await app.request('/coverage.json?token=nope')).status).toBe(401);
  });
});
