// Plans and checkout: GET /plans.json (the plans file with prices and savings), POST /subscriptions.json
// (buy a site plan with a card: the card is attached and charged through the payment provider, then
// the group gets the plan, the card, the subscription and an order, all or nothing), and the local
// provider's tokeniser. One checkout per user at a time; a repeated idempotency key answers the first
// purchase again and charges once.
import { Hono, type Context } from 'hono';
import { requireSession, type CallerResolver } from '../../../auth/caller.ts';
import { systemClock, type Clock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { checkout } from '../../../payments/checkout.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { buyApiPlan } from './api-checkout.ts';
import { isSelfServeApiPlan } from '../plans/api-plans.ts';
import { accountForPurchase, assertCheckoutPossible, customerFor } from './checkout-steps.ts';
import { findOffer, countOfferAttempt, redeemOffer } from './offers.ts';
import { assertBilling, mayOnBilling } from './policy.ts';
import { planById, plans } from '../plans/plans.ts';
import { periodEnd } from '../plans/pricing.ts';
import { annualSavingsCents, cycleFor, planForUsers, priceCents } from '@parcel-map/contracts/commerce/plan-pricing';
import { formatUsd } from '@parcel-map/contracts/money';
import {
  billingOf,
  groupSlug,
  insertCard,
  insertOrder,
  insertSubscription,
  orderByKey,
  ordersOfUser,
  setGroupPlan,
} from './queries.ts';
import { cardBody, subscriptionBody, type SubscriptionAnswer } from '@parcel-map/contracts/commerce/billing';

export interface BillingDeps {
  config: Config;
  sql: Sql;
  callers: CallerResolver;
  payments: PaymentProvider;
  clock?: Clock;
}

/** The routes' dependencies with the clock settled. */
type Ctx = BillingDeps & { now: Clock };

function planList(c: Context, deps: Ctx): Response {
  const { payments } = deps;
  return c.json({
    plans: plans.map((p) => ({
      ...p,
      annual_savings: annualSavingsCents(p),
      price_text: {
        monthly: p.contact_link ? 'Contact us' : formatUsd(p.prices.monthly),
        annual: p.prices.annual === null ? null : formatUsd(p.prices.annual),
      },
    })),
    payment_provider: payments.name,
    publishable_key: payments.name === 'stripe' ? (deps.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  });
}

/** The local provider's tokeniser: the only place a card number is ever sent; never logged or stored. */
async function tokeniseCard(c: Context, payments: LocalPaymentProvider): Promise<Response> {
  const card = await requestBody(c, cardBody, { maxBytes: 2048 });
  const method = await payments.tokenise({
    number: card.number,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    cvc: card.cvc,
    name: card.name,
  });
  return c.json(
    {
      id: method.token,
      card: { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear },
    },
    201,
  );
}

async function subscribe(c: Context, deps: Ctx): Promise<Response> {
  const { sql, payments } = deps;
  const caller = await deps.callers.of(c);
  requireSession(caller);
  const body = await requestBody(c, subscriptionBody);
  if (isSelfServeApiPlan(body.plan)) {
    const bought = await buyApiPlan({ sql, payments, clock: deps.now }, caller, body);
    deps.callers.forgetGroup(bought.groupId);
    return c.json(
      {
        path: `/g/${await groupSlug(sql, bought.groupId)}/settings/billing`,
        charge_id: bought.chargeId,
        amount: bought.amount,
      } satisfies SubscriptionAnswer,
      201,
    );
  }
  const planId = planForUsers(body.plan, body.users);
  const plan = planById.get(planId);
  if (!plan || !plan.purchasable) throw new ApiError('BAD_REQUEST', `The plan ${body.plan} cannot be bought here`);
  const users = plan.per_seat_pricing ? Math.max(plan.users?.min ?? 1, body.users) : 1;
  if (users > (plan.users?.max ?? 25))
    throw new ApiError('BAD_REQUEST', `${plan.name} has at most ${plan.users?.max} users`);
  const cycle = cycleFor(plan, body.cycle);
  // An offer's price replaces the list price (per seat for per-seat plans).
  if (body.offer) countOfferAttempt(deps.config, caller.user.id);
  const offer = body.offer
    ? await findOffer(sql, body.offer, { plan: plan.plan, cycle, groupId: caller.group?.id ?? null, now: deps.now() })
    : undefined;
  const amount = offer
    ? plan.per_seat_pricing
      ? offer.price_cents * users
      : offer.price_cents
    : priceCents(plan, cycle, users);
  const key = `sub_${caller.user.id}_${body.idempotency_key ?? `${body.payment_method_id}_${planId}_${cycle}_${users}`}`;
  const group = caller.group;
  // Who may buy is judged after the body (a member's malformed request is a 400, as the route table expects).
  assertBilling(caller, 'buy_plan');

  const answer = await checkout(
    { sql, payments },
    {
      lock: { scope: 'checkout', id: caller.user.id },
      replay: async (db) => {
        const done = await orderByKey(db, key);
        return done && { groupId: Number(done.group_id), chargeId: done.charge_id, amount: done.amount_cents };
      },
    },
    async (db, pay) => {
      await assertCheckoutPossible(db, group, body.group_name);
      const customer = await customerFor(db, payments, caller.user);
      const card = await payments.attachCard(customer, body.payment_method_id);
      const charged = await pay({
        customerId: customer,
        token: card.token,
        amountCents: amount,
        description: `${plan.name} (${cycle})`,
        idempotencyKey: key,
      });
      const groupId = await accountForPurchase(db, caller, body.group_name, plan.tier, users);
      if (offer) await redeemOffer(db, offer, groupId);
      await setGroupPlan(db, groupId, { tier: plan.tier, subtier: plan.plan, seats: users });
      await insertCard(db, groupId, caller.user.id, payments.name, card);
      const start = deps.now();
      await insertSubscription(db, {
        groupId,
        plan: plan.plan,
        cycle,
        users,
        priceCents: amount,
        cardToken: card.token,
        start,
        end: periodEnd(start, cycle),
      });
      await insertOrder(db, {
        groupId,
        userId: caller.user.id,
        kind: 'subscription',
        description: `${plan.name}, ${cycle}${plan.per_seat_pricing ? `, ${users} users` : ''}${offer ? ` (offer ${offer.code})` : ''}`,
        amountCents: amount,
        chargeId: charged.id,
        key,
      });
      return { groupId, chargeId: charged.id, amount };
    },
  );
  deps.callers.forgetGroup(answer.groupId);
  return c.json(
    {
      path: `/g/${await groupSlug(sql, answer.groupId)}/settings/billing`,
      charge_id: answer.chargeId,
      amount: answer.amount,
    } satisfies SubscriptionAnswer,
    201,
  );
}

// Order history (/profile/orders): the orders the user placed and those of the account they manage.
async function orderHistory(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const caller = await deps.callers.of(c);
  requireSession(caller);
  const groupId = caller.group && mayOnBilling(caller, 'view_account_orders') ? caller.group.id : null;
  const orders = await ordersOfUser(sql, caller.user.id, groupId);
  return c.json({ orders: orders.map((o) => ({ ...o, id: Number(o.id) })) }, 200, { 'Cache-Control': 'no-store' });
}

// The billing page's data: the group's plan, subscription, cards and orders; members only (404 otherwise).
async function billingPage(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  const caller = await deps.callers.of(c);
  requireSession(caller);
  const group = caller.group;
  if (!group || !mayOnBilling(caller, 'view_billing', c.req.param('group')))
    throw new ApiError('NOT_FOUND', 'No such account');
  const billing = await billingOf(sql, group.id);
  const plan = billing.subscription ? planById.get(billing.subscription.plan) : undefined;
  return c.json(
    {
      group: { name: group.name, path: `/g/${group.slug}`, tier: group.tier },
      plan: plan ? { plan: plan.plan, name: plan.name, included: plan.included } : null,
      is_manager: mayOnBilling(caller, 'change_plan'),
      ...billing,
      cards: billing.cards.map((card) => ({
        ...card,
        expired:
          card.exp_year < deps.now().getUTCFullYear() ||
          (card.exp_year === deps.now().getUTCFullYear() && card.exp_month < deps.now().getUTCMonth() + 1),
      })),
    },
    200,
    { 'Cache-Control': 'no-store' },
  );
}

export function billingRoutes(deps: BillingDeps): Hono {
  const app = new Hono();
  const ctx: Ctx = { ...deps, now: deps.clock ?? systemClock };
  const { payments } = deps;
  app.get('/plans.json', (c) => planList(c, ctx));
  if (payments instanceof LocalPaymentProvider)
    app.post('/payments/local/payment_methods', (c) => tokeniseCard(c, payments));
  app.post('/subscriptions.json', (c) => subscribe(c, ctx));
  app.get('/profile/orders.json', (c) => orderHistory(c, ctx));
  app.get('/g/:group/settings/billing.json', (c) => billingPage(c, ctx));
  return app;
}
