// The month's free export rows are spent once per account (security review H5, M3): across a cart's
// items, across parallel free starts, between a start and a checkout, and under replayed checkouts.
// Real database; the export jobs are enqueued on a queue no worker takes, so rows stay as written.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { exportSender } from './export-job.ts';
import { startJobQueue } from '../../../jobs/job-queue.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import type { TestBrowser } from '../../../testing/http-client.ts';
import { applyAllowance } from './allowance.ts';
import { cambridgeSquare } from '../../../testing/shapes.ts';
import { stopTestJobs } from '../../../testing/jobs.ts';

const sql = testDb(8);
const allowance = 100;
const config = loadConfig({ EXPORT_FREE_ROWS_PER_MONTH: String(allowance), EXPORTS_PER_MINUTE: '0' });
const queue = `allowance-test-${process.pid}`;
const boss = await startJobQueue(inject('databaseUrl'), createLogger('silent'));
await exportSender(boss, queue);
const payments = new LocalPaymentProvider(sql);
const app = createApp({ config, sql, logger: createLogger('silent'), payments, jobs: boss, exportQueue: queue });
afterAll(async () => {
  await stopTestJobs(boss);
  await sql.end();
});

const cambridge = '/us/ma/middlesex/cambridge';
/** A focus area of the browser's account and the parcels of Cambridge it selects (by the one rule of sql/functions/places.sql). */
async function focusArea(browser: TestBrowser, miles: number) {
  const focus = await browser.post('/neighborhoods.json', { name: `Square ${miles}`, shape: cambridgeSquare(miles) });
  expect(focus.status).toBe(201);
  const [n] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM parcels p WHERE p.path LIKE ${`${cambridge}/%`} AND parcel_in_shape(p.geom, (SELECT geom FROM focus_areas WHERE id = ${focus.json.id}))`;
  return { focusId: focus.json.id as number, n: n!.n };
}

async function manager(miles: number) {
  const user = await signedInUser(app, sql, 'pro');
  const project = await user.browser.post('/projects.json', {
    name: 'Allowance study',
    query: { path: cambridge, filters: {} },
  });
  const [group] = await sql<{ group_id: string }[]>`SELECT group_id FROM memberships WHERE user_id = ${user.userId}`;
  return {
    ...user,
    mapId: project.json.id as number,
    ...(await focusArea(user.browser, miles)),
    groupId: Number(group!.group_id),
  };
}

const card = async (browser: TestBrowser) =>
  (
    await browser.post('/payments/local/payment_methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Pat Pro',
    })
  ).json.id as string;

const freeRowsSpent = async (groupId: number) =>
  (
    await sql<{ n: number }[]>`SELECT coalesce(sum(free_rows), 0)::int AS n FROM exports WHERE group_id = ${groupId}`
  )[0]!.n;
const chargedFor = async (pm: string) =>
  (
    await sql<
      { n: number; cents: number }[]
    >`SELECT count(*)::int AS n, coalesce(sum(amount_cents), 0)::int AS cents FROM local_charges WHERE payment_method_id = ${pm}`
  )[0]!;

describe('the free export allowance', () => {
  it('applies one allowance across the cart in order, a part below the minimum priced at the minimum', () => {
    const item = (format: string, count: number) => ({
      kind: 'export' as const,
      format,
      count,
      price_cents: 0,
      free_rows: 0,
    });
    const store = { kind: 'store' as const, format: 'csv', count: 5000, price_cents: 5000, free_rows: 0 };
    const priced = applyAllowance([item('csv', 1010), item('shp', 50), store, item('csv', 1010), item('csv', 5)], 1000);
    expect(priced.map((p) => [p.free_rows, p.price_cents])).toEqual([
      [1000, 100],
      [0, 750],
      [0, 5000],
      [0, 10100],
      [0, 100],
    ]);
  });

  it('H5: a cart of several exports each over the allowance is charged for every row past one allowance', async () => {
    const m = await manager(0.25);
    expect(m.n).toBeGreaterThan(allowance + 10);
    // Three places that select the same square: each alone would be quoted with the whole allowance free.
    const paths = [cambridge, '/us/ma/middlesex', '/us/ma'];
    const items = paths.map((path) => ({ fmt: 'csv', map_id: m.mapId, query: { path, focus_area_id: m.focusId } }));
    const added = await m.browser.post('/orders/cart/add_export_items.json', { items });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const expected = (3 * m.n - allowance) * 10;
    expect(added.json.total).toBe(expected);
    expect((await m.browser.get('/orders/cart.json')).json.total).toBe(expected);
    const pm = await card(m.browser);
    const paid = await m.browser.post('/orders/cart/checkout.json', {
      payment_method_id: pm,
      idempotency_key: 'h5-cart-checkout',
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect(await chargedFor(pm)).toEqual({ n: 1, cents: expected });
    expect(await freeRowsSpent(m.groupId)).toBe(allowance);
  });

  it('M3: thirty parallel free starts spend the allowance at most once', async () => {
    const m = await manager(0.06);
    expect(m.n).toBeGreaterThan(0);
    expect(m.n).toBeLessThanOrEqual(allowance);
    const body = {
      fmt: 'csv',
      all_parcels: 'false',
      map_id: m.mapId,
      query: { path: cambridge, focus_area_id: m.focusId },
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => m.browser.post(`${cambridge}/exports/start.json`, body)),
    );
    const started = answers.filter((a) => a.status === 201).length;
    expect(
      answers.every((a) => a.status === 201 || (a.status === 402 && a.json.error.code === 'PAYMENT_REQUIRED')),
    ).toBe(true);
    expect(started).toBe(Math.floor(allowance / m.n));
    expect(await freeRowsSpent(m.groupId)).toBeLessThanOrEqual(allowance);
  });

  it('H5: a free start and a cart checkout cannot spend the same free rows; a changed total is a 409, never a silent charge', async () => {
    const m = await manager(0.25);
    const small = await focusArea(m.browser, 0.06);
    // The cart is quoted while the whole allowance is free...
    const added = await m.browser.post('/orders/cart/add_export_items.json', {
      items: [{ fmt: 'csv', map_id: m.mapId, query: { path: cambridge, focus_area_id: m.focusId } }],
    });
    expect(added.json.total).toBe((m.n - allowance) * 10);
    // ...then a free download of the same account spends part of it.
    const start = await m.browser.post(`${cambridge}/exports/start.json`, {
      fmt: 'csv',
      map_id: m.mapId,
      query: { path: cambridge, focus_area_id: small.focusId },
    });
    expect(start.status, JSON.stringify(start.json)).toBe(201);
    const pm = await card(m.browser);
    const refused = await m.browser.post('/orders/cart/checkout.json', {
      payment_method_id: pm,
      idempotency_key: 'h5-after-start-1',
    });
    const repriced = (m.n - (allowance - small.n)) * 10;
    expect(refused.status).toBe(409);
    expect(refused.json.error.details).toEqual({
      total: repriced,
      previous_total: (m.n - allowance) * 10,
      cart_url: '/orders/cart',
    });
    expect(await chargedFor(pm)).toEqual({ n: 0, cents: 0 });
    expect((await m.browser.get('/orders/cart.json')).json.total).toBe(repriced);
    const paid = await m.browser.post('/orders/cart/checkout.json', {
      payment_method_id: pm,
      idempotency_key: 'h5-after-start-2',
    });
    expect(paid.status).toBe(201);
    expect(await chargedFor(pm)).toEqual({ n: 1, cents: repriced });
    expect(await freeRowsSpent(m.groupId)).toBe(allowance);
  });

  it('charges a checkout replayed in parallel with one idempotency key once, and answers the replays with the first order', async () => {
    const m = await manager(0.25);
    await m.browser.post('/orders/cart/add_export_items.json', {
      items: [{ fmt: 'csv', map_id: m.mapId, query: { path: cambridge, focus_area_id: m.focusId } }],
    });
    const pm = await card(m.browser);
    const body = { payment_method_id: pm, idempotency_key: 'replayed-cart-checkout' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => m.browser.post('/orders/cart/checkout.json', body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json.order_id)).size).toBe(1);
    const later = await m.browser.post('/orders/cart/checkout.json', body);
    expect(later.json).toMatchObject({ order_id: answers[0]!.json.order_id, repeated: true });
    expect(await chargedFor(pm)).toEqual({ n: 1, cents: (m.n - allowance) * 10 });
    const [orders] =
      await sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ${`data_${m.userId}_replayed-cart-checkout`}`;
    expect(orders!.n).toBe(1);
  });
});
