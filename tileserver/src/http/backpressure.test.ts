// Review item 5: heavy tiles used to hold every pooled connection while search, parcel records and
// /api/health queued behind them without bound. Now tiles and the app API have their own pools and
// bounded queues, and past a bound the answer is 503 with Retry-After at once.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { lonLatToTile } from '../testing/tiles.ts';

const url = inject('databaseUrl');
const tileSql = createDb(url, { max: 2 });
const appSql = createDb(url, { max: 1 });
const config = loadConfig({
  DB_POOL_SIZE: '2',
  TILE_QUEUE_MAX: '2',
  TILE_CACHE_MB: '0',
  APP_POOL_SIZE: '1',
  APP_QUEUE_MAX: '2',
});
const app = createApp({ config, sql: appSql, tileSql, logger: createLogger('silent') });
afterAll(async () => {
  await tileSql.end();
  await appSql.end();
});

const timed = async (path: string) => {
  const started = performance.now();
  const res = await app.request(path);
  return {
    status: res.status,
    ms: performance.now() - started,
    retryAfter: res.headers.get('retry-after'),
    code: res.status === 503 ? (await res.json()).error.code : undefined,
  };
};

describe('backpressure on the database pools', () => {
  it('answers tile renders past the queue with 503 and Retry-After at once while every tile connection is busy', async () => {
    const busy = [tileSql`SELECT pg_sleep(1.5)`, tileSql`SELECT pg_sleep(1.5)`];
    const { x, y } = lonLatToTile(-71.1097, 42.3736, 16);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => timed(`/api/v1/parcels/16/${x + i}/${y}.mvt`)),
    );
    await Promise.all(busy);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.code).toBe('UNAVAILABLE');
      expect(answer.retryAfter).toBe('2');
      expect(answer.ms).toBeLessThan(500);
    }
    expect(answers.filter((a) => a.status === 200 || a.status === 204)).toHaveLength(4);
  });

  it('keeps search and /api/health answering while every tile connection is busy', async () => {
    const busy = [tileSql`SELECT pg_sleep(2)`, tileSql`SELECT pg_sleep(2)`];
    const search = await timed('/search.json?q=cambridge');
    const health = await timed('/api/health');
    await Promise.all(busy);
    expect(search.status).toBe(200);
    expect(search.ms).toBeLessThan(1000);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(1000);
  });

  it('answers app API requests past its queue with 503 and Retry-After, and the admitted ones normally', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => timed('/search.json?q=cambridge')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 503, 503, 503, 503, 503]);
    expect(answers.find((a) => a.status === 503)?.retryAfter).toBe('2');
  });
});
