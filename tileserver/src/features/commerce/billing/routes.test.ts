import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { testCards } from '../../../payments/local/test-cards.ts';
import { planById } from '../plans/plans.ts';
import { priceCents } from '@parcel-map/contracts/commerce/plan-pricing';

const sql = testDb(3);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const nextYear = new Date().getUTCFullYear() + 1;
const tokenise = async (browser: TestBrowser, number: string) => {
  const res = await browser.post('/payments/local/payment_methods', {
    number,
    exp_month: 12,
    exp_year: nextYear,
    cvc: '123',
    name: 'Card Holder',
  });
  return res.json.id as string;
};
const freeUser = async () => {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('buyer'), 'secret-pass-1', 'Bea Buyer');
  return browser;
};
let accounts = 0;
const checkout = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.post('/subscriptions.json', {
    plan: 'level1',
    cycle: 'monthly',
    agreement: true,
    group_name: `Acme ${process.pid} ${Date.now().toString(36)} ${++accounts}`,
    ...body,
  });

describe('checkout with the local provider', () => {
  it('buys Pro with the success card: the group gets the plan, the card, the subscription and an order', async () => {
    const browser = await freeUser();
    const pm = await tokenise(browser, '4242 4242 4242 4242');
    const res = await checkout(browser, { payment_method_id: pm, cycle: 'annual' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ amount: priceCents(planById.get('level1')!, 'annual', 1) });
    expect(res.json.path).toMatch(/^\/g\/acme-[a-z0-9-]+\/settings\/billing$/);
    expect(res.json.charge_id).toMatch(/^ch_/);
    const session = await browser.session();
    expect(session).toMatchObject({ level: 'pro', has_sitecontrol: true, group: { tier: 'pro' } });
    const [card] =
      await sql`SELECT c.brand, c.last4, c.cardholder_name FROM cards c JOIN groups g ON g.id = c.group_id WHERE g.slug = ${res.json.path.split('/')[2]}`;
    expect(card).toEqual({ brand: 'visa', last4: '4242', cardholder_name: 'Card Holder' });
    const [sub] =
      await sql`SELECT s.plan, s.cycle, s.users, s.period_end - s.period_start AS length FROM subscriptions s JOIN groups g ON g.id = s.group_id WHERE g.slug = ${res.json.path.split('/')[2]}`;
    expect(sub).toMatchObject({ plan: 'level1', cycle: 'annual', users: 1 });
    const [charge] = await sql`SELECT amount_cents FROM local_charges WHERE id = ${res.json.charge_id}`;
    expect(charge!.amount_cents).toBe(res.json.amount);
    // The billing page's data: the plan, the card and the order; nobody else's account.
    const billing = await browser.get(`${res.json.path}.json`);
    expect(billing.json).toMatchObject({
      plan: { plan: 'level1' },
      is_manager: true,
      subscription: { cycle: 'annual', price_cents: res.json.amount },
      cards: [{ last4: '4242', expired: false }],
    });
    expect(billing.json.orders).toMatchObject([{ kind: 'subscription', amount_cents: res.json.amount }]);
    expect((await (await freeUser()).get(`${res.json.path}.json`)).status).toBe(404);
    const history = (await browser.get('/profile/orders.json')).json.orders;
    expect(history).toMatchObject([
      { kind: 'subscription', amount_cents: res.json.amount, account: expect.stringMatching(/^Acme /) },
    ]);
    expect((await (await freeUser()).get('/profile/orders.json')).json.orders).toEqual([]);
  });

  it.each(Object.entries(testCards).filter(([, c]) => c.fails === 'charge'))(
    'refuses card %s with the processor code and message, and makes no group',
    async (number, card) => {
      const browser = await freeUser();
      const res = await checkout(browser, { payment_method_id: await tokenise(browser, number) });
      expect(res.status).toBe(402);
      expect(res.json.error).toMatchObject({
        code: 'PAYMENT_REQUIRED',
        message: card.message,
        details: { card_code: card.code },
      });
      expect((await browser.session()).group).toBeNull();
    },
  );

  it('charges once when the same checkout is submitted twice, even at the same moment', async () => {
    const browser = await freeUser();
    const pm = await tokenise(browser, '4242424242424242');
    const name = `Twice ${Date.now()}`;
    const [a, b] = await Promise.all([
      checkout(browser, { payment_method_id: pm, idempotency_key: 'checkout-once-1', group_name: name }),
      checkout(browser, { payment_method_id: pm, idempotency_key: 'checkout-once-1', group_name: name }),
    ]);
    expect([a.status, b.status, a.json.error?.message]).toEqual([201, 201, undefined]);
    expect(a.json.charge_id).toBe(b.json.charge_id);
    const [count] = await sql`SELECT count(*)::int AS n FROM local_charges WHERE payment_method_id = ${pm}`;
    expect(count!.n).toBe(1);
    const [orders] = await sql`SELECT count(*)::int AS n FROM orders WHERE charge_id = ${a.json.charge_id}`;
    expect(orders!.n).toBe(1);
  });

  it('bills Team per seat and monthly only, and turns Pro with more users into Team', async () => {
    const browser = await freeUser();
    const res = await checkout(browser, {
      payment_method_id: await tokenise(browser, '4242424242424242'),
      users: 3,
      cycle: 'annual',
    });
    expect(res.status).toBe(201);
    const team = planById.get('team_flex')!;
    expect(res.json.amount).toBe(team.prices.monthly * 3);
    const [group] = await sql`SELECT tier, subtier, seats FROM groups WHERE slug = ${res.json.path.split('/')[2]}`;
    expect(group).toEqual({ tier: 'team', subtier: 'team_flex', seats: 3 });
  });

  it('answers bad input clearly: no session, no agreement, a taken account name, a plan that is not for sale, a second plan', async () => {
    const anonymous = new TestBrowser(app);
    expect((await checkout(anonymous, { payment_method_id: 'pm_abcdefgh' })).status).toBe(401);
    const browser = await freeUser();
    const pm = await tokenise(browser, '4242424242424242');
    expect((await checkout(browser, { payment_method_id: pm, agreement: false })).json.error.message).toContain(
      'Agree to the terms of service to continue',
    );
    const { browser: owner } = await signedInUser(app, sql, 'pro');
    const taken = (await owner.session()).group.name;
    const clash = await checkout(browser, { payment_method_id: pm, group_name: taken });
    expect(clash.status).toBe(409);
    expect(clash.json.error.message).toBe(
      'It appears you have already selected this account name, please try another.',
    );
    expect((await checkout(browser, { payment_method_id: pm, plan: 'level0' })).status).toBe(400);
    expect((await checkout(browser, { payment_method_id: 'pm_not_a_real_one' })).status).toBe(402);
    expect((await checkout(browser, { payment_method_id: pm })).status).toBe(201);
    const second = await checkout(browser, { payment_method_id: await tokenise(browser, '4242424242424242') });
    expect(second.status).toBe(409);
  });
});

