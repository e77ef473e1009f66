// The renewal job through the real queue: a job sent to pg-boss renews a due subscription. Its clock
// is in 2020, so only this file's subscription is due (other files' accounts share the database).
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import type { RenewalReport } from './renewals.ts';
import { startJobQueue } from '../../../jobs/job-queue.ts';
import { renewalQueue, startRenewalJob } from './renewal-job.ts';
import { stopTestJobs } from '../../../testing/jobs.ts';

const sql = testDb(3);
const payments = new LocalPaymentProvider(sql);
const logger = createLogger('silent');
const config = loadConfig({});
const app = createApp({ config, sql, logger, payments, now: () => new Date('2020-01-01T00:00:00Z') });
const boss = await startJobQueue(inject('databaseUrl'), logger);
afterAll(async () => {
  await stopTestJobs(boss);
  await sql.end();
});

describe('the renewal job', () => {
  it('renews a due subscription when pg-boss runs the job', async () => {
    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('job'), 'secret-pass-1', 'Jo Job');
    const pm = (
      await browser.post('/payments/local/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        name: 'Jo Job',
      })
    ).json.id;
    const bought = await browser.post('/subscriptions.json', {
      plan: 'level1',
      payment_method_id: pm,
      agreement: true,
      group_name: `Job ${process.pid} ${Date.now().toString(36)}`,
    });
    expect(bought.status).toBe(201);
    const runs: RenewalReport[] = [];
    let finished = () => {};
    const ran = new Promise<void>((resolve) => (finished = resolve));
    await startRenewalJob(boss, {
      sql,
      payments,
      config,
      logger,
      clock: () => new Date('2020-02-01T00:00:00Z'),
      onRun: (r) => {
        runs.push(r);
        finished();
      },
    });
    await boss.send(renewalQueue, {});
    await ran;
    expect(runs[0]!.renewed).toBeGreaterThanOrEqual(1);
    const billing = (await browser.get(`${bought.json.path}.json`)).json;
    expect(billing.subscription.period_end).toBe('2020-03-01T00:00:00.000Z');
    expect(billing.orders[0]).toMatchObject({ kind: 'renewal', amount_cents: 9900 });
  });
});
