// The month's free export rows are the plan's (Pro and Team: the plans file's download_rows; Starter:
// the config's), a group's members spend the group's, and they are spent once per account (security
// review H5, M3): across a cart's items, across parallel free starts, between a start and a checkout,
// and under replayed checkouts. Most cases leave 100 rows of the plan's allowance by an earlier
// export of the month, so small selections cross it. Real database; the export jobs are enqueued on
// a queue no worker takes, so rows stay as written.
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
import { applyAllowance, monthlyAllowance } from './allowance.ts';
import { insertExport } from './queries.ts';
import { planLimit } from '../plans/plans.ts';
import { invitedMember } from '../../../testing/accounts.ts';
import { cambridgeSquare } from '../../../testing/shapes.ts';
import { stopTestJobs } from '../../../testing/jobs.ts';

const sql = testDb(8);
/** What the cases leave of the plan's allowance. */
const allowance = 100;
const starterRows = 250;
const proRows = planLimit('level1', 'download_rows');
const config = loadConfig({ EXPORT_FREE_ROWS_PER_MONTH: String(starterRows), EXPORTS_PER_MINUTE: '0' });
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

/** Spends `rows` of the group's month by an earlier free export, as a download made before would. */
async function spendEarlier(groupId: number, userId: number, rows: number) {
  const now = new Date();
  await insertExport(sql, {
    groupId,
    userId,
    projectId: null,
    orderId: null,
    kind: 'export',
    path: cambridge,
    format: 'csv',
    product: null,
    level: 'pro',
    definition: { query: { parcel: true, path: cambridge, filters: {} } },
    requested: rows,
    freeRows: rows,
    priceCents: 0,
    token: `earlier-${groupId}`,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
}

/** A Pro manager with a project and a focus area; `left` rows of the plan's allowance stay unspent. */
async function manager(miles: number, left = allowance, level: 'pro' | 'team' = 'pro') {
  const user = await signedInUser(app, sql, level);
  const project = await user.browser.post('/projects.json', {
    name: 'Allowance study',
    query: { path: cambridge, filters: {} },
  });
  const [group] = await sql<{ group_id: string }[]>`SELECT group_id FROM memberships WHERE user_id = ${user.userId}`;
  const planRows = planLimit(level === 'pro' ? 'level1' : 'team_flex', 'download_rows');
  if (planRows - left > 0) await spendEarlier(Number(group!.group_id), user.userId, planRows - left);
  return {
    ...user,
    mapId: project.json.id as number,
    project: project.json.path as string,
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

/** Free rows the group's exports took, besides the earlier export that left `allowance` of the plan's. */
const freeRowsSpent = async (groupId: number) =>
  (
    await sql<
      { n: number }[]
    >`SELECT coalesce(sum(free_rows), 0)::int AS n FROM exports WHERE group_id = ${groupId} AND token NOT LIKE 'earlier-%'`
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

  it('gives Pro and Team the plans file’s download rows, Starter the configured ones, and a member the group’s', async () => {
    expect(proRows).toBe(5000);
    expect(monthlyAllowance(config, 'pro')).toBe(proRows);
    expect(monthlyAllowance(config, 'team')).toBe(planLimit('team_flex', 'download_rows'));
    expect(monthlyAllowance(config, 'free')).toBe(starterRows);
    const body = (path: string) => ({ fmt: 'csv', query: { path } });
    for (const level of ['pro', 'team'] as const) {
      const m = await manager(0.06, 5000, level);
      const checked = await m.browser.post(`${m.project}/exports/check`, body(cambridge));
      expect(checked.status, JSON.stringify(checked.json)).toBe(200);
      expect(checked.json.limits).toMatchObject({ monthly: 5000, remaining: 5000 });
      expect((await m.browser.get(`${m.project}/exports.json`)).json.downloaded_parcels_remaining).toBe(5000);
    }
    // A Team member reads the group's allowance: what the group spent is gone for the member too.
    const team = await manager(0.06, 1234, 'team');
    const member = await invitedMember(app, config, team.browser);
    const seen = await member.post(`${team.project}/exports/check`, body(cambridge));
    expect(seen.status, JSON.stringify(seen.json)).toBe(200);
    expect(seen.json.limits).toMatchObject({ monthly: 5000, remaining: 1234 });
  });

  it('lets only one of two exports racing for the last free rows be free; the other must be bought', async () => {
    const probe = await manager(0.06, 0);
    const m = await manager(0.06, probe.n);
    expect(m.n).toBeGreaterThan(0);
    const body = { fmt: 'csv', map_id: m.mapId, query: { path: cambridge, focus_area_id: m.focusId } };
    const [a, b] = await Promise.all([
      m.browser.post(`${cambridge}/exports/start.json`, body),
      m.browser.post(`${cambridge}/exports/start.json`, body),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([201, 402]);
    expect(await freeRowsSpent(m.groupId)).toBe(m.n);
    const after = await m.browser.post(`${m.project}/exports/check`, { fmt: 'csv', query: { path: cambridge } });
    expect(after.json.limits.remaining).toBe(0);
  });
});