describe('the local tokeniser', () => {
  it('checks the number, expiry and security code as the processor does, and keeps only brand, last 4, expiry and name', async () => {
    const browser = new TestBrowser(app);
    const bad = (card: Record<string, unknown>) =>
      browser.post('/payments/local/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: nextYear,
        cvc: '123',
        name: 'Card Holder',
        ...card,
      });
    expect((await bad({ number: '4242424242424241' })).json.error.details.card_code).toBe('incorrect_number');
    expect((await bad({ exp_year: 2001 })).json.error.details.card_code).toBe('invalid_expiry_year');
    expect((await bad({ exp_month: 13 })).json.error.details.card_code).toBe('invalid_expiry_month');
    expect((await bad({ cvc: '1' })).json.error.details.card_code).toBe('invalid_cvc');
    const ok = await bad({});
    expect(ok.status).toBe(201);
    expect(ok.json.card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: nextYear });
    const [row] = await sql`SELECT to_jsonb(m)::text AS text FROM local_payment_methods m WHERE id = ${ok.json.id}`;
    expect(row!.text).not.toContain('4242424242424242');
  });
});

describe('plans', () => {
  it('lists the plans with prices, annual savings and the provider', async () => {
    const res = await new TestBrowser(app).get('/plans.json');
    expect(res.json.payment_provider).toBe('local');
    const pro = res.json.plans.find((p: { plan: string }) => p.plan === 'level1');
    expect(pro.annual_savings).toBe(pro.prices.monthly * 12 - pro.prices.annual);
    expect(pro.price_text.monthly).toMatch(/^\$\d/);
    // The site plans above Team are sold by contract: "Contact us" with an address, never a checkout.
    for (const [id, name] of [
      ['level2', 'Enterprise'],
      ['level4', 'Unlimited'],
    ]) {
      const plan = res.json.plans.find((p: { plan: string }) => p.plan === id);
      expect(plan).toMatchObject({ name, purchasable: false, price_text: { monthly: 'Contact us' } });
      expect(plan.contact_link).toMatch(/^mailto:/);
    }
  });
});

