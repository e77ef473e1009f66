// Renewals: at the end of each period the subscription's card is charged for the next one (credit
// first). A failed charge leaves the account past due and is retried after 1, 3 and 5 days; when the
// retries fail too, the account drops to the free plan. Past due, the site tier is kept for a grace of
// pastDueGraceDays (the spec names none) and is then free until a retry succeeds (the metered API
// stops at once: api-plans/standing.ts). A site plan cancelled for the end of the period (a change to
// Starter) ends then, and what is over Starter's limits goes in the same transaction
// (plan-change-effects.ts endOnStarter). A plan that ends because its renewals were declined keeps its
// data: nobody chose Starter or was told what it removes, and buying a plan again finds the account as it
// was. Run by the renewal job (features/commerce/billing/renewal-job.ts); the clock comes from the caller.
import type { Config } from '../../../config.ts';
import { transaction, type Sql } from '../../../db/client.ts';
import { CardError, type PaymentProvider } from '../../../payments/provider.ts';
import { planById } from '../plans/plans.ts';
import { periodEnd } from '../plans/pricing.ts';
import { endOnStarter } from './plan-change-effects.ts';
import { customerOfCard, insertChangeOrder, setGroupPlan } from './queries.ts';
import {
  endSubscription,
  lapsePastDue,
  markRenewalFailed,
  nextDueSubscription,
  renewSubscription,
} from './renewal-queries.ts';

export const retryAfterDays = [1, 3, 5];
export const pastDueGraceDays = 3;

export interface RenewalReport {
  renewed: number;
  failed: number;
  ended: number;
}

/** Renews every due subscription, or only those of the groups in `groupIds` (an admin's "renew now"). */
export async function renewDueSubscriptions(deps: {
  sql: Sql;
  payments: PaymentProvider;
  /** Starter's follow limit, for what a plan cancelled to Starter keeps. */
  config: Pick<Config, 'FOLLOW_LIMIT_FREE'>;
  now: Date;
  forgetGroup?: (id: number) => void;
  groupIds?: number[];
}): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, failed: 0, ended: 0 };
  // Past the grace: the paid tier goes until the account pays (subtier and seats stay, for the way back).
  const graceEnded = new Date(deps.now.getTime() - pastDueGraceDays * 86_400_000);
  const groupIds = deps.groupIds ?? null;
  for (const groupId of await lapsePastDue(deps.sql, graceEnded, groupIds)) deps.forgetGroup?.(groupId);
  for (;;) {
    // One subscription per transaction; SKIP LOCKED lets two workers share the work without doubling it.
    const done = await transaction(deps.sql, async (tx) => {
      const due = await nextDueSubscription(tx, deps.now, groupIds);
      if (!due) return false;
      if (due.cancel_at_period_end) {
        // Stand-alone API plans have no site data to trim.
        if (planById.has(due.plan)) await endOnStarter(tx, deps.config, Number(due.group_id));
        await endSubscription(tx, due.id, due.group_id);
        report.ended++;
        return Number(due.group_id);
      }
      const fromCredit = Math.min(due.credit_cents, due.price_cents);
      const amount = due.price_cents - fromCredit;
      let chargeId: string | null = null;
      try {
        if (amount > 0) {
          if (!due.card_token) throw new CardError('no_card', 'No card on file.');
          const customerId = await customerOfCard(tx, due.card_token);
          if (!customerId) throw new CardError('no_card', 'No card on file.');
          // A new key per attempt: a retry after a decline is a new charge, not a replay of the decline.
          const key = `renew_${due.id}_${due.period_end.getTime()}_${due.renewal_failures}`;
          chargeId = (
            await deps.payments.charge({
              customerId,
              token: due.card_token,
              amountCents: amount,
              description: `Renewal of ${due.plan}`,
              idempotencyKey: key,
            })
          ).id;
        }
      } catch (error) {
        if (!(error instanceof CardError)) throw error;
        const failures = due.renewal_failures + 1;
        report.failed++;
        if (failures > retryAfterDays.length) {
          await endSubscription(tx, due.id, due.group_id);
          report.ended++;
          return Number(due.group_id);
        }
        const next = new Date(deps.now.getTime() + retryAfterDays[failures - 1]! * 86_400_000);
        await markRenewalFailed(tx, due.id, failures, next);
        return Number(due.group_id);
      }
      await renewSubscription(tx, due.id, fromCredit, periodEnd(due.period_end, due.cycle));
      // Paid again after the grace: the plan's tier comes back (stand-alone API plans have no site tier).
      const site = planById.get(due.plan);
      if (site) await setGroupPlan(tx, Number(due.group_id), { tier: site.tier, subtier: site.plan, seats: due.users });
      await insertChangeOrder(tx, {
        groupId: due.group_id,
        userId: null,
        kind: 'renewal',
        description: `Renewal, ${due.cycle}${fromCredit > 0 ? ' (credit used)' : ''}`,
        amountCents: amount,
        chargeId,
        key: `renew_${due.id}_${due.period_end.getTime()}`,
      });
      report.renewed++;
      return Number(due.group_id);
    });
    if (done === false) return report;
    deps.forgetGroup?.(done);
  }
}
