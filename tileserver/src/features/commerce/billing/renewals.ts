// Renewals: at the end of each period the subscription's card is charged for the next one (credit
// first). A failed charge leaves the account past due and is retried after 1, 3 and 5 days; when the
// retries fail too, the account drops to the free plan. Past due, the site tier is kept for a grace of
// pastDueGraceDays (the spec names none) and is then free until a retry succeeds (the metered API
// stops at once: api-plans/standing.ts). A subscription cancelled for the end of the
// period ends then. Run by the renewal job (features/commerce/billing/renewal-job.ts); the clock comes from the caller.
import { transaction, type Sql } from '../../../db/client.ts';
import { CardError, type PaymentProvider } from '../../../payments/provider.ts';
import { planById } from '../plans/plans.ts';
import { periodEnd } from '../plans/pricing.ts';
import type { Cycle } from '@parcel-map/contracts/commerce/plan-pricing';

export const retryAfterDays = [1, 3, 5];
export const pastDueGraceDays = 3;

type Due = { id: string; group_id: string; plan: string; users: number; cycle: Cycle; price_cents: number; credit_cents: number; card_token: string | null; period_end: Date; cancel_at_period_end: boolean; renewal_failures: number };

export interface RenewalReport {
  renewed: number;
  failed: number;
  ended: number;
}

async function dropToFree(tx: Sql, due: Due): Promise<void> {
  await tx`UPDATE subscriptions SET status = 'canceled', next_attempt_at = NULL WHERE id = ${due.id}`;
  await tx`UPDATE groups SET tier = 'free', subtier = NULL, seats = 1 WHERE id = ${due.group_id}`;
}

/** Renews every due subscription, or only those of the groups in `groupIds` (an admin's "renew now"). */
export async function renewDueSubscriptions(deps: { sql: Sql; payments: PaymentProvider; now: Date; forgetGroup?: (id: number) => void; groupIds?: number[] }): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, failed: 0, ended: 0 };
  // Past the grace: the paid tier goes until the account pays (subtier and seats stay, for the way back).
  const graceEnded = new Date(deps.now.getTime() - pastDueGraceDays * 86_400_000);
  const lapsed = await deps.sql<{ id: string }[]>`
    UPDATE groups g SET tier = 'free' FROM subscriptions s
    WHERE s.group_id = g.id AND s.status = 'past_due' AND s.period_end <= ${graceEnded} AND g.tier <> 'free'
      AND (${deps.groupIds ?? null}::bigint[] IS NULL OR g.id = ANY(${deps.groupIds ?? null}::bigint[]))
    RETURNING g.id`;
  for (const group of lapsed) deps.forgetGroup?.(Number(group.id));
  for (;;) {
    // One subscription per transaction; SKIP LOCKED lets two workers share the work without doubling it.
    const done = await transaction(deps.sql, async (tx) => {
      const [due] = await tx<Due[]>`
        SELECT id, group_id, plan, users, cycle, price_cents + api_price_cents AS price_cents, credit_cents, card_token, period_end, cancel_at_period_end, renewal_failures
        FROM subscriptions
        WHERE status <> 'canceled' AND period_end <= ${deps.now} AND (next_attempt_at IS NULL OR next_attempt_at <= ${deps.now})
          AND (${deps.groupIds ?? null}::bigint[] IS NULL OR group_id = ANY(${deps.groupIds ?? null}::bigint[]))
        ORDER BY period_end LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!due) return false;
      if (due.cancel_at_period_end) {
        await dropToFree(tx, due);
        report.ended++;
        return Number(due.group_id);
      }
      const fromCredit = Math.min(due.credit_cents, due.price_cents);
      const amount = due.price_cents - fromCredit;
      let chargeId: string | null = null;
      try {
        if (amount > 0) {
          if (!due.card_token) throw new CardError('no_card', 'No card on file.');
          const [payer] = await tx<{ customer_id: string }[]>`
            SELECT b.customer_id FROM cards c JOIN billing_customers b ON b.user_id = c.added_by WHERE c.token = ${due.card_token}`;
          if (!payer) throw new CardError('no_card', 'No card on file.');
          // A new key per attempt: a retry after a decline is a new charge, not a replay of the decline.
          const key = `renew_${due.id}_${due.period_end.getTime()}_${due.renewal_failures}`;
          chargeId = (await deps.payments.charge({ customerId: payer.customer_id, token: due.card_token, amountCents: amount, description: `Renewal of ${due.plan}`, idempotencyKey: key })).id;
        }
      } catch (error) {
        if (!(error instanceof CardError)) throw error;
        const failures = due.renewal_failures + 1;
        report.failed++;
        if (failures > retryAfterDays.length) {
          await dropToFree(tx, due);
          report.ended++;
          return Number(due.group_id);
        }
        const next = new Date(deps.now.getTime() + retryAfterDays[failures - 1]! * 86_400_000);
        await tx`UPDATE subscriptions SET status = 'past_due', renewal_failures = ${failures}, next_attempt_at = ${next} WHERE id = ${due.id}`;
        return Number(due.group_id);
      }
      await tx`
        UPDATE subscriptions SET status = 'active', renewal_failures = 0, next_attempt_at = NULL, credit_cents = credit_cents - ${fromCredit},
          period_start = period_end, period_end = ${periodEnd(due.period_end, due.cycle)}
        WHERE id = ${due.id}`;
      // Paid again after the grace: the plan's tier comes back (stand-alone API plans have no site tier).
      const site = planById.get(due.plan);
      if (site) await tx`UPDATE groups SET tier = ${site.tier}, subtier = ${site.plan}, seats = ${due.users} WHERE id = ${due.group_id}`;
      await tx`
        INSERT INTO orders (group_id, kind, description, amount_cents, charge_id, idempotency_key)
        VALUES (${due.group_id}, 'renewal', ${`Renewal, ${due.cycle}${fromCredit > 0 ? ' (credit used)' : ''}`}, ${amount}, ${chargeId}, ${`renew_${due.id}_${due.period_end.getTime()}`})`;
      report.renewed++;
      return Number(due.group_id);
    });
    if (done === false) return report;
    deps.forgetGroup?.(done);
  }
}
