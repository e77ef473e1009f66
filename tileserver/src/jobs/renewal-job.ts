// The renewal job: every 15 minutes (a pg-boss schedule, so one run at a time across processes) the
// due subscriptions are renewed, retried or ended (features/billing/renewals.ts).
import type { PgBoss } from 'pg-boss';
import type { Sql } from '../db/client.ts';
import { renewDueSubscriptions, type RenewalReport } from '../features/billing/renewals.ts';
import type { Logger } from '../logger.ts';
import type { PaymentProvider } from '../payments/provider.ts';

export const renewalQueue = 'billing-renewals';

export interface RenewalJobDeps {
  sql: Sql;
  payments: PaymentProvider;
  logger: Logger;
  now?: () => Date;
  forgetGroup?: (groupId: number) => void;
  /** Called after each run (tests wait on it). */
  onRun?: (report: RenewalReport) => void;
}

export async function startRenewalJob(boss: PgBoss, deps: RenewalJobDeps, cron = '*/15 * * * *'): Promise<void> {
  await boss.createQueue(renewalQueue);
  await boss.work(renewalQueue, async () => {
    const report = await renewDueSubscriptions({ sql: deps.sql, payments: deps.payments, now: (deps.now ?? (() => new Date()))(), forgetGroup: deps.forgetGroup });
    if (report.renewed + report.failed + report.ended > 0) deps.logger.info(report, 'billing renewals');
    deps.onRun?.(report);
  });
  await boss.schedule(renewalQueue, cron);
}
