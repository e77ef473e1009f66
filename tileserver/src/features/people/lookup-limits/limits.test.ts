import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { secondsToUtcMidnight } from './queries.ts';

const admin = 'lookup-admin-token-0123456789abcdefghij';
const sql = testDb(4);
const appWith = (env: Record<string, string>) =>
  createApp({ config: loadConfig({ ADMIN_TOKEN: admin, ...env }), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

let paths: string[] = [];
beforeAll(async () => {
  paths = (
    await sql<
      { path: string }[]
    >`SELECT path FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 30`
  ).map((r) => r.path);
});

let addresses = 0;
/** A visitor: an address of its own (unless given) and the cookies the server sets. */
function visitor(app: ReturnType<typeof appWith>, address = `192.0.2.${++addresses}`) {
  let cookies: Record<string, string> = {};
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (Object.keys(cookies).length)
      headers.set(
        'Cookie',
        Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      );
    const res = await app.request(path, { ...init, headers }, { incoming: { socket: { remoteAddress: address } } });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, value] = pair!.split('=');
      cookies[name!] = value!;
    }
    return res;
  };
  return { request, clearCookies: () => (cookies = {}), address };
}

describe('daily parcel lookups', () => {
  it('lets an anonymous visitor open LOOKUP_LIMIT_ANON records, then answers 429 with the limits and the way up', async () => {
    const app = appWith({ LOOKUP_LIMIT_ANON: '3' });
    const v = visitor(app);
    for (const path of paths.slice(0, 3)) expect((await v.request(`${path}.json`)).status).toBe(200);
    const refused = await v.request(`${paths[3]}.json`);
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.error.message).toBe('Property Lookup Daily Limit Reached');
    expect(body.error.details.lookup_limits).toMatchObject({
      allowed: false,
      remaining: 0,
      used: 3,
      total: 3,
      need: 'sign_up',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(secondsToUtcMidnight());
    expect(await (await v.request('/users/lookup_limits.json')).json()).toEqual({
      allowed: false,
      remaining: 0,
      used: 3,
      total: 3,
      need: 'sign_up',
      metered: true,
      initialized: true,
    });
  });

  it('keeps counting by address when the visitor clears their cookie (room for several people behind one address)', async () => {
    const app = appWith({ LOOKUP_LIMIT_ANON: '1' });
    const v = visitor(app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      v.clearCookies();
      statuses.push((await v.request(`${paths[i]}.json`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('counts concurrent records exactly: 20 at once with 5 left give five 200s', async () => {
    const app = appWith({ LOOKUP_LIMIT_ANON: '5' });
    const v = visitor(app);
    expect((await v.request(`${paths[0]}.json`)).status).toBe(200);
    const statuses = await Promise.all(paths.slice(1, 21).map(async (p) => (await v.request(`${p}.json`)).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
  });

  it('does not count a record that does not exist', async () => {
    const app = appWith({ LOOKUP_LIMIT_ANON: '2' });
    const v = visitor(app);
    expect((await v.request('/us/ma/middlesex/cambridge/999999999.json')).status).toBe(404);
    expect((await (await v.request('/users/lookup_limits.json')).json()).used).toBe(0);
  });

  it('meters a signed-in Starter user by account, sending them to Pro at the limit', async () => {
    const app = appWith({ LOOKUP_LIMIT_FREE: '2' });
    const v = visitor(app);
    const email = `lookups-${process.pid}-${Date.now()}@example.org`;
    await v.request('/users.json', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { name: 'Lou Kup', email, password: 'look-up-1' } }),
    });
    for (const path of paths.slice(0, 2)) expect((await v.request(`${path}.json`)).status).toBe(200);
    const refused = await v.request(`${paths[2]}.json`);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.details.lookup_limits).toMatchObject({ total: 2, need: 'pro' });
    // Another device of the same user shares the count.
    const other = visitor(app);
    await other.request('/users/sign_in.json', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'look-up-1' }),
    });
    expect((await other.request(`${paths[3]}.json`)).status).toBe(429);
  });

  it('does not meter the admin', async () => {
    const app = appWith({ LOOKUP_LIMIT_ANON: '1' });
    const v = visitor(app);
    for (const path of paths.slice(0, 3))
      expect((await v.request(`${path}.json`, { headers: { Authorization: `Bearer ${admin}` } })).status).toBe(200);
    const limits = await (
      await v.request('/users/lookup_limits.json', { headers: { Authorization: `Bearer ${admin}` } })
    ).json();
    expect(limits).toMatchObject({ metered: false, total: null, allowed: true });
  });

  it('ignores a forged visitor cookie (a new visitor, counted by address)', async () => {
    const app = appWith({ LOOKUP_LIMIT_ANON: '1' });
    const address = `192.0.2.${++addresses}`;
    const forged = await app.request(
      `${paths[0]}.json`,
      { headers: { Cookie: 'pm_visitor=AAAAAAAAAAAAAAAAAAAAAA.forged' } },
      { incoming: { socket: { remoteAddress: address } } },
    );
    expect(forged.status).toBe(200);
    expect(forged.headers.getSetCookie().some((c) => c.startsWith('pm_visitor=') && !c.includes('forged'))).toBe(true);
  });
});
