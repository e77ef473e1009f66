// SQL of the renewal run (renewals.ts), each due subscription in its own transaction: lapsing past-due
// accounts after the grace, the next due subscription, its end, a failed attempt and a renewed period.
import type { Sql } from '../../../db/client.ts';
import type { Cycle } from '@parcel-map/contracts/commerce/plan-pricing';

export type DueSubscription = {
  id: string;
  group_id: string;
  plan: string;
  users: number;
  cycle: Cycle;
  price_cents: number;
  credit_cents: number;
  card_token: string | null;
  period_end: Date;
  cancel_at_period_end: boolean;
  renewal_failures: number;
};

/** Past due since before `graceEnded`: the paid tier goes (subtier and seats stay, for the way back). Answers the groups. */
export async function lapsePastDue(sql: Sql, graceEnded: Date, groupIds: number[] | null): Promise<number[]> {
  const lapsed = await sql<{ id: string }[]>`
    UPDATE groups g SET tier = 'free' FROM subscriptions s
    WHERE s.group_id = g.id AND s.status = 'past_due' AND s.period_end <= ${graceEnded} AND g.tier <> 'free'
      AND (${groupIds}::bigint[] IS NULL OR g.id = ANY(${groupIds}::bigint[]))
    RETURNING g.id`;
  return lapsed.map((group) => Number(group.id));
}

/** The next subscription due at `now`, locked; SKIP LOCKED lets two workers share the work without doubling it. */
export async function nextDueSubscription(
  sql: Sql,
  now: Date,
  groupIds: number[] | null,
): Promise<DueSubscription | undefined> {
  const [due] = await sql<DueSubscription[]>`
    SELECT id, group_id, plan, users, cycle, price_cents + api_price_cents AS price_cents, credit_cents, card_token, period_end, cancel_at_period_end, renewal_failures
    FROM subscriptions
    WHERE status <> 'canceled' AND period_end <= ${now} AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})
      AND (${groupIds}::bigint[] IS NULL OR group_id = ANY(${groupIds}::bigint[]))
    ORDER BY period_end LIMIT 1 FOR UPDATE SKIP LOCKED`;
  return due;
}

/** The subscription ends and its account drops to the free plan. */
export async function endSubscription(sql: Sql, subscriptionId: string, groupId: string): Promise<void> {
  await sql`UPDATE subscriptions SET status = 'canceled', next_attempt_at = NULL WHERE id = ${subscriptionId}`;
  await sql`UPDATE groups SET tier = 'free', subtier = NULL, seats = 1 WHERE id = ${groupId}`;
}

export async function markRenewalFailed(
  sql: Sql,
  subscriptionId: string,
  failures: number,
  nextAttempt: Date,
): Promise<void> {
  await sql`UPDATE subscriptions SET status = 'past_due', renewal_failures = ${failures}, next_attempt_at = ${nextAttempt} WHERE id = ${subscriptionId}`;
}

/** The next period starts where this one ended, paid (`fromCredit` of it from the credit). */
export async function renewSubscription(
  sql: Sql,
  subscriptionId: string,
  fromCredit: number,
  periodEnd: Date,
): Promise<void> {
  await sql`
    UPDATE subscriptions SET status = 'active', renewal_failures = 0, next_attempt_at = NULL, credit_cents = credit_cents - ${fromCredit},
      period_start = period_end, period_end = ${periodEnd}
    WHERE id = ${subscriptionId}`;
}
