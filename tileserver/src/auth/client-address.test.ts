import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { testDb } from '../testing/db.ts';
import { uniqueEmail } from '../testing/http-client.ts';
import { resolveClientAddress, trustedProxies } from './client-address.ts';

const sql = testDb(2);
afterAll(() => sql.end());

describe('the client address behind proxies', () => {
  const loopback = trustedProxies('127.0.0.1,::1');

  it('H4: ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', loopback)).toBe('203.0.113.9');
  });

  it('H4: takes the right-most address a trusted proxy did not vouch for', () => {
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1', loopback)).toBe('198.51.100.1');
    // What the client wrote itself stays left of what nginx appended ($proxy_add_x_forwarded_for).
    expect(resolveClientAddress('::ffff:127.0.0.1', '127.0.0.1, 10.9.9.9, 198.51.100.2', loopback)).toBe(
      '198.51.100.2',
    );
    const chain = trustedProxies('127.0.0.1, 10.0.0.0/8');
    expect(resolveClientAddress('127.0.0.1', '198.51.100.3, 10.1.2.3', chain)).toBe('198.51.100.3');
    expect(resolveClientAddress('127.0.0.1', 'garbage, 10.1.2.3', chain)).toBe('10.1.2.3');
    expect(resolveClientAddress('127.0.0.1', undefined, loopback)).toBe('127.0.0.1');
  });

  it('refuses a TRUSTED_PROXIES entry that is no address at start-up, naming the variable', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '127.0.0.1,proxy.example' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('H4: two clients behind a trusted proxy have separate sign-in budgets, and one client cannot escape its budget by writing X-Forwarded-For', async () => {
    const app = createApp({ config: loadConfig({ SIGN_IN_FAILURES_MAX: '2' }), sql, logger: createLogger('silent') });
    const signIn = async (peer: string, forwardedFor?: string) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (forwardedFor) headers['X-Forwarded-For'] = forwardedFor;
      const body = JSON.stringify({ email: uniqueEmail('xff'), password: 'wrong-pass' });
      return (
        await app.request(
          '/users/sign_in.json',
          { method: 'POST', headers, body },
          { incoming: { socket: { remoteAddress: peer } } },
        )
      ).status;
    };
    // Behind the proxy: A spends its budget, B still has its own.
    expect([await signIn('127.0.0.1', '198.51.100.10'), await signIn('127.0.0.1', '198.51.100.10')]).toEqual([
      401, 401,
    ]);
    expect(await signIn('127.0.0.1', '198.51.100.10')).toBe(429);
    expect(await signIn('127.0.0.1', '198.51.100.11')).toBe(401);
    // A client reaching the app directly is keyed by its own address whatever it writes.
    expect([await signIn('100.64.77.77', '192.0.2.1'), await signIn('100.64.77.77', '192.0.2.2')]).toEqual([401, 401]);
    expect(await signIn('100.64.77.77', '192.0.2.3')).toBe(429);
  });
});
