// API plans end to end over the real server and database: the sandbox sign-up (county choice among
// the loaded ones, at most 7, once per person), metering (tile and record counts equal the requests
// made, through the cached-tile fast path too), the sandbox's hard limits and a usage cap answering
// 429, the end of the sandbox and of a cancelled trial answering 402, and the 7-day trial charged by
// the renewal job on its charge date with a controllable clock.
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createHttpServer } from '../../../http/server.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';
import { createServices } from '../../../services.ts';
import { renewDueSubscriptions } from '../billing/renewals.ts';
import { billApiOverage } from './overage-billing.ts';

const sql = testDb(4);
const config = loadConfig({ METERING_FLUSH_MS: '600000' });
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

const cambridge = lonLatToTile(-71.1097, 42.3736, 16);
const tileUrl = (token: string, dx = 0) =>
  `${base}/api/v1/parcels/${cambridge.z}/${cambridge.x + dx}/${cambridge.y}.mvt?token=${token}`;
const usageOf = async (groupId: number) => {
  const [row] = await sql<
    { tiles: string; records: string }[]
  >`SELECT coalesce(sum(tiles), 0)::text AS tiles, coalesce(sum(records), 0)::text AS records FROM api_usage WHERE group_id = ${groupId}`;
  return { tiles: Number(row!.tiles), records: Number(row!.records) };
};
const groupOf = async (browser: TestBrowser) => {
  const userId = (await browser.session()).user.id as number;
  return Number((await sql<{ id: string }[]>`SELECT primary_group_id AS id FROM users WHERE id = ${userId}`)[0]!.id);
};

async function sandboxUser(counties?: string[]) {
  clock = new Date();
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('sandbox'), 'secret-pass-1', 'Sam Sandbox');
  const loaded = (await browser.get('/api/counties.json')).json.counties as { path: string }[];
  const made = await browser.post('/api/sandbox.json', {
    counties: counties ?? [loaded.find((c) => c.path === '/us/ma/middlesex')!.path],
  });
  expect(made.status).toBe(201);
  return { browser, token: made.json.token as string, groupId: await groupOf(browser), loaded };
}

describe('the API sandbox sign-up', () => {
  it('offers the loaded counties and refuses more than 7, unknown ones and a second sandbox', async () => {
    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('sandbox'), 'secret-pass-1', 'Sam Sandbox');
    const loaded = (await browser.get('/api/counties.json')).json;
    expect(loaded.max).toBe(7);
    expect(loaded.counties.map((c: { path: string }) => c.path)).toContain('/us/ma/middlesex');
    const eight = Array.from({ length: 8 }, (_, i) => `/us/ma/county-${i}`);
    const tooMany = await browser.post('/api/sandbox.json', { counties: eight });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.json.error)).toContain('Choose at most 7 counties');
    const unknown = await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex', '/us/ak/nowhere'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.details).toEqual({ unknown: ['/us/ak/nowhere'] });
    const made = await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] });
    expect(made.status).toBe(201);
    expect(made.json.token).toMatch(/^pmk_/);
    expect((await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] })).status).toBe(409);
    const account = (await browser.get('/api/account.json')).json;
    expect(account).toMatchObject({
      state: 'trial',
      counties: ['/us/ma/middlesex'],
      included: { tiles: 10000, records: 2000 },
      plan: { plan: 'api_sandbox', schema: 'premium' },
    });
    expect(new Date(account.ends_at).getTime() - new Date(account.started_at).getTime()).toBe(30 * 86_400_000);
    expect((await browser.get('/api/plans.json')).json.sandbox_available).toBe(false);
  });

  it('needs a signed-in user, and answers {plan: null} for an account without an API plan', async () => {
    expect((await new TestBrowser(app).post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] })).status).toBe(401);
    const free = new TestBrowser(app);
    await free.register(uniqueEmail('noapi'));
    expect(await free.get('/api/account.json')).toMatchObject({ status: 200, json: { plan: null } });
  });
});

