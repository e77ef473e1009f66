// API access on a Pro or Team subscription (api_combo) over the real server, database and local payment
// provider, with a controllable clock: adding it is prorated and charged once however often the request
// is retried with its key; the account's token is then metered and gated by the API plan (429 at its
// usage cap) while the site plan stays; removing it credits the unused time and ends the allowance;
// renewals charge both; only the manager may change it; a free account is sent to the API-plan checkout.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { invitedMember } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';
import { createServices } from '../../../services.ts';
import { billApiOverage } from '../api-plans/overage-billing.ts';
import { renewDueSubscriptions } from './renewals.ts';
import { noSitePlanMessage } from './site-api-access.ts';

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'api-combo-')), METERING_FLUSH_MS: '600000' });
const sql = testDb(4);
let clock = new Date();
const payments = new LocalPaymentProvider(sql);
const services = createServices({ config, sql, logger: createLogger('silent'), payments, now: () => clock });
const { tiles } = services;
const app = createApp(services);
afterAll(() => sql.end());

const cambridge = lonLatToTile(-71.1097, 42.3736, 16);
const tilePath = (token: string) => `/api/v1/parcels/${cambridge.z}/${cambridge.x}/${cambridge.y}.mvt?token=${token}`;
const apn = (token: string) => `/api/v2/parcels/apn?parcelnumb=1&token=${token}`;
const gateCache = () => new Promise((resolve) => setTimeout(resolve, 2100)); // the gate keeps a verdict 2 s

async function siteAccount(plan: 'level1' | 'team_flex', users = 1) {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('combo'), 'secret-pass-1', 'Cam Combo');
  const pm = (
    await browser.post('/payments/local/payment_methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Cam Combo',
    })
  ).json.id;
  const bought = await browser.post('/subscriptions.json', {
    plan,
    users,
    cycle: 'monthly',
    payment_method_id: pm,
    agreement: true,
    group_name: `Combo ${process.pid} ${Math.random().toString(36).slice(2, 8)}`,
  });
  expect(bought.status).toBe(201);
  const slug = (bought.json.path as string).split('/')[2]!;
  const groupId = Number((await sql<{ id: string }[]>`SELECT id FROM groups WHERE slug = ${slug}`)[0]!.id);
  return { browser, groupId, billing: bought.json.path as string };
}

const comboOrders = (groupId: number) =>
  sql<{ kind: string; amount_cents: number; charge_id: string | null; description: string }[]>`
    SELECT kind, amount_cents, charge_id, description FROM orders WHERE group_id = ${groupId} AND description LIKE 'API access%' ORDER BY id`;

