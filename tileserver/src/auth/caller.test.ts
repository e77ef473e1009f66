import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';
import { requestToken } from './caller.ts';

const admin = 'caller-test-admin-token-0123456789abcdef';
const sql = testDb(1);
const app = () => createApp({ config: loadConfig({ ADMIN_TOKEN: admin }), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

describe('reading the token of a request', () => {
  it('takes the Bearer credential first and the token parameter otherwise', () => {
    expect(requestToken(`Bearer ${admin}`, 'public')).toBe(admin);
    expect(requestToken(`bearer  ${admin} `, undefined)).toBe(admin);
    expect(requestToken(undefined, 'public')).toBe('public');
  });

  it('answers another Authorization scheme or a malformed header with 401', () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', `Bearer ${'x'.repeat(600)}`]) {
      expect(() => requestToken(header, undefined), header).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    }
  });

  it('resolves the admin through Authorization: Bearer, so the token need not travel in URLs', async () => {
    const res = await app().request('/api/v1/session.json', { headers: { Authorization: `Bearer ${admin}` } });
    expect(await res.json()).toMatchObject({ level: 'admin' });
  });
});

describe('checking tokens', () => {
  it('refuses an admin token shorter than 32 characters at start-up, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_TOKEN: 'short-admin' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_TOKEN: 'short-admin' })).toThrow(/ADMIN_TOKEN.*32/);
  });

  const levelOf = async (a: ReturnType<typeof app>, token: string, client: string) => {
    const res = await a.request(
      '/api/v1/session.json',
      { headers: { Authorization: `Bearer ${token}` } },
      { incoming: { socket: { remoteAddress: client } } },
    );
    return res.status === 200 ? (await res.json()).level : res.status;
  };

  it('answers near-misses of the admin token (prefixes, longer, other lengths) with 401', async () => {
    const a = app();
    for (const guess of [admin.slice(0, -1), `${admin}x`, 'x', admin.toUpperCase()])
      expect(await levelOf(a, guess, `near-${guess.length}`), guess).toBe(401);
    expect(await levelOf(a, admin, 'near-admin')).toBe('admin');
  });

  it('H4: after 21 requests a minute with ?token=bogus from one address, a valid token from it is still served and bogus ones get 429', async () => {
    const a = app();
    for (let i = 0; i < 20; i++) expect(await levelOf(a, `bogus-${i}`, '198.51.100.7')).toBe(401);
    expect(await levelOf(a, 'bogus-21', '198.51.100.7')).toBe(429);
    // Behind one proxy or NAT, a stranger's bogus tokens must not lock out a paying customer.
    expect(await levelOf(a, admin, '198.51.100.7')).toBe('admin');
    expect(await levelOf(a, 'bogus-22', '198.51.100.7')).toBe(429);
    expect(await levelOf(a, admin, '198.51.100.8')).toBe('admin');
    const anonymous = await a.request(
      '/api/v1/session.json',
      {},
      { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
    );
    expect((await anonymous.json()).level).toBe('anonymous');
  });

  it('answers the throttled client 429 JSON with Retry-After through HTTP', async () => {
    const throttled = createApp({
      config: loadConfig({ ADMIN_TOKEN: admin, UNAUTHORIZED_PER_MINUTE: '3' }),
      sql,
      logger: createLogger('silent'),
    });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await throttled.request(`/api/v1/session.json?token=wrong-${i}`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await last!.json()).error.code).toBe('TOO_MANY_REQUESTS');
  });
});
