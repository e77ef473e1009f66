// Buying a self-serve API plan (Standard, Premium) through POST /subscriptions.json: the API
// acknowledgement must be ticked; a first-time buyer gets the 7-day free trial (the card is attached,
// not charged; the subscription's first period ends on the charge date, so the renewal job charges it
// then unless the plan was cancelled). A sandbox account is upgraded in place. All or nothing, and a
// repeated idempotency key answers the first purchase again.
import type { SessionCaller } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { periodEnd } from '../plans/pricing.ts';
import { accountForPurchase, assertCheckoutPossible, customerFor, lockCheckout } from './checkout-steps.ts';
import { insertCard, orderByKey } from './queries.ts';
import type { subscriptionBody } from '@parcel-map/contracts/commerce/billing';
import { apiPlan } from '../plans/api-plans.ts';
import type { z } from 'zod';

export const apiAcknowledgementMessage = 'Tick the API acknowledgement to continue';

export interface ApiCheckoutDeps {
  sql: Sql;
  payments: PaymentProvider;
  now: () => Date;
}

export async function buyApiPlan(deps: ApiCheckoutDeps, caller: SessionCaller, body: z.output<typeof subscriptionBody>): Promise<{ groupId: number; chargeId: string | null; amount: number; trialEndsAt: Date | null }> {
  const { sql, payments } = deps;
  const plan = apiPlan(body.plan);
  if (!plan.self_serve || plan.prices.monthly === null) throw new ApiError('BAD_REQUEST', `The plan ${body.plan} cannot be bought here`);
  if (body.api_acknowledgement !== true) throw new ApiError('BAD_REQUEST', apiAcknowledgementMessage);
  const group = caller.group;
  if (group && group.role !== 'manager') throw new ApiError('FORBIDDEN', 'Only managers can change the plan. Please contact your account admin.');
  const key = `api_${caller.user.id}_${body.idempotency_key ?? `${body.payment_method_id}_${plan.plan}`}`;
  let charged: { id: string } | undefined;
  const price = plan.prices.monthly;
  try {
    return await sql.begin(async (tx) => {
      const db = tx as unknown as Sql;
      await lockCheckout(db, caller.user.id);
      const done = await orderByKey(db, key);
      if (done) {
        const [account] = await db<{ trial_ends_at: Date | null }[]>`SELECT trial_ends_at FROM api_accounts WHERE group_id = ${done.group_id}`;
        return { groupId: Number(done.group_id), chargeId: done.charge_id, amount: done.amount_cents, trialEndsAt: account?.trial_ends_at ?? null };
      }
      await assertCheckoutPossible(db, group, body.group_name).catch((error: unknown) => {
        // An account with a plan adds or changes its API plan on the billing page: send it there with this one.
        if (group && error instanceof ApiError && error.code === 'CONFLICT') {
          throw new ApiError('CONFLICT', error.message, { billing_url: `/g/${group.slug}/settings/billing?plan=${plan.plan}` });
        }
        throw error;
      });
      // One free trial per person: a second API purchase is charged at once.
      const [hadTrial] = await db`SELECT 1 FROM api_accounts WHERE trial_user_id = ${caller.user.id}`;
      const trial = body.trial !== false && plan.trial_days !== null && !hadTrial;
      const customer = await customerFor(db, payments, caller.user);
      const card = await payments.attachCard(customer, body.payment_method_id);
      const start = deps.now();
      const trialEndsAt = trial ? new Date(start.getTime() + plan.trial_days! * 86_400_000) : null;
      if (!trial) charged = await payments.charge({ customerId: customer, token: card.token, amountCents: price, description: `API ${plan.name} (monthly)`, idempotencyKey: key });
      const groupId = await accountForPurchase(db, caller, body.group_name, 'free', 1);
      await db`UPDATE groups SET subtier = ${plan.plan} WHERE id = ${groupId}`;
      await insertCard(db, groupId, caller.user.id, payments.name, card);
      await db`
        INSERT INTO subscriptions (group_id, plan, cycle, users, price_cents, card_token, period_start, period_end)
        VALUES (${groupId}, ${plan.plan}, 'monthly', 1, ${price}, ${card.token}, ${start}, ${trialEndsAt ?? periodEnd(start, 'monthly')})
        ON CONFLICT (group_id) DO UPDATE SET plan = EXCLUDED.plan, cycle = 'monthly', users = 1, price_cents = EXCLUDED.price_cents,
          card_token = EXCLUDED.card_token, status = 'active', api_access = NULL, api_price_cents = 0, period_start = EXCLUDED.period_start, period_end = EXCLUDED.period_end,
          cancel_at_period_end = false, renewal_failures = 0, next_attempt_at = NULL`;
      const amount = trial ? 0 : price;
      await db`
        INSERT INTO orders (group_id, user_id, kind, description, amount_cents, charge_id, idempotency_key)
        VALUES (${groupId}, ${caller.user.id}, 'subscription',
          ${trial ? `API ${plan.name}, monthly (7-day free trial; first charge on ${trialEndsAt!.toISOString().slice(0, 10)})` : `API ${plan.name}, monthly`},
          ${amount}, ${charged?.id ?? null}, ${key})`;
      await db`
        INSERT INTO api_accounts (group_id, plan, started_at, trial_ends_at, trial_user_id)
        VALUES (${groupId}, ${plan.plan}, ${start}, ${trialEndsAt}, ${trial ? caller.user.id : null})
        ON CONFLICT (group_id) DO UPDATE SET plan = EXCLUDED.plan, started_at = EXCLUDED.started_at, ends_at = NULL,
          trial_ends_at = EXCLUDED.trial_ends_at, counties = '{}', trial_user_id = coalesce(api_accounts.trial_user_id, EXCLUDED.trial_user_id)`;
      return { groupId, chargeId: charged?.id ?? null, amount, trialEndsAt };
    });
  } catch (error) {
    if (charged) await payments.refund({ chargeId: charged.id, amountCents: price, idempotencyKey: `refund_${key}` }).catch(() => undefined);
    throw error;
  }
}