describe('adding API access to a Pro plan', () => {
  it('charges the rest of the period once even when the request is retried with its key, and keeps the Pro plan', async () => {
    clock = new Date('2026-04-01T00:00:00Z');
    const { browser, groupId, billing } = await siteAccount('level1');
    clock = new Date('2026-04-16T00:00:00Z'); // half of April's 30 days are left

    const check = await browser.get('/settings/check_change.json?plan=api_combo&api_access=standard&cycle=monthly');
    expect(check.json).toMatchObject({ possible: true, charge: 12500, credit: 0, price: 25000 });

    const request = {
      plan: 'api_combo',
      api_access: 'standard',
      cycle: 'monthly',
      idempotency_key: `combo-${groupId}-first`,
    };
    const first = await browser.put('/subscriptions/update.json', request);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ status: 'ok', api_access: 'api_standard', charge: 12500, credit: 0, price: 25000 });
    const again = await browser.put('/subscriptions/update.json', request);
    expect(again.json).toEqual(first.json);
    const orders = await comboOrders(groupId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ kind: 'plan_change', amount_cents: 12500 });
    const charges = await sql`SELECT 1 FROM local_charges WHERE id = ${orders[0]!.charge_id}`;
    expect(charges).toHaveLength(1);
    // Without the key, the same choice is the current API plan (spec: it cannot be re-selected).
    const reselected = await browser.put('/subscriptions/update.json', {
      plan: 'api_combo',
      api_access: 'standard',
      cycle: 'monthly',
    });
    expect(reselected.status).toBe(409);
    expect(reselected.json.error.message).toBe('That is your current API plan.');

    const page = (await browser.get(`${billing}.json`)).json;
    expect(page.plan.plan).toBe('level1');
    expect(page.subscription).toMatchObject({
      plan: 'level1',
      price_cents: 9900,
      api_access: 'api_standard',
      api_price_cents: 25000,
    });
    expect((await browser.session()).group).toMatchObject({ tier: 'pro' });
    expect((await browser.get('/api/account.json')).json).toMatchObject({
      plan: { plan: 'api_standard' },
      state: 'active',
      included: { tiles: 200000, records: 2000 },
    });
    expect((await browser.get('/api/plans.json')).json.current_api_plan).toBe('api_standard');
    // Not cancelled like a stand-alone API plan: it is removed on the billing page.
    expect((await browser.post('/api/cancel.json', {})).json.error).toMatchObject({
      code: 'CONFLICT',
      details: { billing_url: billing },
    });

    // The renewal charges the plan and API access together.
    expect(
      await renewDueSubscriptions({
        sql,
        payments,
        config,
        now: new Date('2026-05-01T00:00:00Z'),
        groupIds: [groupId],
      }),
    ).toEqual({ renewed: 1, failed: 0, ended: 0 });
    const [renewal] = await sql<
      { amount_cents: number }[]
    >`SELECT amount_cents FROM orders WHERE group_id = ${groupId} AND kind = 'renewal'`;
    expect(renewal!.amount_cents).toBe(9900 + 25000);
  });

  it('meters the token by the API plan and answers 429 at its usage cap, while tiles and the parcel API served it before', async () => {
    clock = new Date();
    const { browser, groupId } = await siteAccount('level1');
    const token = (await browser.post('/users/api_token.json', {})).json.token as string;
    const anyone = new TestBrowser(app);
    // A Pro account without API access: tiles by token, but no parcel API.
    expect((await anyone.get(apn(token))).status).toBe(403);

    expect(
      (await browser.put('/subscriptions/update.json', { plan: 'api_combo', api_access: 'premium', cycle: 'monthly' }))
        .status,
    ).toBe(200);
    await tiles.meter.flush();
    const before = await sql<
      { tiles: string }[]
    >`SELECT coalesce(sum(tiles), 0)::text AS tiles FROM api_usage WHERE group_id = ${groupId}`;
    for (let i = 0; i < 3; i++) expect((await anyone.get(tilePath(token))).status).toBeLessThan(300);
    expect((await anyone.get(apn(token))).status).toBe(200);
    await tiles.meter.flush();
    const after = await sql<
      { tiles: string }[]
    >`SELECT coalesce(sum(tiles), 0)::text AS tiles FROM api_usage WHERE group_id = ${groupId}`;
    expect(Number(after[0]!.tiles) - Number(before[0]!.tiles)).toBe(3);

    // Premium: 15 cents a record past 2,000; 2,040 records cost $6.00, past a $5.00 cap.
    expect((await browser.put('/api/usage_cap.json', { usage_cap_cents: 500 })).status).toBe(200);
    await sql`UPDATE api_usage SET records = 2040 WHERE group_id = ${groupId}`;
    await gateCache();
    const refused = await anyone.get(apn(token));
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('$5.00') });
    expect((await anyone.get(tilePath(token))).status).toBe(429);
    // The site plan's limits are the Pro plan's still.
    expect((await browser.session()).group).toMatchObject({ tier: 'pro' });
  });

  it("removes API access with a credit for the unused time: the API allowance ends, tiles stay a Pro account's, the month is still billed", async () => {
    clock = new Date('2026-06-01T00:00:00Z');
    const { browser, groupId } = await siteAccount('level1');
    const token = (await browser.post('/users/api_token.json', {})).json.token as string;
    expect(
      (await browser.put('/subscriptions/update.json', { plan: 'api_combo', api_access: 'api_standard' })).json,
    ).toMatchObject({ charge: 25000 });
    await sql`INSERT INTO api_usage (group_id, month, records) VALUES (${groupId}, '2026-06-01', 2100)`;
    clock = new Date('2026-06-16T00:00:00Z'); // half of June's 30 days are left
    const removed = await browser.put('/subscriptions/update.json', {
      plan: 'api_combo',
      api_access: 'none',
      cycle: 'monthly',
    });
    expect(removed.json).toEqual({ status: 'ok', api_access: null, charge: 0, credit: 12500, price: 0 });
    expect((await comboOrders(groupId)).map((o) => [o.kind, o.amount_cents])).toEqual([
      ['plan_change', 25000],
      ['credit', -12500],
    ]);
    expect((await browser.get('/api/account.json')).json).toEqual({ plan: null });
    const anyone = new TestBrowser(app);
    expect((await anyone.get(apn(token))).status).toBe(403);
    expect((await anyone.get(tilePath(token))).status).toBeLessThan(300);
    expect((await browser.put('/api/usage_cap.json', { usage_cap_cents: 100 })).status).toBe(404);
    // June's overage (100 records at $0.10) is billed once June is over, July's tiles are not an API plan's.
    expect(await billApiOverage({ sql, payments, now: new Date('2026-07-02T00:00:00Z'), groupIds: [groupId] })).toEqual(
      { billed: 1, failed: 0 },
    );
    const [overage] = await sql<
      { amount_cents: number }[]
    >`SELECT amount_cents FROM orders WHERE group_id = ${groupId} AND kind = 'overage'`;
    expect(overage!.amount_cents).toBe(1000);
    // The credit pays the next addition first.
    const back = await browser.put('/subscriptions/update.json', { plan: 'api_combo', api_access: 'standard' });
    expect(back.json).toMatchObject({ api_access: 'api_standard', charge: 0, credit: 0 });
    expect((await browser.get('/api/account.json')).json.plan.plan).toBe('api_standard');
  });
});