describe('metering', () => {
  it('counts every tile served to a token, through the app and the cached-tile fast path, and every record returned', async () => {
    const { token, groupId } = await sandboxUser();
    const hitsBefore = tiles.renderer.cache.hits;
    for (let i = 0; i < 7; i++) expect((await fetch(tileUrl(token, i % 3))).status).toBeLessThan(300);
    expect(tiles.renderer.cache.hits).toBeGreaterThan(hitsBefore); // some went through the fast path
    const [parcel] = await sql<
      { lon: number; lat: number }[]
    >`SELECT ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 1`;
    const first = await fetch(
      `${base}/api/v2/parcels/point?lat=${parcel!.lat}&lon=${parcel!.lon}&radius=60&limit=9&token=${token}`,
    );
    const second = await fetch(`${base}/api/v2/parcels/point?lat=${parcel!.lat}&lon=${parcel!.lon}&token=${token}`);
    const records =
      ((await first.json()) as { features: unknown[] }).features.length +
      ((await second.json()) as { features: unknown[] }).features.length;
    expect(records).toBeGreaterThan(1);
    await tiles.meter.flush();
    expect(await usageOf(groupId)).toEqual({ tiles: 7, records });
    // Anonymous tiles are not metered.
    await fetch(`${base}/api/v1/parcels/${cambridge.z}/${cambridge.x}/${cambridge.y}.mvt`);
    await tiles.meter.flush();
    expect(await usageOf(groupId)).toEqual({ tiles: 7, records });
  });
});

describe('limits, caps and expiry', () => {
  it('answers 429 JSON at the sandbox tile limit, counting tiles not yet flushed', async () => {
    const { token, groupId } = await sandboxUser();
    await sql`INSERT INTO api_usage (group_id, month, tiles) VALUES (${groupId}, date_trunc('month', now())::date, 9998)`;
    expect((await fetch(tileUrl(token))).status).toBeLessThan(300);
    expect((await fetch(tileUrl(token))).status).toBeLessThan(300);
    const refused = await fetch(tileUrl(token));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('10,000 tiles'),
    });
    // The cached-tile fast path refuses it too (it leaves the request to the app).
    expect((await fetch(tileUrl(token))).status).toBe(429);
    expect((await fetch(`${base}/api/v2/parcels/apn?parcelnumb=1&token=${token}`)).status).toBe(429);
  });

  it('answers 402 JSON once the 30-day sandbox has ended', async () => {
    const { browser, token, groupId } = await sandboxUser();
    expect((await fetch(tileUrl(token))).status).toBeLessThan(300);
    clock = new Date(Date.now() + 30 * 86_400_000 + 1000);
    // The gate caches a verdict for 2 s; a flush (the tile above is pending) judges the account again.
    await tiles.meter.flush();
    const refused = await new TestBrowser(app).get(`/api/v2/parcels/apn?parcelnumb=1&token=${token}`);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      details: { state: 'expired', upgrade: '/plans' },
    });
    expect((await browser.get('/api/account.json')).json.state).toBe('expired');
    expect(groupId).toBeGreaterThan(0);
  });

  it('answers 429 when a self-serve plan reaches its usage cap, and serves again when the cap is raised', async () => {
    const { browser, groupId, token } = await paidApiUser('api_standard');
    await paidTrial(groupId); // overage needs a first payment (M5)
    expect((await browser.put('/api/usage_cap.json', { usage_cap_cents: 500 })).status).toBe(200);
    // 2,050 records: 50 over the 2,000 included at $0.10 = $5.00, the cap.
    await sql`INSERT INTO api_usage (group_id, month, records) VALUES (${groupId}, ${monthNow()}, 2050)`;
    await tiles.meter.flush();
    await new Promise((r) => setTimeout(r, 2100)); // the gate's 2 s verdict cache
    const refused = await new TestBrowser(app).get(`/api/v2/parcels/apn?parcelnumb=1&token=${token}`);
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toContain('$5.00');
    expect((await browser.get('/api/account.json')).json).toMatchObject({
      state: 'capped',
      overage_cents: 500,
      usage: { records: 2050 },
    });
    expect((await browser.put('/api/usage_cap.json', { usage_cap_cents: null })).status).toBe(200);
    expect((await new TestBrowser(app).get(`/api/v2/parcels/apn?parcelnumb=1&token=${token}`)).status).toBe(200);
  });
});

