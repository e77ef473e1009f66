import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';
import { CallerResolver, requestToken } from './caller.ts';

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
    expect(await res.json()).toEqual({ level: 'admin' });
  });
});

describe('checking tokens', () => {
  it('refuses an admin token shorter than 32 characters at start-up, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_TOKEN: 'short-admin' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_TOKEN: 'short-admin' })).toThrow(/ADMIN_TOKEN.*32/);
  });

  it('answers near-misses of the admin token (prefixes, longer, other lengths) with 401', () => {
    const callers = new CallerResolver(loadConfig({ ADMIN_TOKEN: admin }));
    for (const guess of [admin.slice(0, -1), `${admin}x`, 'x', admin.toUpperCase()]) {
      expect(() => callers.resolve(guess, `client-${guess.length}`), guess).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    }
    expect(callers.resolve(admin, 'client').level).toBe('admin');
  });

  it('throttles a client after UNAUTHORIZED_PER_MINUTE unknown tokens, valid ones included, and no one else', () => {
    const callers = new CallerResolver(loadConfig({ ADMIN_TOKEN: admin, UNAUTHORIZED_PER_MINUTE: '5' }));
    for (let i = 0; i < 5; i++) expect(() => callers.resolve(`guess-${i}`, '198.51.100.7')).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    expect(() => callers.resolve('guess-6', '198.51.100.7')).toThrow(expect.objectContaining({ code: 'TOO_MANY_REQUESTS' }));
    // Even the right token gets no answer from a throttled client: guessing learns nothing.
    expect(() => callers.resolve(admin, '198.51.100.7')).toThrow(expect.objectContaining({ code: 'TOO_MANY_REQUESTS' }));
    expect(callers.resolve(admin, '198.51.100.8').level).toBe('admin');
    expect(callers.resolve(undefined, '198.51.100.7').level).toBe('anonymous');
  });

  it('answers the throttled client 429 JSON with Retry-After through HTTP', async () => {
    const throttled = createApp({ config: loadConfig({ ADMIN_TOKEN: admin, UNAUTHORIZED_PER_MINUTE: '3' }), sql, logger: createLogger('silent') });
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
