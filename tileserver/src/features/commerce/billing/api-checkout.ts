// Buying a self-serve API plan (Standard, Premium) through POST /subscriptions.json: the API
// acknowledgement must be ticked; a first-time buyer gets the 7-day free trial (the card is attached,
// not charged; the subscription's first period ends on the charge date, so the renewal job charges it
// then unless the plan was cancelled). A sandbox account is upgraded in place. All or nothing, and a
// repeated idempotency key answers the first purchase again.
import type { SessionCaller } from '../../../auth/caller.ts';
import type { Clock } from '../../../clock.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { checkout } from '../../../payments/checkout.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { periodEnd } from '../plans/pricing.ts';
import { accountForPurchase, assertCheckoutPossible, customerFor } from './checkout-steps.ts';
import { assertBilling } from './policy.ts';
import {
  apiTrialEndOf,
  hadApiTrial,
  insertCard,
  insertChangeOrder,
  orderByKey,
  setGroupSubtier,
  upsertApiAccount,
  upsertApiSubscription,
} from './queries.ts';
import type { subscriptionBody } from '@parcel-map/contracts/commerce/billing';
import { apiPlan } from '../plans/api-plans.ts';
import type { z } from 'zod';

export const apiAcknowledgementMessage = 'Tick the API acknowledgement to continue';

export interface ApiCheckoutDeps {
  sql: Sql;
  payments: PaymentProvider;
  clock: Clock;
}

export async function buyApiPlan(
  deps: ApiCheckoutDeps,
  caller: SessionCaller,
  body: z.output<typeof subscriptionBody>,
): Promise<{ groupId: number; chargeId: string | null; amount: number; trialEndsAt: Date | null }> {
  const { payments } = deps;
  const plan = apiPlan(body.plan);
  if (!plan.self_serve || plan.prices.monthly === null)
    throw new ApiError('BAD_REQUEST', `The plan ${body.plan} cannot be bought here`);
  if (body.api_acknowledgement !== true) throw new ApiError('BAD_REQUEST', apiAcknowledgementMessage);
  const group = caller.group;
  assertBilling(caller, 'buy_plan');
  const key = `api_${caller.user.id}_${body.idempotency_key ?? `${body.payment_method_id}_${plan.plan}`}`;
  const price = plan.prices.monthly;
  const replay = async (db: Sql) => {
    const done = await orderByKey(db, key);
    return (
      done && {
        groupId: Number(done.group_id),
        chargeId: done.charge_id,
        amount: done.amount_cents,
        trialEndsAt: await apiTrialEndOf(db, done.group_id),
      }
    );
  };
  return checkout(deps, { lock: { scope: 'checkout', id: caller.user.id }, replay }, async (db, pay) => {
    await assertCheckoutPossible(db, group, body.group_name).catch((error: unknown) => {
      // An account with a plan adds or changes its API plan on the billing page: send it there with this one.
      if (group && error instanceof ApiError && error.code === 'CONFLICT') {
        throw new ApiError('CONFLICT', error.message, {
          billing_url: `/g/${group.slug}/settings/billing?plan=${plan.plan}`,
        });
      }
      throw error;
    });
    // One free trial per person: a second API purchase is charged at once.
    const trial = body.trial !== false && plan.trial_days !== null && !(await hadApiTrial(db, caller.user.id));
    const customer = await customerFor(db, payments, caller.user);
    const card = await payments.attachCard(customer, body.payment_method_id);
    const start = deps.clock();
    const trialEndsAt = trial ? new Date(start.getTime() + plan.trial_days! * 86_400_000) : null;
    const charged = trial
      ? undefined
      : await pay({
          customerId: customer,
          token: card.token,
          amountCents: price,
          description: `API ${plan.name} (monthly)`,
          idempotencyKey: key,
        });
    const groupId = await accountForPurchase(db, caller, body.group_name, 'free', 1);
    await setGroupSubtier(db, groupId, plan.plan);
    await insertCard(db, groupId, caller.user.id, payments.name, card);
    await upsertApiSubscription(db, {
      groupId,
      plan: plan.plan,
      priceCents: price,
      cardToken: card.token,
      start,
      end: trialEndsAt ?? periodEnd(start, 'monthly'),
    });
    const amount = trial ? 0 : price;
    await insertChangeOrder(db, {
      groupId,
      userId: caller.user.id,
      kind: 'subscription',
      description: trial
        ? `API ${plan.name}, monthly (7-day free trial; first charge on ${trialEndsAt!.toISOString().slice(0, 10)})`
        : `API ${plan.name}, monthly`,
      amountCents: amount,
      chargeId: charged?.id ?? null,
      key,
    });
    await upsertApiAccount(db, {
      groupId,
      plan: plan.plan,
      start,
      trialEndsAt,
      trialUserId: trial ? caller.user.id : null,
    });
    return { groupId, chargeId: charged?.id ?? null, amount, trialEndsAt };
  });
}