const monthNow = () => `${clock.getUTCFullYear()}-${String(clock.getUTCMonth() + 1).padStart(2, '0')}-01`;
const tokenise = async (browser: TestBrowser, number = '4242424242424242') =>
  (
    await browser.post('/payments/local/payment_methods', {
      number,
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Tia Trial',
    })
  ).json.id as string;

/** The trial's charge went through (what the renewal job does on the charge date). */
const paidTrial = (groupId: number) =>
  sql`UPDATE api_accounts SET trial_ends_at = ${new Date(clock.getTime() - 86_400_000)} WHERE group_id = ${groupId}`;
const apn = (token: string) => new TestBrowser(app).get(`/api/v2/parcels/apn?parcelnumb=1&token=${token}`);
/** A card that attaches but declines every charge, made the plan's card. */
async function decliningCard(browser: TestBrowser, billing: string) {
  const declining = await tokenise(browser, '4000000000009995');
  expect((await browser.post('/account/cards.json', { payment_method_id: declining })).status).toBe(201);
  const subscriptionId = (await browser.get(`${billing}.json`)).json.subscription.id as number;
  expect((await browser.put(`/subscriptions/${subscriptionId}.json`, { payment_method_id: declining })).status).toBe(
    200,
  );
}

async function paidApiUser(plan: string) {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('apiplan'), 'secret-pass-1', 'Tia Trial');
  const bought = await browser.post('/subscriptions.json', {
    plan,
    payment_method_id: await tokenise(browser),
    agreement: true,
    api_acknowledgement: true,
    trial: true,
    group_name: `API ${process.pid} ${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(bought.status).toBe(201);
  const token = (await browser.post('/users/api_token.json', {})).json.token as string;
  return { browser, bought: bought.json, groupId: await groupOf(browser), token };
}

describe('the 7-day free trial', () => {
  it('refuses an API plan without the API acknowledgement', async () => {
    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('apiplan'), 'secret-pass-1', 'Tia Trial');
    const refused = await browser.post('/subscriptions.json', {
      plan: 'api_standard',
      payment_method_id: await tokenise(browser),
      agreement: true,
      group_name: `API ack ${process.pid} ${Date.now()}`,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe('Tick the API acknowledgement to continue');
  });

  it('charges nothing at sign-up and the plan price on the charge date 7 days later, through the renewal job', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const { browser, bought, groupId } = await paidApiUser('api_standard');
    expect(bought).toMatchObject({ amount: 0, charge_id: null });
    expect((await browser.get('/api/account.json')).json).toMatchObject({
      state: 'trial',
      trial_ends_at: '2026-03-17T12:00:00.000Z',
    });
    const renew = (at: string) =>
      renewDueSubscriptions({ sql, payments, config, now: new Date(at), groupIds: [groupId] });
    expect(await renew('2026-03-17T11:59:00Z')).toEqual({ renewed: 0, failed: 0, ended: 0 });
    expect(await renew('2026-03-17T12:00:00Z')).toEqual({ renewed: 1, failed: 0, ended: 0 });
    const [order] = await sql<
      { kind: string; amount_cents: number; charge_id: string | null }[]
    >`SELECT kind, amount_cents, charge_id FROM orders WHERE group_id = ${groupId} ORDER BY id DESC LIMIT 1`;
    expect(order).toMatchObject({ kind: 'renewal', amount_cents: 25000 });
    expect(order!.charge_id).toMatch(/^ch_/);
    clock = new Date('2026-03-18T00:00:00Z');
    expect((await browser.get('/api/account.json')).json.state).toBe('active');
  });

  it('ends a trial cancelled before its charge date without charging, and the API then answers 402', async () => {
    clock = new Date('2026-05-01T00:00:00Z');
    const { browser, groupId, token } = await paidApiUser('api_premium');
    expect((await browser.post('/api/cancel.json', {})).json).toMatchObject({
      status: 'ok',
      ends_at: '2026-05-08T00:00:00.000Z',
    });
    expect(
      await renewDueSubscriptions({
        sql,
        payments,
        config,
        now: new Date('2026-05-08T00:00:00Z'),
        groupIds: [groupId],
      }),
    ).toEqual({ renewed: 0, failed: 0, ended: 1 });
    const charges = await sql`SELECT 1 FROM orders WHERE group_id = ${groupId} AND amount_cents > 0`;
    expect(charges).toHaveLength(0);
    clock = new Date('2026-05-08T00:00:01Z');
    await new Promise((r) => setTimeout(r, 2100));
    const refused = await new TestBrowser(app).get(`/api/v2/parcels/apn?parcelnumb=1&token=${token}`);
    expect(refused.status).toBe(402);
    expect(refused.json.error.message).toContain('free trial has ended');
  });
});

describe('/admin/api_trials', () => {
  it('lists sandboxes and trials with their usage to admins only', async () => {
    const { groupId } = await sandboxUser();
    await sql`INSERT INTO api_usage (group_id, month, tiles, records) VALUES (${groupId}, ${monthNow()}, 12, 3) ON CONFLICT (group_id, month) DO UPDATE SET tiles = 12, records = 3`;
    const { signedInAdmin } = await import('../../../testing/accounts.ts');
    const admin = await signedInAdmin(app, sql);
    const list = (await admin.get('/admin/api_trials.json')).json.trials as {
      group_id: number;
      kind: string;
      usage: unknown;
    }[];
    expect(list.find((t) => t.group_id === groupId)).toMatchObject({
      kind: 'sandbox',
      usage: { tiles: 12, records: 3 },
    });
    const stranger = new TestBrowser(app);
    await stranger.register(uniqueEmail('stranger'));
    expect([403, 404]).toContain((await stranger.get('/admin/api_trials.json')).status);
  });
});

describe('moving between API plans', () => {
  it('changes Standard to Premium (fields at once, price from the next charge) and refuses the current plan', async () => {
    clock = new Date();
    const { browser, groupId } = await paidApiUser('api_standard');
    expect((await browser.put('/api/plan.json', { plan: 'api_standard' })).status).toBe(409);
    const moved = await browser.put('/api/plan.json', { plan: 'api_premium' });
    expect(moved.status).toBe(200);
    const [row] = await sql<
      { plan: string; price_cents: number }[]
    >`SELECT plan, price_cents FROM subscriptions WHERE group_id = ${groupId}`;
    expect(row).toEqual({ plan: 'api_premium', price_cents: 50000 });
    expect((await browser.get('/api/account.json')).json.plan).toMatchObject({
      plan: 'api_premium',
      schema: 'premium',
    });
    expect((await browser.put('/api/plan.json', { plan: 'api_sandbox' })).status).toBe(400);
  });
});

describe('prorated API plan switches (M4)', () => {
  it('M4: after the trial is paid, Standard to Premium mid-period is charged the prorated difference at once, and back to Standard leaves a credit', async () => {
    clock = new Date('2026-07-01T00:00:00Z');
    const { browser, groupId } = await paidApiUser('api_standard');
    expect(
      await renewDueSubscriptions({
        sql,
        payments,
        config,
        now: new Date('2026-07-08T00:00:00Z'),
        groupIds: [groupId],
      }),
    ).toEqual({ renewed: 1, failed: 0, ended: 0 });
    clock = new Date('2026-07-23T12:00:00Z'); // half of the period 07-08 to 08-08 is left
    const up = await browser.put('/api/plan.json', { plan: 'api_premium' });
    expect(up.json).toEqual({
      plan: 'api_premium',
      charge: 50000 / 2 - 25000 / 2,
      credit: 0,
      price_from: '2026-08-08T00:00:00.000Z',
    });
    const down = await browser.put('/api/plan.json', { plan: 'api_standard' });
    expect(down.json).toMatchObject({ plan: 'api_standard', charge: 0, credit: 12500 });
    const charges = await sql<{ amount_cents: number }[]>`
      SELECT c.amount_cents FROM local_charges c JOIN orders o ON o.charge_id = c.id WHERE o.group_id = ${groupId} ORDER BY c.created_at`;
    expect(charges.map((c) => c.amount_cents)).toEqual([25000, 12500]);
    const [sub] = await sql`SELECT plan, price_cents, credit_cents FROM subscriptions WHERE group_id = ${groupId}`;
    expect(sub).toEqual({ plan: 'api_standard', price_cents: 25000, credit_cents: 12500 });
  });

  it('M4: a month’s overage is priced by the dearest plan in force during it, whatever the plan when billing runs', async () => {
    clock = new Date('2016-01-02T00:00:00Z');
    const { browser, groupId } = await paidApiUser('api_premium');
    clock = new Date('2016-01-20T00:00:00Z');
    expect((await browser.put('/api/plan.json', { plan: 'api_standard' })).status).toBe(200);
    await sql`INSERT INTO api_usage (group_id, month, records) VALUES (${groupId}, '2016-01-01', 2100)`;
    expect(await billApiOverage({ sql, payments, now: new Date('2016-02-01T01:00:00Z'), groupIds: [groupId] })).toEqual(
      { billed: 1, failed: 0 },
    );
    const [order] = await sql`SELECT amount_cents FROM orders WHERE group_id = ${groupId} AND kind = 'overage'`;
    expect(order!.amount_cents).toBe(100 * 15);
  });
});

describe('overage billing', () => {
  const usage = (groupId: number, month: string, records: number, tiles: number) =>
    sql`INSERT INTO api_usage (group_id, month, records, tiles) VALUES (${groupId}, ${month}, ${records}, ${tiles})`;
  const ordersOf = (groupId: number) =>
    sql<
      { kind: string; amount_cents: number; charge_id: string | null }[]
    >`SELECT kind, amount_cents, charge_id FROM orders WHERE group_id = ${groupId} AND kind = 'overage' ORDER BY id`;

  it("charges a finished month's overage once, at the plan's prices, and leaves the current month alone", async () => {
    clock = new Date('2019-06-01T00:00:00Z');
    const { groupId } = await paidApiUser('api_standard');
    await usage(groupId, '2019-06-01', 2_500, 200_500); // 500 records at 10 cents, 500 tiles at $0.001
    await usage(groupId, '2019-07-01', 9_000, 0); // the month in progress
    const bill = (at: string) => billApiOverage({ sql, payments, now: new Date(at), groupIds: [groupId] });
    expect(await bill('2019-06-30T23:59:00Z')).toEqual({ billed: 0, failed: 0 });
    expect(await bill('2019-07-01T00:15:00Z')).toEqual({ billed: 1, failed: 0 });
    expect(await bill('2019-07-01T00:30:00Z')).toEqual({ billed: 0, failed: 0 });
    const orders = await ordersOf(groupId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ kind: 'overage', amount_cents: 500 * 10 + 50 });
    expect(orders[0]!.charge_id).toMatch(/^ch_/);
    const [june] = await sql<
      { billed_cents: number }[]
    >`SELECT billed_cents FROM api_usage WHERE group_id = ${groupId} AND month = '2019-06-01'`;
    expect(june!.billed_cents).toBe(5050);
  });

  it('charges no more than the usage cap, and marks a month without overage billed at zero', async () => {
    clock = new Date('2018-03-01T00:00:00Z');
    const { browser, groupId } = await paidApiUser('api_premium');
    expect((await browser.put('/api/usage_cap.json', { usage_cap_cents: 1_000 })).status).toBe(200);
    await usage(groupId, '2018-03-01', 3_000, 0); // 1,000 records at 15 cents = $150, capped at $10
    await usage(groupId, '2018-04-01', 100, 100); // within the plan
    expect(await billApiOverage({ sql, payments, now: new Date('2018-05-02T00:00:00Z'), groupIds: [groupId] })).toEqual(
      { billed: 1, failed: 0 },
    );
    expect((await ordersOf(groupId)).map((o) => o.amount_cents)).toEqual([1_000]);
    const months = await sql<
      { month: Date; billed_cents: number }[]
    >`SELECT month, billed_cents FROM api_usage WHERE group_id = ${groupId} ORDER BY month`;
    expect(months.map((m) => m.billed_cents)).toEqual([1_000, 0]);
  });
});

describe('API access without a successful payment (M5)', () => {
  it('M5: a trial without a successful charge stops at the plan’s included volume with 429, never running into overage', async () => {
    clock = new Date();
    const { browser, groupId, token } = await paidApiUser('api_premium');
    expect((await apn(token)).status).toBe(200);
    await sql`INSERT INTO api_usage (group_id, month, records) VALUES (${groupId}, ${monthNow()}, 2000) ON CONFLICT (group_id, month) DO UPDATE SET records = 2000`;
    await tiles.meter.flush();
    await new Promise((r) => setTimeout(r, 2100)); // the gate's 2 s verdict cache
    const refused = await apn(token);
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toContain('free trial includes 2,000 parcel records');
    expect((await browser.get('/api/account.json')).json).toMatchObject({ state: 'capped' });
  });

  it('M5: a past-due API plan is refused with 402 at once, and its plan cannot be changed until paid', async () => {
    clock = new Date('2026-06-01T00:00:00Z');
    const { browser, bought, groupId, token } = await paidApiUser('api_standard');
    await decliningCard(browser, bought.path);
    expect(
      await renewDueSubscriptions({
        sql,
        payments,
        config,
        now: new Date('2026-06-08T00:00:00Z'),
        groupIds: [groupId],
      }),
    ).toEqual({ renewed: 0, failed: 1, ended: 0 });
    clock = new Date('2026-06-08T00:01:00Z');
    await new Promise((r) => setTimeout(r, 2100));
    const refused = await apn(token);
    expect(refused.status).toBe(402);
    expect(refused.json.error.message).toContain('Your last payment was declined');
    const change = await browser.put('/api/plan.json', { plan: 'api_premium' });
    expect(change.status).toBe(409);
    expect(change.json.error.message).toContain('Your last payment was declined');
  });

  it('M5: a declined overage charge stops the API at the included volume until it is paid', async () => {
    clock = new Date('2017-02-10T00:00:00Z');
    const { browser, bought, groupId, token } = await paidApiUser('api_standard');
    await paidTrial(groupId);
    await decliningCard(browser, bought.path);
    await sql`INSERT INTO api_usage (group_id, month, records) VALUES (${groupId}, '2017-02-01', 2100)`;
    expect(await billApiOverage({ sql, payments, now: new Date('2017-03-01T01:00:00Z'), groupIds: [groupId] })).toEqual(
      { billed: 0, failed: 1 },
    );
    clock = new Date('2017-03-02T00:00:00Z');
    await sql`INSERT INTO api_usage (group_id, month, records) VALUES (${groupId}, '2017-03-01', 1990)`;
    await new Promise((r) => setTimeout(r, 2100));
    expect((await apn(token)).status).toBe(200); // within the included 2,000
    await sql`UPDATE api_usage SET records = 2000 WHERE group_id = ${groupId} AND month = '2017-03-01'`;
    await tiles.meter.flush();
    await new Promise((r) => setTimeout(r, 2100));
    const refused = await apn(token);
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toContain('overage charge of your API plan was declined');
  });
});
