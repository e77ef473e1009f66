// A database that is restarting, shutting down or unreachable answers 503 with Retry-After (the
// request can succeed again in a moment), never 500: shown with a backend really terminated in the
// middle of a query, and with a pool pointed at a port where nothing listens.
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { ApiError, fromDatabaseError } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';

const control = testDb(2);
afterAll(() => control.end());

const appOn = (sql: ReturnType<typeof createDb>) =>
  createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('Retry-After')).toBe('5');
  expect((await response.json()).error).toMatchObject({
    code: 'UNAVAILABLE',
    message: expect.stringMatching(/try again/),
  });
}

describe('database unavailable', () => {
  it('answers 503 with Retry-After when the backend serving a request is terminated mid-query', async () => {
    const applicationName = `unavailable-${process.pid}`;
    const sql = createDb(inject('databaseUrl'), { max: 1, applicationName });
    try {
      const app = appOn(sql);
      // Hold a lock the search query needs so that it is certainly in flight when its backend goes.
      const holding = control.begin(async (tx) => {
        await tx`LOCK TABLE places IN ACCESS EXCLUSIVE MODE`;
        const pending = app.request('/search.json?q=cambridge');
        for (let i = 0; i < 100; i++) {
          const [waiting] = await control`
            SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${applicationName} AND wait_event_type = 'Lock'`;
          if (waiting!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await control`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${applicationName}`;
        return pending;
      });
      await expectUnavailable(await holding);
      // The pool reconnects by itself: within a few retries requests are answered again, and every
      // answer until then is a 503 too (postgres.js may hand the FATAL message to the next query).
      const statuses: number[] = [];
      while (statuses.at(-1) !== 200 && statuses.length < 5)
        statuses.push((await app.request('/search.json?q=cambridge')).status);
      expect(statuses.at(-1)).toBe(200);
      expect(statuses.slice(0, -1).every((status) => status === 503)).toBe(true);
    } finally {
      await sql.end();
    }
  });

  it('answers 503 with Retry-After when the database refuses connections', async () => {
    const url = new URL(inject('databaseUrl'));
    url.port = '9'; // discard: nothing listens there
    const sql = createDb(url.toString(), { max: 1 });
    try {
      await expectUnavailable(await appOn(sql).request('/search.json?q=cambridge'));
    } finally {
      await sql.end();
    }
  });

  it('maps every restart, shutdown and connection-loss code to 503 and leaves the others alone', () => {
    const unavailable = [
      '53300',
      '57P01',
      '57P02',
      '57P03',
      '08000',
      '08001',
      '08003',
      '08006',
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECT_TIMEOUT',
      'ECONNRESET',
      'ECONNREFUSED',
    ];
    for (const code of unavailable)
      expect(fromDatabaseError(Object.assign(new Error(code), { code }))?.status, code).toBe(503);
    expect(fromDatabaseError(Object.assign(new Error('dup'), { code: '23505' }))).toBeInstanceOf(ApiError);
    expect(fromDatabaseError(Object.assign(new Error('dup'), { code: '23505' }))?.status).toBe(409);
    expect(fromDatabaseError(Object.assign(new Error('syntax'), { code: '42601' }))).toBeUndefined();
  });
});
