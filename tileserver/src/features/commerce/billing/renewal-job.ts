// The renewal job: every 15 minutes (a pg-boss schedule, so one run at a time across processes) the
// due subscriptions are renewed, retried or ended (features/commerce/billing/renewals.ts), then the API overage of
// finished months is billed (features/commerce/api-plans/overage-billing.ts).
import type { PgBoss } from 'pg-boss';
import { systemClock, type Clock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { billApiOverage, type OverageReport } from '../api-plans/overage-billing.ts';
import { renewDueSubscriptions, type RenewalReport } from './renewals.ts';
import type { Logger } from '../../../logger.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';

export const renewalQueue = 'billing-renewals';

export interface RenewalJobDeps {
  sql: Sql;
  payments: PaymentProvider;
  config: Pick<Config, 'FOLLOW_LIMIT_FREE'>;
  logger: Logger;
  clock?: Clock;
  forgetGroup?: (groupId: number) => void;
  /** Called after each run (tests wait on it). */
  onRun?: (report: RenewalReport & { overage: OverageReport }) => void;
}

export async function startRenewalJob(boss: PgBoss, deps: RenewalJobDeps, cron = '*/15 * * * *'): Promise<void> {
  await boss.createQueue(renewalQueue);
  await boss.work(renewalQueue, async () => {
    const now = (deps.clock ?? systemClock)();
    const report = await renewDueSubscriptions({
      sql: deps.sql,
      payments: deps.payments,
      config: deps.config,
      now,
      forgetGroup: deps.forgetGroup,
    });
    if (report.renewed + report.failed + report.ended > 0) deps.logger.info(report, 'billing renewals');
    const overage = await billApiOverage({ sql: deps.sql, payments: deps.payments, now });
    if (overage.billed + overage.failed > 0) deps.logger.info(overage, 'API overage billed');
    deps.onRun?.({ ...report, overage });
  });
  await boss.schedule(renewalQueue, cron);
}
