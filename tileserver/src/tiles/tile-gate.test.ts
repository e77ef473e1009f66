// Item 12 of the security issue: every tile route (parcels, static flood/wetlands, zoning, basemap,
// sources) goes through the one tile gate. An API token whose sandbox ended or whose plan lapsed gets
// the parcel tiles' answer on each of them, for cached tiles as for new ones, and every tile an API
// token is served is counted, while the website's anonymous map stays unmetered.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createHttpServer } from '../http/server.ts';
import { createLogger } from '../logger.ts';
import { LocalPaymentProvider } from '../payments/local/local-provider.ts';
import { signedInUser } from '../testing/accounts.ts';
import { testDb } from '../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../testing/http-client.ts';
import { lonLatToTile } from '../testing/tiles.ts';
import { createServices } from '../services.ts';

const sql = testDb(4);
const adminToken = 'tile-gate-admin-token-0123456789abcdef';
const config = loadConfig({ METERING_FLUSH_MS: '600000', ADMIN_TOKEN: adminToken });
let clock = new Date();
const payments = new LocalPaymentProvider(sql);
const services = createServices({ config, sql, logger: createLogger('silent'), payments, now: () => clock });
const { tiles } = services;
const app = createApp(services);
const server = createHttpServer(app, tiles);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.close();
  await sql.end();
});

const at = (z: number) => lonLatToTile(-71.1097, 42.3736, z);
let sourceId = '';
/** One tile of each route; `dx` moves east, so dx 0 is the tile warmed in the cache and dx 1 a new one. */
const routes = (dx: number): Record<string, string> => {
  const tile = (z: number) => `${at(z).z}/${at(z).x + dx}/${at(z).y}.mvt`;
  return {
    parcels: `/api/v1/parcels/${tile(16)}`,
    sources: `/api/v1/sources/${sourceId}/${tile(16)}`,
    zoning: `/api/v1/zoning/${tile(15)}`,
    basemap: `/api/v1/basemap/${tile(14)}`,
    fema: `/api/v1/static/fema/${tile(13)}`,
    wetlands: `/api/v1/static/wetlands/${tile(13)}`,
  };
};
const get = (path: string, token: string) =>
  fetch(`${base}${path}${path.includes('?') ? '&' : '?'}token=${token}`, { headers: { 'Accept-Encoding': 'gzip' } });
const usageOf = async (groupId: number) =>
  Number(
    (
      await sql<
        { tiles: string }[]
      >`SELECT coalesce(sum(tiles), 0)::text AS tiles FROM api_usage WHERE group_id = ${groupId}`
    )[0]!.tiles,
  );
const groupOf = async (browser: TestBrowser) => {
  const userId = (await browser.session()).user.id as number;
  return Number((await sql<{ id: string }[]>`SELECT primary_group_id AS id FROM users WHERE id = ${userId}`)[0]!.id);
};

beforeAll(async () => {
  const made = await new TestBrowser(app).post('/api/v1/sources', {
    query: { parcel: true, path: '/us/ma/middlesex/cambridge' },
    fields: ['address'],
  });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  sourceId = made.json.id;
  // The cached tiles: drawn once for the website's map (static layers for the admin token).
  for (const [name, path] of Object.entries(routes(0))) {
    const res = await get(path, name === 'fema' || name === 'wetlands' ? adminToken : 'public');
    expect(res.status, `${name} ${path}`).toBeLessThan(300);
    await res.arrayBuffer();
  }
});

async function sandboxToken(): Promise<{ token: string; groupId: number }> {
  clock = new Date();
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('tilegate'), 'secret-pass-1', 'Sam Sandbox');
  const made = await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] });
  expect(made.status).toBe(201);
  return { token: made.json.token as string, groupId: await groupOf(browser) };
}

/** Every route, warm and cold, answers the token with the parcel tiles' status and error code. */
async function expectRefusedEverywhere(token: string, status: number, code: string): Promise<void> {
  const answers: Record<string, string> = {};
  const expected: Record<string, string> = {};
  for (const dx of [0, 1]) {
    for (const [name, path] of Object.entries(routes(dx))) {
      const res = await get(path, token);
      const body = res.headers.get('content-type')?.includes('json')
        ? ((await res.json()) as { error?: { code: string } })
        : (await res.arrayBuffer(), {});
      answers[`${name} ${dx ? 'new' : 'cached'}`] = `${res.status} ${body.error?.code}`;
      expected[`${name} ${dx ? 'new' : 'cached'}`] = `${status} ${code}`;
    }
  }
  expect(answers).toEqual(expected);
}

describe('the tile gate on every tile route', () => {
  it('Item 12: an expired sandbox token gets the 402 of parcel tiles on source, zoning, basemap and static tiles, cached and new', async () => {
    const { token } = await sandboxToken();
    // The sandbox's 30 days are over before its first tile.
    clock = new Date(Date.now() + 31 * 86_400_000);
    await expectRefusedEverywhere(token, 402, 'PAYMENT_REQUIRED');
    clock = new Date();
  });

  it('Item 12: a lapsed-plan token gets the 402 of parcel tiles on source, zoning, basemap and static tiles, cached and new', async () => {
    clock = new Date();
    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('lapsed'), 'secret-pass-1', 'Lee Lapsed');
    const card = (
      await browser.post('/payments/local/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        name: 'Lee Lapsed',
      })
    ).json.id;
    const bought = await browser.post('/subscriptions.json', {
      plan: 'api_standard',
      payment_method_id: card,
      agreement: true,
      api_acknowledgement: true,
      trial: true,
      group_name: `Lapsed ${process.pid} ${Date.now()}`,
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    const token = (await browser.post('/users/api_token.json', {})).json.token as string;
    const groupId = await groupOf(browser);
    // What the renewal job leaves when a plan's charge finally fails or a cancelled trial ends.
    await sql`UPDATE subscriptions SET status = 'canceled' WHERE group_id = ${groupId}`;
    await expectRefusedEverywhere(token, 402, 'PAYMENT_REQUIRED');
  });

  it('Item 12: every tile route counts the tiles an API token is served, cached or new, and the anonymous map is not counted', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const token = (await browser.post('/users/api_token.json', {})).json.token as string;
    expect(token).toBeTruthy();
    const groupId = await groupOf(browser);
    await tiles.meter.flush();
    const before = await usageOf(groupId);
    let served = 0;
    for (const dx of [0, 1]) {
      for (const [name, path] of Object.entries(routes(dx))) {
        const res = await get(path, token);
        expect(res.status, `${name} ${path}`).toBeLessThan(300);
        await res.arrayBuffer();
        served++;
      }
    }
    for (const path of Object.values(routes(0))) await (await get(path, 'public')).arrayBuffer();
    await tiles.meter.flush();
    expect(await usageOf(groupId)).toBe(before + served);
  });
});
