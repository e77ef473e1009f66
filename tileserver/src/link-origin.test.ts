// H3 and Low 4: every link the server writes, and the cookie Secure flag, come from PUBLIC_URL (or the
// loopback default), never from the Host header a client sends.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import * as configModule from './config.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { signedInUser } from './testing/accounts.ts';
import { testDb } from './testing/db.ts';

const sql = testDb(2);
const config = loadConfig({ PUBLIC_URL: 'https://parcels.example.org', PAYMENT_PROVIDER: 'local' });
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const forged = { Host: 'attacker.example', 'X-Forwarded-Host': 'attacker.example' };
const get = async (a: typeof app, path: string, headers: Record<string, string> = forged) => {
  const res = await a.request(
    `http://${headers.Host ?? 'localhost'}${path}`,
    { headers },
    { incoming: { socket: { remoteAddress: '203.0.113.77' } } },
  );
  return { status: res.status, text: await res.text(), headers: res.headers };
};

describe('the origin of links', () => {
  it('H3: TileJSON, the style and OpenAPI requested with a forged Host header carry PUBLIC_URL, or http://localhost:PORT without it', async () => {
    const byDefault = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
    for (const path of ['/api/v1/parcels?format=mvt', '/api/v1/styles/default.json', '/api/v2/openapi.json']) {
      const res = await get(app, path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('https://parcels.example.org');
      expect(res.text, path).not.toContain('attacker.example');
      const plain = await get(byDefault, path);
      expect(plain.text, path).toContain('http://localhost:8080');
      expect(plain.text, path).not.toContain('attacker.example');
    }
  });

  it('H3: a share link requested with a forged Host header carries PUBLIC_URL', async () => {
    const { browser } = await signedInUser(app, sql, 'team');
    const made = await browser.post('/projects.json', {
      name: 'Forged host',
      query: { path: '/us/ma/middlesex/cambridge' },
    });
    const shared = await browser.post(`${made.json.path}/share.json`, {}, forged);
    expect(shared.status).toBe(201);
    expect(shared.json.url).toMatch(/^https:\/\/parcels\.example\.org\/g\//);
    // The default (no PUBLIC_URL): http://localhost:PORT, never the forged host.
    const byDefault = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
    const { browser: other } = await signedInUser(byDefault, sql, 'team');
    const mine = await other.post('/projects.json', {
      name: 'Forged host default',
      query: { path: '/us/ma/middlesex/cambridge' },
    });
    expect((await other.post(`${mine.json.path}/share.json`, {}, forged)).json.url).toMatch(
      /^http:\/\/localhost:8080\/g\//,
    );
  });

  it('H3: without PUBLIC_URL a forged Host gets http://localhost:PORT, and a loopback Host with its port is kept', async () => {
    const local = createApp({ config: loadConfig({ PORT: '8123' }), sql, logger: createLogger('silent') });
    const tileJson = await get(local, '/api/v1/parcels?format=mvt');
    expect(tileJson.text).toContain('http://localhost:8123/api/v1/parcels/');
    expect(tileJson.text).not.toContain('attacker.example');
    const loopback = await get(local, '/api/v1/parcels?format=mvt', { Host: '127.0.0.1:8123' });
    expect(loopback.text).toContain('http://127.0.0.1:8123/api/v1/parcels/');
    expect(configModule.linkOrigin(loadConfig({ PORT: '8123' }), 'localhost:9999')).toBe('http://localhost:9999');
    for (const host of [
      'localhost',
      'localhost.attacker.example:80',
      '127.0.0.1.attacker.example:8123',
      'attacker.example:8123',
    ]) {
      expect(configModule.linkOrigin(loadConfig({ PORT: '8123' }), host), host).toBe('http://localhost:8123');
    }
  });

  it('H3: with ALLOWED_HOSTS set, a request for another Host gets 400 JSON and a listed one is served', async () => {
    const guarded = createApp({
      config: loadConfig({
        PUBLIC_URL: 'https://parcels.example.org',
        ALLOWED_HOSTS: 'tiles.example.org',
        PAYMENT_PROVIDER: 'local',
      }),
      sql,
      logger: createLogger('silent'),
    });
    const refused = await get(guarded, '/api/v1/parcels?format=mvt');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(refused.text).error).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/Host/),
    });
    expect((await get(guarded, '/api/v1/parcels?format=mvt', { Host: 'tiles.example.org' })).status).toBe(200);
    expect((await get(guarded, '/api/v1/parcels?format=mvt', { Host: 'parcels.example.org' })).status).toBe(200);
  });

  it('H3: start-up refuses HOST=0.0.0.0 without PUBLIC_URL, with a message naming both', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/HOST=0\.0\.0\.0.*PUBLIC_URL/);
    expect(
      loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://parcels.example.org', PAYMENT_PROVIDER: 'local' }).HOST,
    ).toBe('0.0.0.0');
    expect(() =>
      loadConfig({ PUBLIC_URL: 'https://parcels.example.org/some/path', PAYMENT_PROVIDER: 'local' }),
    ).toThrow(/PUBLIC_URL/);
  });
});

describe('cookie flags', () => {
  it('Low 4: the session and visitor cookies are Secure when PUBLIC_URL is https, although the request came over plain http', async () => {
    const email = `secure-${process.pid}-${Date.now()}@example.org`;
    const registered = await app.request(
      'http://parcels.example.org/users.json',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ user: { name: 'Sec Ure', email, password: 'secure-pass-1' } }),
      },
      { incoming: { socket: { remoteAddress: '203.0.113.78' } } },
    );
    expect(registered.status).toBe(201);
    const cookies = registered.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('pm_session='))).toMatch(/;\s*Secure/i);
    const [parcel] = await sql<
      { path: string }[]
    >`SELECT path FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 1`;
    const visitor = await app.request(
      `http://parcels.example.org${parcel!.path}.json`,
      {},
      { incoming: { socket: { remoteAddress: '203.0.113.79' } } },
    );
    const visitorCookie = visitor.headers.getSetCookie().find((c) => c.startsWith('pm_visitor='));
    expect(visitorCookie).toMatch(/;\s*Secure/i);
  });

  it('Low 4: a session ends 90 days after sign-in however often it is used', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'free');
    await sql`UPDATE sessions SET created_at = now() - interval '89 days 23 hours', last_seen_at = now() - interval '2 hours' WHERE user_id = ${userId}`;
    expect((await browser.session()).level).toBe('free');
    const [row] = await sql<
      { hours: number }[]
    >`SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM sessions WHERE user_id = ${userId} AND revoked_at IS NULL`;
    expect(Number(row!.hours)).toBeLessThanOrEqual(1);
  });
});
