import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';
import { expensiveRoutes } from './rate-limits.ts';

const sql = testDb(2);
const config = loadConfig({
  CARD_TOKENS_PER_MINUTE: '3',
  SEARCH_PER_MINUTE: '3',
  RECORDS_PER_MINUTE: '2',
  INSIGHTS_PER_MINUTE: '2',
  ADMIN_TOKEN: 'a-test-admin-token-of-32-characters-or-more',
});
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const from = (address: string, path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers }, { incoming: { socket: { remoteAddress: address } } });

describe('rate limits of the expensive routes', () => {
  it('answers the search past its per-minute limit with 429, Retry-After and the one error shape', async () => {
    for (let i = 0; i < 3; i++) expect((await from('192.0.2.10', '/search.json?q=main')).status).toBe(200);
    const over = await from('192.0.2.10', '/search.json?q=main');
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await over.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many search requests; wait a minute and try again',
        requestId: expect.any(String),
        details: { retryAfter },
      },
    });
    // Another client is not affected.
    expect((await from('192.0.2.11', '/search.json?q=main')).status).toBe(200);
  });

  it('Low 15: limits the local provider’s anonymous card tokeniser per client address', async () => {
    const card = (address: string) =>
      app.request(
        '/payments/local/payment_methods',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            number: '4242424242424242',
            exp_month: 12,
            exp_year: 2035,
            cvc: '123',
            name: 'Tia Token',
          }),
        },
        { incoming: { socket: { remoteAddress: address } } },
      );
    for (let i = 0; i < 3; i++) expect((await card('192.0.2.40')).status).toBe(201);
    const over = await card('192.0.2.40');
    expect(over.status).toBe(429);
    expect((await over.json()).error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many card requests; wait a minute and try again',
    });
    expect((await card('192.0.2.41')).status).toBe(201);
  });

  it('counts a token across client addresses, so spreading one token over many addresses does not help', async () => {
    const token = { Authorization: `Bearer ${config.ADMIN_TOKEN}` };
    for (let i = 0; i < 3; i++)
      expect((await from(`192.0.2.${20 + i}`, '/search.json?q=main', token)).status).toBe(200);
    expect((await from('192.0.2.30', '/search.json?q=main', token)).status).toBe(429);
    expect((await from('192.0.2.30', '/search.json?q=main')).status).toBe(200);
  });

  it('limits parcel records and point look-ups separately from search', async () => {
    const [parcel] = await sql<{ path: string }[]>`SELECT path FROM parcels WHERE path IS NOT NULL LIMIT 1`;
    const record = `${parcel!.path}.json`;
    expect((await from('192.0.2.40', record)).status).toBe(200);
    expect((await from('192.0.2.40', '/parcels_at_point.json?lat=42.37&lng=-71.11')).status).toBeLessThan(429);
    const over = await from('192.0.2.40', record);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).not.toBeNull();
    expect((await from('192.0.2.40', '/search.json?q=main')).status).toBe(200);
  });

  it('classifies the paths of each expensive family and leaves tiles and accounts alone', () => {
    const family = (path: string) => expensiveRoutes.find((r) => r.pattern.test(path))?.name;
    expect(family('/search.json')).toBe('search');
    expect(family('/us/ma/middlesex/cambridge/123.json')).toBe('records');
    expect(family('/at_point.json')).toBe('records');
    expect(family('/us/ma/middlesex/cambridge/insights.json')).toBe('insights');
    expect(family('/us/ma/ask_chatgpt')).toBe('insights');
    expect(family('/api/v2/parcels/point')).toBe('records');
    expect(family('/g/acme/maps/home/blexts.json')).toBe('exports');
    expect(family('/g/acme/maps/home/exports/check')).toBe('exports');
    expect(family('/us/ma/middlesex/cambridge/exports/start.json')).toBe('exports');
    expect(family('/exports/12/download')).toBeUndefined();
    expect(family('/api/v1/parcels/14/1/1.mvt')).toBeUndefined();
    expect(family('/api/v1/session.json')).toBeUndefined();
    expect(family('/users/sign_in.json')).toBeUndefined();
  });
});
