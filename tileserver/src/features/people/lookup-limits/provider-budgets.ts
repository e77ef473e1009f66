// Daily budgets of paid third-party calls (property imagery, Ask A.I.), beside the lookup meter: one
// counter per subject and UTC day in PostgreSQL (provider_calls), each raised by one atomic upsert that
// refuses at the limit, so concurrent requests and several processes never pass a budget together.
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { secondsToUtcMidnight } from './queries.ts';

export interface Budget {
  /** 'imagery:deployment', 'ai:address:192.0.2.1', 'ai:user:7', ... */
  subject: string;
  /** Calls per UTC day; 0 means no limit (the budget is not counted). */
  limit: number;
  /** The error when this budget is spent (429 for a caller's budget, 503 for the deployment's). */
  refusal: () => ApiError;
}

/** Counts one call unless the subject is at its limit; true when counted. */
async function takeOne(sql: Sql, subject: string, limit: number): Promise<boolean> {
  const rows = await sql`
    INSERT INTO provider_calls (day, subject, used) VALUES ((now() AT TIME ZONE 'UTC')::date, ${subject}, 1)
    ON CONFLICT (day, subject) DO UPDATE SET used = provider_calls.used + 1 WHERE provider_calls.used < ${limit}
    RETURNING used`;
  return rows.length > 0;
}

async function giveBack(sql: Sql, subject: string): Promise<void> {
  await sql`UPDATE provider_calls SET used = used - 1 WHERE day = (now() AT TIME ZONE 'UTC')::date AND subject = ${subject} AND used > 0`;
}

export async function callsUsed(sql: Sql, subject: string): Promise<number> {
  const [row] = await sql<
    { used: number }[]
  >`SELECT used FROM provider_calls WHERE day = (now() AT TIME ZONE 'UTC')::date AND subject = ${subject}`;
  return row?.used ?? 0;
}

/**
 * Takes one call from every budget, in order (the caller's own first, the deployment's last, so a
 * refused caller never spends the deployment's). When one is spent, the ones already taken are given
 * back and that budget's refusal is thrown. Answers the give-back for a provider call that failed.
 */
export async function takeCalls(sql: Sql, budgets: Budget[]): Promise<() => Promise<void>> {
  const taken: string[] = [];
  const refund = async () => {
    for (const subject of taken.splice(0)) await giveBack(sql, subject);
  };
  for (const budget of budgets) {
    if (budget.limit === 0) continue;
    if (!(await takeOne(sql, budget.subject, budget.limit))) {
      await refund();
      throw budget.refusal();
    }
    taken.push(budget.subject);
  }
  return refund;
}

/** The refusal of a deployment-wide daily cap: 503 with Retry-After until UTC midnight. */
export const deploymentCapReached = (what: string) => () =>
  new ApiError(
    'UNAVAILABLE',
    `${what} has reached this server's limit for today; it is available again after midnight UTC`,
    { limit: 'deployment', retryAfter: secondsToUtcMidnight() },
  );

/** The refusal of a caller's daily budget: 429 with Retry-After until UTC midnight. */
export const dailyBudgetSpent = (message: string) => () =>
  new ApiError('TOO_MANY_REQUESTS', message, { limit: 'daily', retryAfter: secondsToUtcMidnight() });