describe('changing the site plan of an account with API access', () => {
  it('keeps API access, priced for the new cycle and prorated with the plan', async () => {
    clock = new Date('2026-09-01T00:00:00Z');
    const { browser, groupId } = await siteAccount('level1');
    expect(
      (await browser.put('/subscriptions/update.json', { plan: 'api_combo', api_access: 'standard', cycle: 'monthly' }))
        .json.charge,
    ).toBe(25000);
    clock = new Date('2026-09-16T00:00:00Z'); // half of September's 30 days are left
    // To annual: a new year at Pro's $999 plus 12 x $250 of API access, less the unused half of both monthly prices.
    const check = await browser.get('/settings/check_change.json?plan=level1&cycle=annual&users=1');
    expect(check.json).toMatchObject({ possible: true, charge: 99900 + 300000 - (9900 + 25000) / 2 });
    expect(
      (await browser.put('/subscriptions/update.json', { plan: 'level1', cycle: 'annual', users: 1 })).status,
    ).toBe(200);
    const [row] = await sql<{ cycle: string; price_cents: number; api_access: string; api_price_cents: number }[]>`
      SELECT cycle, price_cents, api_access, api_price_cents FROM subscriptions WHERE group_id = ${groupId}`;
    expect(row).toEqual({ cycle: 'annual', price_cents: 99900, api_access: 'api_standard', api_price_cents: 300000 });
    expect((await browser.get('/api/account.json')).json.plan.plan).toBe('api_standard');
    // API access follows the plan's cycle now.
    expect(
      (await browser.put('/subscriptions/update.json', { plan: 'api_combo', api_access: 'premium', cycle: 'monthly' }))
        .status,
    ).toBe(400);
    expect(
      (await browser.get('/settings/check_change.json?plan=api_combo&api_access=premium&cycle=annual')).json,
    ).toMatchObject({ possible: true, price: 600000 });
  });
});

