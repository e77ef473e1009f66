// Overage billing: once a calendar month (UTC) has ended, each paid API account's usage past what its
// plan includes is charged to the card that pays for the plan, once (idempotency key per account and
// month), up to the usage cap the account set, and recorded as an 'overage' order. A month without
// overage is marked billed at 0. A decline leaves the month unbilled and is retried a day later. The
// month is priced by the dearest plan in force during it (api_plan_months, M4): a switch to a cheaper
// plan before the run does not cheapen usage made on the dearer one.
import { transaction, type Sql } from '../../../db/client.ts';
import { CardError, type PaymentProvider } from '../../../payments/provider.ts';
import { apiPlan, apiPlanById } from '../plans/api-plans.ts';
import { overageCents } from './usage.ts';

export interface OverageReport {
  billed: number;
  failed: number;
}

type Row = { group_id: string; month: Date; tiles: string; records: string; plan: string; month_plans: string[] | null; usage_cap_cents: number | null; card_token: string | null; customer_id: string | null };

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const monthName = (month: Date) => month.toISOString().slice(0, 7);

export async function billApiOverage(deps: { sql: Sql; payments: PaymentProvider; now: Date; groupIds?: number[] }): Promise<OverageReport> {
  const report: OverageReport = { billed: 0, failed: 0 };
  const retryBefore = new Date(deps.now.getTime() - 86_400_000);
  for (;;) {
    const more = await transaction(deps.sql, async (tx) => {
      const [row] = await tx<Row[]>`
        SELECT u.group_id, u.month, u.tiles, u.records, a.plan, a.usage_cap_cents, s.card_token, b.customer_id,
               (SELECT array_agg(m.plan) FROM api_plan_months m WHERE m.group_id = u.group_id AND m.month = u.month) AS month_plans
        FROM api_usage u
        JOIN api_accounts a ON a.group_id = u.group_id AND a.plan IN ('api_standard', 'api_premium')
          -- API access removed from a Pro/Team plan: months up to the one it ended in.
          AND (a.ends_at IS NULL OR u.month < a.ends_at)
        LEFT JOIN subscriptions s ON s.group_id = u.group_id
        LEFT JOIN cards c ON c.token = s.card_token
        LEFT JOIN billing_customers b ON b.user_id = c.added_by AND b.provider = c.provider
        WHERE u.month < ${monthStart(deps.now)} AND u.billed_at IS NULL
          AND (u.billing_failed_at IS NULL OR u.billing_failed_at <= ${retryBefore})
          AND (${deps.groupIds ?? null}::bigint[] IS NULL OR u.group_id = ANY(${deps.groupIds ?? null}::bigint[]))
        ORDER BY u.month, u.group_id LIMIT 1 FOR UPDATE OF u SKIP LOCKED`;
      if (!row) return false;
      const used = { tiles: Number(row.tiles), records: Number(row.records) };
      const inForce = [row.plan, ...(row.month_plans ?? [])].filter((id) => apiPlanById.has(id));
      const full = Math.max(...inForce.map((id) => overageCents(apiPlan(id), used)));
      const amount = row.usage_cap_cents === null ? full : Math.min(full, row.usage_cap_cents);
      const key = `overage_${row.group_id}_${monthName(row.month)}`;
      let chargeId: string | null = null;
      if (amount > 0) {
        try {
          if (!row.card_token || !row.customer_id) throw new CardError('no_card', 'No card on file.');
          chargeId = (await deps.payments.charge({ customerId: row.customer_id, token: row.card_token, amountCents: amount, description: `API overage ${monthName(row.month)}`, idempotencyKey: key })).id;
        } catch (error) {
          if (!(error instanceof CardError)) throw error;
          await tx`UPDATE api_usage SET billing_failed_at = ${deps.now} WHERE group_id = ${row.group_id} AND month = ${row.month}`;
          report.failed++;
          return true;
        }
        await tx`
          INSERT INTO orders (group_id, kind, description, amount_cents, charge_id, idempotency_key)
          VALUES (${row.group_id}, 'overage', ${`API overage, ${monthName(row.month)}: ${Number(row.records).toLocaleString('en-US')} records, ${Number(row.tiles).toLocaleString('en-US')} tiles`}, ${amount}, ${chargeId}, ${key})`;
        report.billed++;
      }
      await tx`UPDATE api_usage SET billed_cents = ${amount}, billed_at = ${deps.now} WHERE group_id = ${row.group_id} AND month = ${row.month}`;
      return true;
    });
    if (!more) return report;
  }
}
