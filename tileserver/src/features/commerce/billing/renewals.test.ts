// Cards and renewals with a controllable clock: a renewal charges the next period (credit first); a
// declined renewal leaves the account past due and retries after 1, 3 and 5 days, then drops it to
// free; a cancelled plan ends with its period. Cards: add, use for the plan, refuse to remove the
// paying card, remove another; other accounts get 404.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { renewDueSubscriptions } from './renewals.ts';

const sql = testDb(3);
let clock = new Date('2026-04-01T00:00:00Z');
const payments = new LocalPaymentProvider(sql);
const config = loadConfig({});
const app = createApp({ config, sql, logger: createLogger('silent'), now: () => clock, payments });
afterAll(() => sql.end());

let groupIds: number[] = [];
/** Renews the accounts this file made (other files' accounts share the database). */
const renew = (at: string) => renewDueSubscriptions({ sql, payments, config, now: new Date(at), groupIds });
const tokenise = async (browser: TestBrowser, number: string) =>
  (
    await browser.post('/payments/local/payment_methods', {
      number,
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Pat Payer',
    })
  ).json.id as string;

async function proAccount() {
  clock = new Date('2026-04-01T00:00:00Z');
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('renew'), 'secret-pass-1', 'Pat Payer');
  const bought = await browser.post('/subscriptions.json', {
    plan: 'level1',
    payment_method_id: await tokenise(browser, '4242424242424242'),
    agreement: true,
    group_name: `Renew ${process.pid} ${Date.now().toString(36)}`,
  });
  expect(bought.status).toBe(201);
  const billing = bought.json.path as string;
  const subscriptionId = (await browser.get(`${billing}.json`)).json.subscription.id as number;
  const [group] = await sql<{ id: string }[]>`SELECT group_id AS id FROM subscriptions WHERE id = ${subscriptionId}`;
  groupIds = [Number(group!.id)];
  return { browser, billing, subscriptionId, groupId: Number(group!.id) };
}

