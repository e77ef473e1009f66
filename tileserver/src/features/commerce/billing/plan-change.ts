// Changing plan (accounts-billing.md section 4): GET /settings/check_change.json answers whether a
// change is possible and what it takes away (members beyond the new seats, projects beyond the new
// limit), with the prorated charge or credit; PUT /subscriptions/update.json makes it: the difference
// for the rest of the period is charged at once (credit first), a downgrade leaves a credit, and the
// listed members and projects go. Starter (level0) cancels at the end of the period. Managers only.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { boundedString } from '@parcel-map/contracts/bounded-string';
import { requireSession, type Caller, type CallerResolver, type SessionCaller } from '../../../auth/caller.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { CardError, type PaymentProvider } from '../../../payments/provider.ts';
import { applyCombo, assessCombo, apiPeriodPrice, noSitePlan } from './site-api-access.ts';
import { comboBody, comboQuery } from '@parcel-map/contracts/commerce/site-api-access';
import { projectLimits } from '../plans/project-limits.ts';
import { pastDueMessage, serverChangeKey } from './checkout-steps.ts';
import { countOfferAttempt, findOffer, redeemOffer } from './offers.ts';
import { planById } from '../plans/plans.ts';
import { prorate } from '../plans/pricing.ts';
import { cycleFor, planForUsers, priceCents, type Cycle } from '@parcel-map/contracts/commerce/plan-pricing';

const change = z.object({
  plan: boundedString(40).regex(/^[a-z0-9_]{2,40}$/, 'Choose a plan'),
  cycle: z.enum(['monthly', 'annual']).default('monthly'),
  users: z.coerce.number().int().min(1).max(25).default(1),
  /** An offer code (its price replaces the list price). */
  code: boundedString(40).optional(),
});
type Change = z.infer<typeof change>;

type Charge = { id: string; amount: number };
type SubscriptionRow = { id: string; status: string; plan: string; cycle: Cycle; users: number; price_cents: number; period_start: Date; period_end: Date; credit_cents: number; card_token: string | null; api_access: 'api_standard' | 'api_premium' | null; api_price_cents: number };

/** The body as read before it is known which variant it is: the plan decides (api_combo or a site plan). */
const anyChange = z.looseObject({ plan: change.shape.plan });

type PlanChangeWork<T> = (db: Sql, onCharged: (charge: Charge) => void) => Promise<T>;

/**
 * A plan change (site plan, API access, stand-alone API plan) in one transaction under the account's
 * plan-change lock. A charge reported through onCharged that the transaction then fails to record is
 * refunded; a declined card answers 402. The account's cached callers are dropped once it commits.
 */
export async function runPlanChange<T>(deps: { sql: Sql; payments: PaymentProvider; callers: CallerResolver }, groupId: number, work: PlanChangeWork<T>): Promise<T> {
  let charged: Charge | undefined;
  try {
    const answer = await deps.sql.begin(async (tx) => {
      const db = tx as unknown as Sql;
      await db`SELECT pg_advisory_xact_lock(hashtext('plan-change'), ${groupId}::int)`;
      return work(db, (charge) => (charged = charge));
    });
    deps.callers.forgetGroup(groupId);
    return answer as T;
  } catch (error) {
    if (charged) await deps.payments.refund({ chargeId: charged.id, amountCents: charged.amount, idempotencyKey: `refund_${charged.id}` }).catch(() => undefined);
    if (error instanceof CardError) throw new ApiError('PAYMENT_REQUIRED', error.message, { card_code: error.code, decline_code: error.declineCode });
    throw error;
  }
}

/** The customer that pays with the subscription's card, or 402 without one. */
export async function payerOf(db: Sql, cardToken: string | null): Promise<{ token: string; customerId: string }> {
  const [payer] = cardToken
    ? await db<{ customer_id: string }[]>`SELECT b.customer_id FROM cards c JOIN billing_customers b ON b.user_id = c.added_by WHERE c.token = ${cardToken}`
    : [];
  if (!payer) throw new ApiError('PAYMENT_REQUIRED', 'Add a card to your account to change plan.');
  return { token: cardToken!, customerId: payer.customer_id };
}

