// API access on a Pro or Team subscription (the spec's api_combo): the API variant of the change-plan
// check and of PUT /subscriptions/update.json. API access rides on the site subscription's period: its
// price for a period is the API plan's monthly price times the months of the cycle, prorated the way
// a plan change is (pricing.ts prorate: an addition or upgrade charges the rest of the period at once,
// credit first; a downgrade or removal leaves a credit). The account's api_accounts row carries the API
// plan, so the gate meters and limits its tokens exactly as a stand-alone API plan's; removing access
// ends that row (ends_at), and the account's tokens are a plain Pro or Team account's again.
import type { SessionCaller } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import type { Pay } from '../../../payments/checkout.ts';
import { apiPlan } from '../plans/api-plans.ts';
import { notePlanMonth } from '../api-plans/plan-switch.ts';
import { clientChangeKey, pastDueMessage, serverChangeKey } from './checkout-steps.ts';
import { planById } from '../plans/plans.ts';
import { prorate, type Proration } from '../plans/pricing.ts';
import type { Cycle } from '@parcel-map/contracts/commerce/plan-pricing';
import { formatUsd } from '@parcel-map/contracts/money';
import {
  comboOrderByKey,
  currentSubscription,
  customerOfCard,
  endApiAccess,
  insertChangeOrder,
  setApiAccess,
  startApiAccess,
  type SubscriptionRow,
} from './queries.ts';
import { apiPlanOf, type ComboAnswer, type ComboBody } from '@parcel-map/contracts/commerce/site-api-access';

type Group = NonNullable<SessionCaller['group']>;
export const noSitePlanMessage =
  'API access is added to a Pro or Team plan. Your account has none: choose an API plan on the plans page.';
const apiPlansUrl = '/plans#p=api_standard';

/** API access's price for one period of a subscription of this cycle (API plans bill monthly). */
export const apiPeriodPrice = (plan: 'api_standard' | 'api_premium', cycle: Cycle): number =>
  apiPlan(plan).prices.monthly! * (cycle === 'annual' ? 12 : 1);

/** A free account (no group, no paid site plan) is sent to the API-plan checkout: 409 with its address. */
export function noSitePlan(): ApiError {
  return new ApiError('CONFLICT', noSitePlanMessage, { checkout_url: apiPlansUrl });
}

export type ComboAssessment =
  | { possible: false; reason: string }
  | {
      possible: true;
      subscription: SubscriptionRow;
      target: 'api_standard' | 'api_premium' | null;
      price: number;
      money: Proration;
    };

/** Whether the change is possible and what it costs now (read inside the change's transaction too). */
export async function assessCombo(
  db: Sql,
  group: Group,
  body: Omit<ComboBody, 'idempotency_key'>,
  now: Date,
): Promise<ComboAssessment> {
  const subscription = await currentSubscription(db, group.id);
  const site = subscription ? planById.get(subscription.plan) : undefined;
  if (!subscription || !site || site.tier === 'free') throw noSitePlan();
  if (body.cycle && body.cycle !== subscription.cycle) {
    throw new ApiError(
      'BAD_REQUEST',
      `API access is billed with your plan, ${subscription.cycle}: choose the ${subscription.cycle} cycle`,
      { cycle: subscription.cycle },
    );
  }
  if (subscription.status === 'past_due') return { possible: false, reason: pastDueMessage };
  const target = apiPlanOf(body.api_access);
  if (target === subscription.api_access) {
    return {
      possible: false,
      reason: target ? 'That is your current API plan.' : 'Your plan has no API access to remove.',
    };
  }
  if (subscription.period_end <= now)
    return { possible: false, reason: 'Your plan is being renewed: try again in a few minutes.' };
  const price = target ? apiPeriodPrice(target, subscription.cycle) : 0;
  const money = prorate({
    oldPriceCents: subscription.api_price_cents,
    newPriceCents: price,
    oldCycle: subscription.cycle,
    newCycle: subscription.cycle,
    periodStart: subscription.period_start,
    periodEnd: subscription.period_end,
    now,
    creditCents: subscription.credit_cents,
  });
  return { possible: true, subscription, target, price, money };
}

const describe = (target: 'api_standard' | 'api_premium' | null, site: string, cycle: Cycle, credited: number) =>
  target
    ? `API access ${apiPlan(target).name} on ${site}, ${cycle} (${formatUsd(apiPeriodPrice(target, cycle))} a ${cycle === 'annual' ? 'year' : 'month'}, prorated)`
    : `API access removed from ${site}${credited > 0 ? ' (credit for the unused time)' : ''}`;

/**
 * Makes the change in the caller's transaction `db` (which holds the plan-change lock): charges through
 * the provider (its idempotency key is the request's, or one that a crashed attempt's retry repeats),
 * updates the subscription, the account's API plan and records the order. A request repeating an
 * idempotency key that already succeeded answers the first change again without charging.
 */
export async function applyCombo(
  db: Sql,
  deps: { now: Date },
  caller: SessionCaller,
  group: Group,
  body: ComboBody,
  pay: Pay,
): Promise<ComboAnswer> {
  const key = body.idempotency_key ? clientChangeKey('combo', group.id, body.idempotency_key) : null;
  if (key) {
    const done = await comboOrderByKey(db, key, group.id);
    if (done)
      return {
        status: 'ok',
        api_access: done.api_access,
        charge: Math.max(0, done.amount_cents),
        credit: done.credit_cents,
        price: done.api_price_cents,
      };
  }
  const result = await assessCombo(db, group, body, deps.now);
  if (!result.possible) throw new ApiError('CONFLICT', result.reason);
  const { subscription, target, price, money } = result;
  let chargeId: string | null = null;
  if (money.chargeCents > 0) {
    const customerId = subscription.card_token ? await customerOfCard(db, subscription.card_token) : undefined;
    if (!customerId) throw new ApiError('PAYMENT_REQUIRED', 'Add a card to your account to add API access.');
    const chargeKey = key ?? (await serverChangeKey(db, 'combo', group.id, subscription.id, target ?? 'none'));
    const charge = await pay({
      customerId,
      token: subscription.card_token!,
      amountCents: money.chargeCents,
      description: target ? `API access ${apiPlan(target).name}` : 'API access',
      idempotencyKey: chargeKey,
    });
    chargeId = charge.id;
  }
  await setApiAccess(db, subscription.id, { access: target, priceCents: price, creditCents: money.creditCents });
  if (target) await startApiAccess(db, group.id, target, deps.now);
  else await endApiAccess(db, group.id, subscription.api_access, deps.now);
  if (subscription.api_access) await notePlanMonth(db, group.id, subscription.api_access, deps.now);
  if (target) await notePlanMonth(db, group.id, target, deps.now);
  const credited = money.creditCents - subscription.credit_cents;
  const site = planById.get(subscription.plan)!.name;
  await insertChangeOrder(db, {
    groupId: group.id,
    userId: caller.user.id,
    kind: credited > 0 ? 'credit' : 'plan_change',
    description: describe(target, site, subscription.cycle, credited),
    amountCents: credited > 0 ? -credited : money.chargeCents,
    chargeId,
    key,
  });
  return { status: 'ok', api_access: target, charge: money.chargeCents, credit: money.creditCents, price };
}
