// Changing plan (accounts-billing.md section 4): GET /settings/check_change.json answers whether a
// change is possible and what it takes away (plan-change-effects.ts: members, projects, surveys, focus
// areas and follows past the new limits), with the prorated charge or credit; PUT
// /subscriptions/update.json makes it: the difference for the rest of the period is charged at once
// (credit first), a downgrade leaves a credit, and what was listed goes. Starter (level0) cancels at
// the end of the period (the check's effective_at): the renewal run then removes what is over Starter's
// limits (renewals.ts). Managers only.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { boundedString } from '@parcel-map/contracts/bounded-string';
import { requireSession, type Caller, type CallerResolver, type SessionCaller } from '../../../auth/caller.ts';
import { systemClock, type Clock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { checkout, type Pay } from '../../../payments/checkout.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { applyCombo, assessCombo, apiPeriodPrice, noSitePlan } from './site-api-access.ts';
import { comboBody, comboQuery } from '@parcel-map/contracts/commerce/site-api-access';
import { applyEffects, changeEffects, noEffects } from './plan-change-effects.ts';
import { pastDueMessage, serverChangeKey } from './checkout-steps.ts';
import { countOfferAttempt, findOffer, redeemOffer } from './offers.ts';
import { assertBilling, mayOnBilling } from './policy.ts';
import { planById } from '../plans/plans.ts';
import { prorate } from '../plans/pricing.ts';
import { cycleFor, planForUsers, priceCents, type Cycle } from '@parcel-map/contracts/commerce/plan-pricing';
import {
  cancelAtPeriodEnd,
  changeSubscription,
  currentSubscription,
  customerOfCard,
  insertChangeOrder,
  setGroupPlan,
} from './queries.ts';

const change = z.object({
  plan: boundedString(40).regex(/^[a-z0-9_]{2,40}$/, 'Choose a plan'),
  cycle: z.enum(['monthly', 'annual']).default('monthly'),
  users: z.coerce.number().int().min(1).max(25).default(1),
  /** An offer code (its price replaces the list price). */
  code: boundedString(40).optional(),
});
type Change = z.infer<typeof change>;

/** The body as read before it is known which variant it is: the plan decides (api_combo or a site plan). */
const anyChange = z.looseObject({ plan: change.shape.plan });

type PlanChangeWork<T> = (db: Sql, pay: Pay) => Promise<T>;
type PlanChangeDeps = Parameters<typeof planChangeRoutes>[0];

/**
 * A plan change (site plan, API access, stand-alone API plan) in one transaction under the account's
 * plan-change lock (payments/checkout.ts: a charge the transaction then fails to record is refunded).
 * The account's cached callers are dropped once it commits.
 */
export async function runPlanChange<T>(
  deps: { sql: Sql; payments: PaymentProvider; callers: CallerResolver },
  groupId: number,
  work: PlanChangeWork<T>,
): Promise<T> {
  const answer = await checkout(deps, { lock: { scope: 'plan-change', id: groupId } }, work);
  deps.callers.forgetGroup(groupId);
  return answer;
}

/** The customer that pays with the subscription's card, or 402 without one. */
export async function payerOf(db: Sql, cardToken: string | null): Promise<{ token: string; customerId: string }> {
  const customerId = cardToken ? await customerOfCard(db, cardToken) : undefined;
  if (!customerId) throw new ApiError('PAYMENT_REQUIRED', 'Add a card to your account to change plan.');
  return { token: cardToken!, customerId };
}

/** The routes' dependencies with the clock settled. */
type Ctx = PlanChangeDeps & { now: Clock };

function managerGroup(caller: Caller) {
  requireSession(caller);
  if (!caller.group) throw new ApiError('NOT_FOUND', 'You have no account with a plan: choose one on the plans page.');
  assertBilling(caller, 'change_plan');
  return caller.group;
}

/** API access (api_combo): an account without a group is sent to the API-plan checkout (409), not 404. */
function comboGroup(caller: Caller) {
  requireSession(caller);
  if (!caller.group) throw noSitePlan();
  return managerGroup(caller);
}

/** The plan a request names, normalised as the form does: Pro with more users is Team, seats 2-25, per-seat plans monthly. */
function target(body: Change) {
  const planId = planForUsers(body.plan, body.users);
  const plan = planById.get(planId);
  if (!plan || (!plan.purchasable && plan.plan !== 'level0'))
    throw new ApiError('BAD_REQUEST', `The plan ${body.plan} cannot be chosen here`);
  const users = plan.per_seat_pricing ? Math.max(2, body.users) : 1;
  return { plan, users, cycle: cycleFor(plan, body.cycle) };
}

/** Whether the change is possible and, if so, what it costs and takes away. */
async function assess(deps: Ctx, db: Sql, groupId: number, userId: number, body: Change) {
  const subscription = await currentSubscription(db, groupId);
  if (!subscription)
    return { possible: false as const, reason: 'Your account has no plan to change: choose one on the plans page.' };
  // M5: a past-due account would be prorated against a period nobody paid for.
  if (subscription.status === 'past_due') return { possible: false as const, reason: pastDueMessage };
  const next = target(body);
  if (next.plan.plan === subscription.plan && next.cycle === subscription.cycle && next.users === subscription.users) {
    return { possible: false as const, reason: 'That is your current plan.' };
  }
  const effects = await changeEffects(db, deps.config, {
    groupId,
    plan: next.plan,
    seats: next.users,
    apiAccess: subscription.api_access,
  });
  if (body.code) countOfferAttempt(deps.config, userId);
  const offer = body.code
    ? await findOffer(db, body.code, { plan: next.plan.plan, cycle: next.cycle, groupId, now: deps.now() })
    : undefined;
  const newPrice = offer
    ? next.plan.per_seat_pricing
      ? offer.price_cents * next.users
      : offer.price_cents
    : priceCents(next.plan, next.cycle, next.users);
  // API access (api_combo) stays, priced for the new cycle: it is prorated with the plan.
  const apiPrice = subscription.api_access ? apiPeriodPrice(subscription.api_access, next.cycle) : 0;
  const money =
    next.plan.plan === 'level0'
      ? {
          chargeCents: 0,
          creditCents: subscription.credit_cents,
          periodStart: subscription.period_start,
          periodEnd: subscription.period_end,
        }
      : prorate({
          oldPriceCents: subscription.price_cents + subscription.api_price_cents,
          newPriceCents: newPrice + apiPrice,
          oldCycle: subscription.cycle,
          newCycle: next.cycle,
          periodStart: subscription.period_start,
          periodEnd: subscription.period_end,
          now: deps.now(),
          creditCents: subscription.credit_cents,
        });
  return {
    possible: true as const,
    subscription,
    next,
    newPrice,
    apiPrice,
    money,
    offer,
    effects,
  };
}

async function checkChange(c: Context, deps: Ctx): Promise<Response> {
  const { sql } = deps;
  if (c.req.query('plan') === 'api_combo') {
    const group = comboGroup(await deps.callers.of(c));
    const query = comboQuery.parse(c.req.query());
    const result = await assessCombo(sql, group, query, deps.now());
    const effects = noEffects();
    if (!result.possible) return c.json({ possible: false, reason: result.reason, effects });
    return c.json({
      possible: true,
      reason: null,
      effects,
      charge: result.money.chargeCents,
      credit: result.money.creditCents,
      price: result.price,
      effective_at: null,
    });
  }
  const caller = await deps.callers.of(c);
  const group = managerGroup(caller);
  const parsed = change.safeParse(c.req.query());
  if (!parsed.success) throw new ApiError('BAD_REQUEST', parsed.error.issues.map((i) => i.message).join('; '));
  const result = await assess(deps, sql, group.id, caller.user!.id, parsed.data);
  if (!result.possible)
    return c.json({
      possible: false,
      reason: result.reason,
      effects: noEffects(),
    });
  return c.json({
    possible: true,
    reason: null,
    effects: result.effects,
    charge: result.money.chargeCents,
    credit: result.money.creditCents,
    price: result.newPrice,
    // Starter starts, and its effects apply, when the paid period ends; other changes apply at once.
    effective_at: result.next.plan.plan === 'level0' ? result.subscription.period_end.toISOString() : null,
  });
}

async function changePlan(c: Context, deps: Ctx): Promise<Response> {
  const caller = await deps.callers.of(c);
  requireSession(caller);
  // Who may change comes before what was sent: only a manager's body is judged (400); for anyone else
  // the plan only picks the refusal (API access: 409 to the checkout without an account, else 404/403).
  const raw = mayOnBilling(caller, 'change_plan')
    ? await requestBody(c, anyChange)
    : await requestBody(c, anyChange).catch(() => ({ plan: '' }));
  if (raw.plan === 'api_combo') {
    const group = comboGroup(caller);
    const comboChange = comboBody.parse(raw);
    const answer = await runPlanChange(deps, group.id, (db, pay) =>
      applyCombo(db, { now: deps.now() }, caller as SessionCaller, group, comboChange, pay),
    );
    deps.onApiAccessChanged?.(group.id);
    return c.json(answer);
  }
  const group = managerGroup(caller);
  const body = change.parse(raw);
  const answer = await runPlanChange(deps, group.id, async (db, pay) => {
    let chargeId: string | null = null;
    const result = await assess(deps, db, group.id, caller.user!.id, body);
    if (!result.possible) throw new ApiError('CONFLICT', result.reason);
    const { subscription, next, money } = result;
    if (result.offer) await redeemOffer(db, result.offer, group.id);
    if (next.plan.plan === 'level0') {
      await cancelAtPeriodEnd(db, subscription.id);
      return { status: 'ok', effective_at: subscription.period_end, charge: 0 };
    }
    if (money.chargeCents > 0) {
      if (!subscription.card_token)
        throw new ApiError('PAYMENT_REQUIRED', 'Add a card to your account to change plan.');
      const payer = await payerOf(db, subscription.card_token);
      const key = await serverChangeKey(
        db,
        'change',
        group.id,
        subscription.id,
        `${next.plan.plan}_${next.cycle}_${next.users}`,
      );
      const charge = await pay({
        customerId: payer.customerId,
        token: payer.token,
        amountCents: money.chargeCents,
        description: `Change to ${next.plan.name}`,
        idempotencyKey: key,
      });
      chargeId = charge.id;
    }
    await changeSubscription(db, subscription.id, {
      plan: next.plan.plan,
      cycle: next.cycle,
      users: next.users,
      priceCents: result.newPrice,
      apiPriceCents: result.apiPrice,
      periodStart: money.periodStart,
      periodEnd: money.periodEnd,
      creditCents: money.creditCents,
    });
    await setGroupPlan(db, group.id, { tier: next.plan.tier, subtier: next.plan.plan, seats: next.users });
    await applyEffects(db, group.id, result.effects);
    const credited = money.creditCents - subscription.credit_cents;
    await insertChangeOrder(db, {
      groupId: group.id,
      userId: caller.user!.id,
      kind: credited > 0 ? 'credit' : 'plan_change',
      description: `${next.plan.name}${next.plan.per_seat_pricing ? ` for ${next.users} users` : ''}, ${next.cycle}${credited > 0 ? ' (credit for the unused time)' : ''}`,
      amountCents: credited > 0 ? -credited : money.chargeCents,
      chargeId,
    });
    return { status: 'ok', charge: money.chargeCents, credit: money.creditCents };
  });
  return c.json(answer);
}

export function planChangeRoutes(deps: {
  config: Config;
  sql: Sql;
  callers: CallerResolver;
  payments: PaymentProvider;
  clock?: Clock;
  onApiAccessChanged?: (groupId: number) => void;
}): Hono {
  const app = new Hono();
  const ctx: Ctx = { ...deps, now: deps.clock ?? systemClock };
  app.get('/settings/check_change.json', (c) => checkChange(c, ctx));
  app.put('/subscriptions/update.json', (c) => changePlan(c, ctx));
  return app;
}
