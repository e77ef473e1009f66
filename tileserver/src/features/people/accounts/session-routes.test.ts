import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';

const sql = testDb(1);
afterAll(() => sql.end());
const app = createApp({
  config: loadConfig({ ADMIN_TOKEN: 'session-admin-token-of-at-least-32-chars' }),
  sql,
  logger: createLogger('silent'),
});

describe('GET /api/v1/session.json', () => {
  it('answers anonymous without a token and for the public token', async () => {
    for (const url of ['/api/v1/session.json', '/api/v1/session.json?token=public']) {
      const response = await app.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toMatchObject({
        level: 'anonymous',
        display_level: 'Anon',
        user: null,
        csrf_token: null,
      });
    }
  });

  it('answers admin for the configured admin token', async () => {
    const response = await app.request('/api/v1/session.json?token=session-admin-token-of-at-least-32-chars');
    expect(await response.json()).toMatchObject({ level: 'admin', has_sitecontrol: true });
  });

  it('answers 401 in the error envelope for an unknown token', async () => {
    const response = await app.request('/api/v1/session.json?token=guess');
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Unknown token', requestId: expect.any(String) });
  });

  it('M11: says test_payments while the local payment provider is in use, and not with the card processor', async () => {
    expect(await (await app.request('/api/v1/session.json')).json()).toMatchObject({ test_payments: true });
    const stripe = createApp({
      config: loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_session',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      }),
      sql,
      logger: createLogger('silent'),
    });
    expect(await (await stripe.request('/api/v1/session.json')).json()).toMatchObject({ test_payments: false });
  });
});