describe('renewals', () => {
  it('charges the next month at the end of the period, using the credit first', async () => {
    const { browser, billing, subscriptionId } = await proAccount();
    await sql`UPDATE subscriptions SET credit_cents = 1000 WHERE id = ${subscriptionId}`;
    expect(await renew('2026-04-30T23:00:00Z')).toEqual({ renewed: 0, failed: 0, ended: 0 });
    expect(await renew('2026-05-01T00:00:00Z')).toEqual({ renewed: 1, failed: 0, ended: 0 });
    const answer = (await browser.get(`${billing}.json`)).json;
    expect(answer.subscription).toMatchObject({
      status: 'active',
      period_end: '2026-06-01T00:00:00.000Z',
      credit_cents: 0,
    });
    expect(answer.orders[0]).toMatchObject({ kind: 'renewal', amount_cents: 9900 - 1000 });
    expect(await renew('2026-05-01T00:00:00Z')).toEqual({ renewed: 0, failed: 0, ended: 0 });
  });

  it('retries a declined renewal after 1, 3 and 5 days, then drops the account to free', async () => {
    const { browser, subscriptionId } = await proAccount();
    const declining = await tokenise(browser, '4000000000009995');
    expect((await browser.post('/account/cards.json', { payment_method_id: declining })).status).toBe(201);
    expect((await browser.put(`/subscriptions/${subscriptionId}.json`, { payment_method_id: declining })).status).toBe(
      200,
    );
    expect(await renew('2026-05-01T00:00:00Z')).toEqual({ renewed: 0, failed: 1, ended: 0 });
    expect((await browser.session()).group.tier).toBe('pro'); // past due, still Pro while retrying
    expect(await renew('2026-05-01T12:00:00Z')).toEqual({ renewed: 0, failed: 0, ended: 0 }); // not yet due again
    expect(await renew('2026-05-02T00:00:00Z')).toEqual({ renewed: 0, failed: 1, ended: 0 });
    expect(await renew('2026-05-05T00:00:00Z')).toEqual({ renewed: 0, failed: 1, ended: 0 });
    expect(await renew('2026-05-10T00:00:00Z')).toEqual({ renewed: 0, failed: 1, ended: 1 });
    expect((await browser.session()).group.tier).toBe('free');
    const [sub] = await sql`SELECT status FROM subscriptions WHERE id = ${subscriptionId}`;
    expect(sub!.status).toBe('canceled');
  });

  it('M5: a past-due plan keeps its tier for the 3-day grace, is free after it until a retry is paid, and refuses plan changes meanwhile', async () => {
    const { browser, subscriptionId } = await proAccount();
    const declining = await tokenise(browser, '4000000000009995');
    expect((await browser.post('/account/cards.json', { payment_method_id: declining })).status).toBe(201);
    expect((await browser.put(`/subscriptions/${subscriptionId}.json`, { payment_method_id: declining })).status).toBe(
      200,
    );
    expect(await renew('2026-05-01T00:00:00Z')).toEqual({ renewed: 0, failed: 1, ended: 0 });
    clock = new Date('2026-05-01T01:00:00Z');
    const change = await browser.put('/subscriptions/update.json', { plan: 'team_flex', users: 25 });
    expect(change.status).toBe(409);
    expect(change.json.error.message).toBe(
      'Your last payment was declined: update the card on the billing page and pay it before changing plan.',
    );
    expect(
      (await browser.get('/settings/check_change.json?plan=api_combo&api_access=premium&cycle=monthly')).json,
    ).toMatchObject({ possible: false });
    expect(await renew('2026-05-02T00:00:00Z')).toEqual({ renewed: 0, failed: 1, ended: 0 });
    expect((await browser.session()).group.tier).toBe('pro'); // within the grace
    await renew('2026-05-04T00:00:00Z'); // the grace is over; no retry is due yet
    expect((await browser.session()).group.tier).toBe('free');
    // A working card again: the next retry is paid and the plan's tier comes back.
    const good = await tokenise(browser, '4242424242424242');
    expect((await browser.post('/account/cards.json', { payment_method_id: good })).status).toBe(201);
    expect((await browser.put(`/subscriptions/${subscriptionId}.json`, { payment_method_id: good })).status).toBe(200);
    expect(await renew('2026-05-05T00:00:00Z')).toEqual({ renewed: 1, failed: 0, ended: 0 });
    expect((await browser.session()).group.tier).toBe('pro');
  });

  it('ends a plan cancelled for the end of its period', async () => {
    const { browser } = await proAccount();
    expect((await browser.put('/subscriptions/update.json', { plan: 'level0' })).json).toMatchObject({ status: 'ok' });
    expect((await browser.session()).group.tier).toBe('pro');
    expect(await renew('2026-05-01T00:00:00Z')).toEqual({ renewed: 0, failed: 0, ended: 1 });
    expect((await browser.session()).group.tier).toBe('free');
  });
});

describe('cards', () => {
  it('adds a card, uses it for the plan, refuses to remove the paying card and removes the other; other accounts get 404', async () => {
    const { browser, billing, subscriptionId } = await proAccount();
    const first = (await browser.get(`${billing}.json`)).json.cards[0].token as string;
    const second = await tokenise(browser, '5555555555554444');
    expect((await browser.post('/account/cards.json', { payment_method_id: second })).json).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
    });
    expect((await browser.request('DELETE', `/account/cards/${first}.json`)).status).toBe(409);
    expect((await browser.put(`/subscriptions/${subscriptionId}.json`, { payment_method_id: second })).status).toBe(
      200,
    );
    expect((await browser.request('DELETE', `/account/cards/${first}.json`)).json).toEqual({ status: 'ok' });
    expect((await browser.get(`${billing}.json`)).json.cards.map((c: { last4: string }) => c.last4)).toEqual(['4444']);
    const other = (await proAccount()).browser;
    expect((await other.request('DELETE', `/account/cards/${second}.json`)).status).toBe(404);
    expect((await other.put(`/subscriptions/${subscriptionId}.json`, { payment_method_id: second })).status).toBe(404);
  });
});