describe('offers', () => {
  it('lets an admin make a code whose price checkout then charges, and refuses unknown, expired and mismatched codes', async () => {
    const admin = await signedInAdmin(app, sql);
    const code = `SPRING-${process.pid}`;
    expect(
      (
        await admin.post('/admin/codes.json', {
          code,
          name: 'Spring offer',
          plan: 'level1',
          cycle: 'annual',
          price_cents: 50000,
        })
      ).status,
    ).toBe(201);
    expect(
      (await admin.post('/admin/codes.json', { code, name: 'Again', plan: 'level1', cycle: 'annual', price_cents: 1 }))
        .status,
    ).toBe(409);
    expect(
      (
        await admin.post('/admin/codes.json', {
          code: `OLD-${process.pid}`,
          name: 'Old',
          plan: 'level1',
          cycle: 'annual',
          price_cents: 1,
          expires_at: '2020-01-01',
        })
      ).status,
    ).toBe(201);
    expect((await admin.get('/admin/codes.json')).json.offers.map((o: { code: string }) => o.code)).toContain(code);
    expect((await (await freeUser()).get('/admin/codes.json')).status).toBe(404);

    const browser = await freeUser();
    const pm = await tokenise(browser, '4242424242424242');
    // Low 11: one message for every refusal, so that answers do not tell which codes exist.
    const refusal = 'That offer code is not valid for this plan and account.';
    expect(
      (await checkout(browser, { payment_method_id: pm, cycle: 'annual', offer: 'NOPE-1' })).json.error.message,
    ).toBe(refusal);
    expect(
      (await checkout(browser, { payment_method_id: pm, cycle: 'annual', offer: `OLD-${process.pid}` })).json.error
        .message,
    ).toBe(refusal);
    expect((await checkout(browser, { payment_method_id: pm, cycle: 'monthly', offer: code })).json.error.message).toBe(
      refusal,
    );
    const bought = await checkout(browser, { payment_method_id: pm, cycle: 'annual', offer: code.toLowerCase() });
    expect(bought.json.amount).toBe(50000);
  });
});

describe('offer code guessing (Low 11)', () => {
  it('Low 11: an account uses a code bound to no account once, and a user past the attempts per hour gets 429', async () => {
    const admin = await signedInAdmin(app, sql);
    const code = `ONCE-${process.pid}`;
    expect(
      (
        await admin.post('/admin/codes.json', {
          code,
          name: 'Once',
          plan: 'level1',
          cycle: 'monthly',
          price_cents: 100,
        })
      ).status,
    ).toBe(201);
    const browser = await freeUser();
    const bought = await checkout(browser, {
      payment_method_id: await tokenise(browser, '4242424242424242'),
      cycle: 'monthly',
      offer: code,
    });
    expect(bought.json.amount).toBe(100);
    expect((await browser.put('/subscriptions/update.json', { plan: 'level1', cycle: 'annual' })).status).toBe(200);
    const again = await browser.put('/subscriptions/update.json', { plan: 'level1', cycle: 'monthly', code });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe('That offer code is not valid for this plan and account.');
    // Another account may still use it.
    const other = await freeUser();
    expect(
      (
        await checkout(other, {
          payment_method_id: await tokenise(other, '4242424242424242'),
          cycle: 'monthly',
          offer: code,
        })
      ).json.amount,
    ).toBe(100);
    // Guessing: OFFER_CODE_ATTEMPTS_PER_HOUR (20) tries, then 429 even for a good code.
    const guesser = await freeUser();
    const pm = await tokenise(guesser, '4242424242424242');
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push((await checkout(guesser, { payment_method_id: pm, cycle: 'monthly', offer: `GUESS-${i}` })).status);
    expect(answers.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(answers[20]).toBe(429);
    expect((await checkout(guesser, { payment_method_id: pm, cycle: 'monthly', offer: code })).status).toBe(429);
  });
});

describe('admin orders', () => {
  it('lists orders for admins only and refunds part of a charge, never more than was charged', async () => {
    const browser = await freeUser();
    const bought = await checkout(browser, { payment_method_id: await tokenise(browser, '4242424242424242') });
    const admin = await signedInAdmin(app, sql);
    const listed = (await admin.get('/admin/orders.json')).json.orders.find(
      (o: { charge_id: string }) => o.charge_id === bought.json.charge_id,
    );
    expect(listed).toMatchObject({ kind: 'subscription', amount_cents: bought.json.amount, refunded_cents: 0 });
    expect((await browser.get('/admin/orders.json')).status).toBe(404);
    expect((await admin.post(`/admin/orders/${listed.id}/refund.json`, { amount_cents: 1000 })).json).toEqual({
      status: 'ok',
      refunded_cents: 1000,
    });
    expect(
      (await admin.post(`/admin/orders/${listed.id}/refund.json`, { amount_cents: bought.json.amount })).status,
    ).toBe(400);
    const [charge] = await sql`SELECT refunded_cents FROM local_charges WHERE id = ${bought.json.charge_id}`;
    expect(charge!.refunded_cents).toBe(1000);
    const history = (await browser.get('/profile/orders.json')).json.orders.map(
      (o: { kind: string; amount_cents: number }) => [o.kind, o.amount_cents],
    );
    expect(history).toContainEqual(['refund', -1000]);
  });
});
