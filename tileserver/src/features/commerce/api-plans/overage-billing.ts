// Overage billing: once a calendar month (UTC) has ended, each paid API account's usage past what its
// plan includes is charged to the card that pays for the plan, once (idempotency key per account and
// month), up to the usage cap the account set, and recorded as an 'overage' order. A month without
// overage is marked billed at 0. A decline leaves the month unbilled and is retried a day later. The
// month is priced by the dearest plan in force during it (api_plan_months, M4): a switch to a cheaper
// plan before the run does not cheapen usage made on the dearer one.
import { transaction, type Sql } from '../../../db/client.ts';
import { CardError, type PaymentProvider } from '../../../payments/provider.ts';
import { apiPlan, apiPlanById } from '../plans/api-plans.ts';
import { insertOverageOrder, markOverageBilled, markOverageFailed, nextUnbilledMonth } from './queries.ts';
import { overageCents } from './usage.ts';

export interface OverageReport {
  billed: number;
  failed: number;
}

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const monthName = (month: Date) => month.toISOString().slice(0, 7);

export async function billApiOverage(deps: {
  sql: Sql;
  payments: PaymentProvider;
  now: Date;
  groupIds?: number[];
}): Promise<OverageReport> {
  const report: OverageReport = { billed: 0, failed: 0 };
  const retryBefore = new Date(deps.now.getTime() - 86_400_000);
  for (;;) {
    const more = await transaction(deps.sql, async (tx) => {
      const row = await nextUnbilledMonth(tx, monthStart(deps.now), retryBefore, deps.groupIds ?? null);
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
          chargeId = (
            await deps.payments.charge({
              customerId: row.customer_id,
              token: row.card_token,
              amountCents: amount,
              description: `API overage ${monthName(row.month)}`,
              idempotencyKey: key,
            })
          ).id;
        } catch (error) {
          if (!(error instanceof CardError)) throw error;
          await markOverageFailed(tx, row.group_id, row.month, deps.now);
          report.failed++;
          return true;
        }
        const description = `API overage, ${monthName(row.month)}: ${Number(row.records).toLocaleString('en-US')} records, ${Number(row.tiles).toLocaleString('en-US')} tiles`;
        await insertOverageOrder(tx, { groupId: row.group_id, description, amountCents: amount, chargeId, key });
        report.billed++;
      }
      await markOverageBilled(tx, row.group_id, row.month, amount, deps.now);
      return true;
    });
    if (!more) return report;
  }
}