describe('who may change API access, and what is refused', () => {
  it('answers 403 to a member who is not the manager and leaves the plan as it was', async () => {
    clock = new Date();
    const { browser, groupId } = await siteAccount('team_flex', 2);
    const member = await invitedMember(app, config, browser);
    const refused = await member.put('/subscriptions/update.json', {
      plan: 'api_combo',
      api_access: 'standard',
      cycle: 'monthly',
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('FORBIDDEN');
    expect((await member.get('/settings/check_change.json?plan=api_combo&api_access=standard')).status).toBe(403);
    expect(await comboOrders(groupId)).toHaveLength(0);
    // The manager of a Team account may.
    expect(
      (await browser.put('/subscriptions/update.json', { plan: 'api_combo', api_access: 'standard', cycle: 'monthly' }))
        .json.api_access,
    ).toBe('api_standard');
  });

  it('sends a free account to the API-plan checkout with 409, and a Pro account buying an API plan to its billing page', async () => {
    clock = new Date();
    const free = new TestBrowser(app);
    await free.register(uniqueEmail('free'), 'secret-pass-1', 'Fay Free');
    const refused = await free.put('/subscriptions/update.json', {
      plan: 'api_combo',
      api_access: 'standard',
      cycle: 'monthly',
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'CONFLICT',
      message: noSitePlanMessage,
      details: { checkout_url: '/plans#p=api_standard' },
    });
    expect((await free.get('/settings/check_change.json?plan=api_combo&api_access=standard')).status).toBe(409);

    const { browser, billing } = await siteAccount('level1');
    const pm = (
      await browser.post('/payments/local/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        name: 'Cam Combo',
      })
    ).json.id;
    const checkout = await browser.post('/subscriptions.json', {
      plan: 'api_standard',
      payment_method_id: pm,
      agreement: true,
      api_acknowledgement: true,
    });
    expect(checkout.status).toBe(409);
    expect(checkout.json.error.details.billing_url).toBe(`${billing}?plan=api_standard`);
  });

  it("answers a declined card with 402 and the card's code, and records nothing", async () => {
    clock = new Date();
    const { browser, groupId } = await siteAccount('level1');
    const declining = (
      await browser.post('/payments/local/payment_methods', {
        number: '4000000000000002',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        name: 'Cam Combo',
      })
    ).json.id as string;
    expect((await browser.post('/account/cards.json', { payment_method_id: declining })).status).toBe(201);
    const subscriptionId = (
      await browser.get(`/g/${(await browser.session()).group.path.split('/')[2]}/settings/billing.json`)
    ).json.subscription.id;
    expect((await browser.put(`/subscriptions/${subscriptionId}.json`, { payment_method_id: declining })).status).toBe(
      200,
    );
    const refused = await browser.put('/subscriptions/update.json', {
      plan: 'api_combo',
      api_access: 'standard',
      cycle: 'monthly',
      idempotency_key: `declined-${groupId}`,
    });
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'Your card was declined.',
      details: { card_code: 'card_declined' },
    });
    expect(await comboOrders(groupId)).toHaveLength(0);
    expect((await browser.get('/api/account.json')).json).toEqual({ plan: null });
    const [row] = await sql<
      { api_access: string | null }[]
    >`SELECT api_access FROM subscriptions WHERE group_id = ${groupId}`;
    expect(row!.api_access).toBeNull();
  });

  it("answers bad input in the one error shape: an unknown tier, a cycle other than the plan's, removing access it does not have", async () => {
    clock = new Date();
    const { browser } = await siteAccount('level1');
    const unknown = await browser.put('/subscriptions/update.json', {
      plan: 'api_combo',
      api_access: 'gold',
      cycle: 'monthly',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({
      code: 'BAD_REQUEST',
      details: [{ path: 'api_access', message: 'Choose API access: standard, premium or none' }],
    });
    const cycle = await browser.put('/subscriptions/update.json', {
      plan: 'api_combo',
      api_access: 'standard',
      cycle: 'annual',
    });
    expect(cycle.status).toBe(400);
    expect(cycle.json.error.message).toBe('API access is billed with your plan, monthly: choose the monthly cycle');
    const none = await browser.put('/subscriptions/update.json', { plan: 'api_combo', api_access: 'none' });
    expect(none.status).toBe(409);
    expect(none.json.error.message).toBe('Your plan has no API access to remove.');
    expect((await browser.put('/subscriptions/update.json', { plan: 'api_combo' })).status).toBe(400);
  });
});
