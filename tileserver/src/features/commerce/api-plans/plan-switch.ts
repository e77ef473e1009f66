// Moving between the self-serve API plans (PUT /api/plan.json), prorated like a site plan change (M4):
// Standard -> Premium is charged the difference for the rest of the period at once (credit first),
// Premium -> Standard leaves a credit for the unused part; a trial (nothing charged yet) switches
// without money, its charge date then charging the new price. Refused while past due. The months a
// plan was in force are kept (api_plan_months), so overage is priced by the dearest plan of the month.
import type { SessionCaller } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { monthOf } from '../../../metering/usage-meter.ts';
import type { Pay } from '../../../payments/checkout.ts';
import { pastDueMessage, serverChangeKey } from '../billing/checkout-steps.ts';
import { payerOf } from '../billing/plan-change.ts';
import { prorate } from '../plans/pricing.ts';
import { apiPlan } from '../plans/api-plans.ts';
import { apiPlanSubscription, insertApiOrder, notePlanInMonth, switchPlanRows } from './queries.ts';

export interface PlanSwitch {
  plan: string;
  charge: number;
  credit: number;
  /** The period end: the next renewal charges the new plan's full price. */
  price_from: string;
}

/** Records that `plan` was in force this month (the overage run prices the month by the dearest). */
export async function notePlanMonth(db: Sql, groupId: number, plan: string, now: Date): Promise<void> {
  await notePlanInMonth(db, groupId, monthOf(now), plan);
}

/** In the caller's transaction, which holds the plan-change lock (billing/plan-change.ts runPlanChange). */
export async function switchApiPlan(
  db: Sql,
  deps: { now: Date },
  caller: SessionCaller,
  groupId: number,
  target: 'api_standard' | 'api_premium',
  pay: Pay,
): Promise<PlanSwitch> {
  const row = await apiPlanSubscription(db, groupId);
  if (!row)
    throw new ApiError('NOT_FOUND', 'Your account has no self-serve API plan to change: choose one on the plans page');
  if (row.plan === target) throw new ApiError('CONFLICT', 'This is your current API plan');
  if (row.status === 'past_due') throw new ApiError('CONFLICT', pastDueMessage);
  const plan = apiPlan(target);
  const price = plan.prices.monthly!;
  const inTrial = row.trial_ends_at !== null && deps.now < row.trial_ends_at;
  const money = inTrial
    ? { chargeCents: 0, creditCents: row.credit_cents }
    : prorate({
        oldPriceCents: row.price_cents,
        newPriceCents: price,
        oldCycle: 'monthly',
        newCycle: 'monthly',
        periodStart: row.period_start,
        periodEnd: row.period_end,
        now: deps.now,
        creditCents: row.credit_cents,
      });
  let chargeId: string | null = null;
  if (money.chargeCents > 0) {
    const payer = await payerOf(db, row.card_token);
    const key = await serverChangeKey(db, 'change', groupId, row.sub_id, target);
    chargeId = (
      await pay({
        customerId: payer.customerId,
        token: payer.token,
        amountCents: money.chargeCents,
        description: `Change to ${plan.display_name}`,
        idempotencyKey: key,
      })
    ).id;
  }
  await switchPlanRows(db, groupId, row.sub_id, { plan: target, priceCents: price, creditCents: money.creditCents });
  await notePlanMonth(db, groupId, row.plan, deps.now);
  await notePlanMonth(db, groupId, target, deps.now);
  const credited = money.creditCents - row.credit_cents;
  await insertApiOrder(db, {
    groupId,
    userId: caller.user.id,
    kind: credited > 0 ? 'credit' : 'plan_change',
    description: `${plan.display_name}, monthly${credited > 0 ? ' (credit for the unused time)' : inTrial ? ' (free trial: charged on the trial charge date)' : ''}`,
    amountCents: credited > 0 ? -credited : money.chargeCents,
    chargeId,
  });
  return {
    plan: target,
    charge: money.chargeCents,
    credit: money.creditCents,
    price_from: row.period_end.toISOString(),
  };
}