export function planChangeRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver; payments: PaymentProvider; now?: () => Date; onApiAccessChanged?: (groupId: number) => void }): Hono {
  const app = new Hono();
  const { sql } = deps;
  const now = deps.now ?? (() => new Date());

  const managerGroup = (caller: Caller) => {
    requireSession(caller);
    if (!caller.group) throw new ApiError('NOT_FOUND', 'You have no account with a plan: choose one on the plans page.');
    if (caller.group.role !== 'manager') throw new ApiError('FORBIDDEN', 'Only managers can change the plan. Please contact your account admin.');
    return caller.group;
  };
  /** API access (api_combo): an account without a group is sent to the API-plan checkout (409), not 404. */
  const comboGroup = (caller: Caller) => {
    requireSession(caller);
    if (!caller.group) throw noSitePlan();
    return managerGroup(caller);
  };

  const inPlanChange = <T,>(groupId: number, work: PlanChangeWork<T>) => runPlanChange(deps, groupId, work);

  /** The plan a request names, normalised as the form does: Pro with more users is Team, seats 2-25, per-seat plans monthly. */
  const target = (body: Change) => {
    const planId = planForUsers(body.plan, body.users);
    const plan = planById.get(planId);
    if (!plan || (!plan.purchasable && plan.plan !== 'level0')) throw new ApiError('BAD_REQUEST', `The plan ${body.plan} cannot be chosen here`);
    const users = plan.per_seat_pricing ? Math.max(2, body.users) : 1;
    return { plan, users, cycle: cycleFor(plan, body.cycle) };
  };

  const assess = async (db: Sql, groupId: number, userId: number, body: Change) => {
    const [subscription] = await db<SubscriptionRow[]>`SELECT * FROM subscriptions WHERE group_id = ${groupId} AND status <> 'canceled'`;
    if (!subscription) return { possible: false as const, reason: 'Your account has no plan to change: choose one on the plans page.' };
    // M5: a past-due account would be prorated against a period nobody paid for.
    if (subscription.status === 'past_due') return { possible: false as const, reason: pastDueMessage };
    const next = target(body);
    if (next.plan.plan === subscription.plan && next.cycle === subscription.cycle && next.users === subscription.users) {
      return { possible: false as const, reason: 'That is your current plan.' };
    }
    // Members beyond the new seats lose access (managers stay first), projects beyond the new limit go.
    const users = await db<{ name: string; role: string; user_id: string }[]>`
      SELECT u.name, m.role, u.id AS user_id FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ${groupId} ORDER BY (m.role = 'manager') DESC, m.created_at, u.id OFFSET ${next.plan.tier === 'free' ? 1 : next.users}`;
    const limit = projectLimits[next.plan.tier].projects;
    const maps = Number.isFinite(limit)
      ? await db<{ id: string; name: string }[]>`SELECT id, name FROM projects WHERE group_id = ${groupId} ORDER BY updated_at DESC, id DESC OFFSET ${Math.max(0, limit === 0 ? 0 : limit)}`
      : [];
    if (body.code) countOfferAttempt(deps.config, userId);
    const offer = body.code ? await findOffer(db, body.code, { plan: next.plan.plan, cycle: next.cycle, groupId, now: now() }) : undefined;
    const newPrice = offer ? (next.plan.per_seat_pricing ? offer.price_cents * next.users : offer.price_cents) : priceCents(next.plan, next.cycle, next.users);
    // API access (api_combo) stays, priced for the new cycle: it is prorated with the plan.
    const apiPrice = subscription.api_access ? apiPeriodPrice(subscription.api_access, next.cycle) : 0;
    const money = next.plan.plan === 'level0'
      ? { chargeCents: 0, creditCents: subscription.credit_cents, periodStart: subscription.period_start, periodEnd: subscription.period_end }
      : prorate({ oldPriceCents: subscription.price_cents + subscription.api_price_cents, newPriceCents: newPrice + apiPrice, oldCycle: subscription.cycle, newCycle: next.cycle, periodStart: subscription.period_start, periodEnd: subscription.period_end, now: now(), creditCents: subscription.credit_cents });
    return {
      possible: true as const,
      subscription, next, newPrice, apiPrice, money, offer,
      effects: { users: users.map((u) => [u.name, u.role, Number(u.user_id)]), maps: maps.map((m) => [Number(m.id), m.name]), sources: [], deprecatedApi: false },
    };
  };

  app.get('/settings/check_change.json', async (c) => {
    if (c.req.query('plan') === 'api_combo') {
      const group = comboGroup(await deps.callers.of(c));
      const query = comboQuery.parse(c.req.query());
      const result = await assessCombo(sql, group, query, now());
      const effects = { users: [], maps: [], sources: [], deprecatedApi: false };
      if (!result.possible) return c.json({ possible: false, reason: result.reason, effects });
      return c.json({ possible: true, reason: null, effects, charge: result.money.chargeCents, credit: result.money.creditCents, price: result.price });
    }
    const caller = await deps.callers.of(c);
    const group = managerGroup(caller);
    const parsed = change.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError('BAD_REQUEST', parsed.error.issues.map((i) => i.message).join('; '));
    const result = await assess(sql, group.id, caller.user!.id, parsed.data);
    if (!result.possible) return c.json({ possible: false, reason: result.reason, effects: { users: [], maps: [], sources: [], deprecatedApi: false } });
    return c.json({ possible: true, reason: null, effects: result.effects, charge: result.money.chargeCents, credit: result.money.creditCents, price: result.newPrice });
  });

  app.put('/subscriptions/update.json', async (c: Context) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    // Who may change comes before what was sent: only a manager's body is judged (400); for anyone else
    // the plan only picks the refusal (API access: 409 to the checkout without an account, else 404/403).
    const raw = caller.group?.role === 'manager' ? await requestBody(c, anyChange) : await requestBody(c, anyChange).catch(() => ({ plan: '' }));
    if (raw.plan === 'api_combo') {
      const group = comboGroup(caller);
      const comboChange = comboBody.parse(raw);
      const answer = await inPlanChange(group.id, (db, onCharged) => applyCombo(db, { payments: deps.payments, now: now() }, caller as SessionCaller, group, comboChange, onCharged));
      deps.onApiAccessChanged?.(group.id);
      return c.json(answer);
    }
    const group = managerGroup(caller);
    const body = change.parse(raw);
    const answer = await inPlanChange(group.id, async (db, onCharged) => {
      let chargeId: string | null = null;
      const result = await assess(db, group.id, caller.user!.id, body);
      if (!result.possible) throw new ApiError('CONFLICT', result.reason);
      const { subscription, next, money } = result;
      if (result.offer) await redeemOffer(db, result.offer, group.id);
      if (next.plan.plan === 'level0') {
        await db`UPDATE subscriptions SET cancel_at_period_end = true WHERE id = ${subscription.id}`;
        return { status: 'ok', effective_at: subscription.period_end, charge: 0 };
      }
      if (money.chargeCents > 0) {
        if (!subscription.card_token) throw new ApiError('PAYMENT_REQUIRED', 'Add a card to your account to change plan.');
        const [payer] = await db<{ customer_id: string }[]>`
          SELECT b.customer_id FROM cards c JOIN billing_customers b ON b.user_id = c.added_by WHERE c.token = ${subscription.card_token}`;
        if (!payer) throw new ApiError('PAYMENT_REQUIRED', 'Add a card to your account to change plan.');
        const key = await serverChangeKey(db, 'change', group.id, subscription.id, `${next.plan.plan}_${next.cycle}_${next.users}`);
        const charge = await deps.payments.charge({ customerId: payer.customer_id, token: subscription.card_token, amountCents: money.chargeCents, description: `Change to ${next.plan.name}`, idempotencyKey: key });
        chargeId = charge.id;
        onCharged({ id: charge.id, amount: money.chargeCents });
      }
      await db`
        UPDATE subscriptions SET plan = ${next.plan.plan}, cycle = ${next.cycle}, users = ${next.users}, price_cents = ${result.newPrice}, api_price_cents = ${result.apiPrice},
          period_start = ${money.periodStart}, period_end = ${money.periodEnd}, credit_cents = ${money.creditCents}, cancel_at_period_end = false
        WHERE id = ${subscription.id}`;
      await db`UPDATE groups SET tier = ${next.plan.tier}, subtier = ${next.plan.plan}, seats = ${next.users} WHERE id = ${group.id}`;
      const leaving = result.effects.users.map((u) => u[2] as number);
      if (leaving.length > 0) {
        await db`DELETE FROM memberships WHERE group_id = ${group.id} AND user_id = ANY(${leaving})`;
        await db`UPDATE users SET primary_group_id = NULL WHERE id = ANY(${leaving}) AND primary_group_id = ${group.id}`;
      }
      const removed = result.effects.maps.map((m) => m[0] as number);
      if (removed.length > 0) await db`DELETE FROM projects WHERE group_id = ${group.id} AND id = ANY(${removed})`;
      const credited = money.creditCents - subscription.credit_cents;
      await db`
        INSERT INTO orders (group_id, user_id, kind, description, amount_cents, charge_id)
        VALUES (${group.id}, ${caller.user!.id}, ${credited > 0 ? 'credit' : 'plan_change'},
          ${`${next.plan.name}${next.plan.per_seat_pricing ? ` for ${next.users} users` : ''}, ${next.cycle}${credited > 0 ? ' (credit for the unused time)' : ''}`},
          ${credited > 0 ? -credited : money.chargeCents}, ${chargeId})`;
      return { status: 'ok', charge: money.chargeCents, credit: money.creditCents };
    });
    return c.json(answer);
  });

  return app;
}
