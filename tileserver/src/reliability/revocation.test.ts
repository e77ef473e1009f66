// Revocation across processes: two real server processes over one database (the full app, and a
// tile-only one, `--role tiles`). A token rotated, a plan changed or a session signed out on the first
// is refused by the second on its very next request, cached tiles included, well within a second: the
// group's cached tokens are dropped by a notice on the tile cache's LISTEN channel. A notice missed
// while the LISTEN connection was down does not matter either: a reconnect drops every cached token.
// Sessions are read from the database on every request, so a signed-out, expired or deleted one is
// refused at once everywhere without any notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { signedInUser } from '../testing/accounts.ts';
import { startChildServer, type ChildServer } from '../testing/child-server.ts';
import { ownerTestDb, testDb } from '../testing/db.ts';
import { TestBrowser } from '../testing/http-client.ts';
import { remoteApp } from '../testing/remote-app.ts';

const adminToken = 'revocation-test-admin-token-0123456789abcdef';
const sql = testDb(2);
const owner = ownerTestDb(1);
const app = createApp({ config: loadConfig({ ADMIN_TOKEN: adminToken }), sql, logger: createLogger('silent') });
let full: ChildServer;
let tiles: ChildServer;

beforeAll(async () => {
  [full, tiles] = await Promise.all([
    startChildServer({ ADMIN_TOKEN: adminToken }, { role: 'all' }),
    startChildServer({ ADMIN_TOKEN: adminToken }, { role: 'tiles' }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([full?.stop(), tiles?.stop()]);
  await sql.end();
  await owner.end();
});

const tilePath = '/api/v1/parcels/14/4955/6059.mvt';
const tileStatus = async (origin: string, token: string) =>
  (await fetch(`${origin}${tilePath}?token=${encodeURIComponent(token)}`)).status;

/** Milliseconds until `check` holds, polling every 20 ms; fails after `ms`. */
async function msUntil(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within ${ms} ms`);
}

/** A Pro manager signed in on the full process, with a fresh API token whose tiles both processes have cached. */
async function managerWithCachedToken(): Promise<{ browser: TestBrowser; userId: number; token: string }> {
  const { email, userId } = await signedInUser(app, sql, 'pro');
  const browser = new TestBrowser(remoteApp(full.origin));
  expect((await browser.signIn(email, 'secret-pass-1')).status).toBe(200);
  const made = await browser.post('/users/api_token.json');
  expect(made.status).toBe(201);
  const token = made.json.token as string;
  // The first request fills the tile cache and the token cache (while a process is not yet sure to
  // hear notices an entry lives one second); after that second, the token is cached for a minute, so
  // a refusal within the minute can only come from a notice. The last request is a cached-tile one.
  for (const origin of [full.origin, tiles.origin]) expect(await tileStatus(origin, token)).toBe(200);
  await new Promise((r) => setTimeout(r, 1100));
  for (const origin of [full.origin, tiles.origin, full.origin, tiles.origin])
    expect(await tileStatus(origin, token)).toBe(200);
  return { browser, userId, token };
}

describe('revocation on every process', () => {
  it('a token rotated on one process is refused by a tile-only process on its next cached-tile request, within a second', async () => {
    const { browser, token } = await managerWithCachedToken();
    const rotated = await browser.post('/users/api_token.json');
    expect(rotated.status).toBe(201);
    const ms = await msUntil(async () => (await tileStatus(tiles.origin, token)) === 401, 1000);
    console.log(
      `revocation: the tile-only process refused the rotated token ${Math.round(ms)} ms after the rotation answered`,
    );
    expect(await tileStatus(full.origin, token)).toBe(401);
    // The new token works on both, and the old one stays refused (no stale entry came back).
    for (const origin of [tiles.origin, full.origin]) expect(await tileStatus(origin, rotated.json.token)).toBe(200);
    expect(await tileStatus(tiles.origin, token)).toBe(401);
  });

  it('a plan change made on one process reaches the token level of the other at once', async () => {
    const { userId, token } = await managerWithCachedToken();
    const levelOn = async (origin: string) =>
      (await (await fetch(`${origin}/api/v1/session.json?token=${token}`)).json()).level as string;
    expect(await levelOn(tiles.origin)).toBe('pro');
    const admin = await fetch(`${full.origin}/admin/users/${userId}/plan.json?token=${adminToken}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tier: 'team', seats: 3 }),
    });
    expect(admin.status, await admin.clone().text()).toBe(200);
    const ms = await msUntil(async () => (await levelOn(tiles.origin)) === 'team', 1000);
    console.log(`revocation: the plan change reached the tile-only process in ${Math.round(ms)} ms`);
  });

  it('a session signed out on one process is refused by the other on its next request', async () => {
    const { browser } = await managerWithCachedToken();
    const cookie = () => ({ Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    const userOn = async (origin: string, headers: Record<string, string>) =>
      (await (await fetch(`${origin}/api/v1/session.json`, { headers })).json()).user;
    const signedIn = cookie();
    expect(await userOn(tiles.origin, signedIn)).toBeTruthy();
    expect((await browser.post('/users/sign_out.json')).status).toBe(200);
    expect(await userOn(tiles.origin, signedIn)).toBeFalsy();
    expect(await userOn(full.origin, signedIn)).toBeFalsy();
  });

  it('a session that expired or was deleted is refused by every process on its next request', async () => {
    for (const end of ['expire', 'delete'] as const) {
      const { browser, userId } = await managerWithCachedToken();
      const headers = { Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
      const userOn = async (origin: string) =>
        (await (await fetch(`${origin}/api/v1/session.json`, { headers })).json()).user;
      expect(await userOn(tiles.origin)).toBeTruthy();
      if (end === 'expire') await sql`UPDATE sessions SET expires_at = now() WHERE user_id = ${userId}`;
      else await sql`DELETE FROM sessions WHERE user_id = ${userId}`;
      expect(await userOn(tiles.origin), end).toBeFalsy();
      expect(await userOn(full.origin), end).toBeFalsy();
    }
  });

  it('drops every cached token when the LISTEN connection comes back, since a notice may have been missed meanwhile', async () => {
    const { token } = await managerWithCachedToken();
    // The token is revoked with triggers off (no notice at all) while the listening connections are
    // cut: only the reconnect can make the processes forget it before its cache entry expires (60 s).
    // Switching triggers off for a transaction is a superuser's: the owner's connection (the servers serve as
    // the serving role, db/roles.ts).
    await owner.begin(async (tx) => {
      await tx`SET LOCAL session_replication_role = replica`;
      await tx`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'parcel-map tiles' AND query ILIKE 'listen%'`;
      await tx`UPDATE groups SET api_token_hash = NULL WHERE api_token_hash = sha256(convert_to(${token}, 'UTF8'))`;
    });
    const ms = await msUntil(async () => (await tileStatus(tiles.origin, token)) === 401, 5000);
    console.log(`revocation: after the LISTEN reconnect the unnotified revocation was refused in ${Math.round(ms)} ms`);
    // Each process drops its cache on its own reconnect: on a loaded machine the other one may come second.
    await msUntil(async () => (await tileStatus(full.origin, token)) === 401, 10_000);
  });
});
