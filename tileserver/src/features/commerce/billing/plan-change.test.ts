// Plan changes with a controllable clock: the check lists who and what a downgrade removes, the change
// credits the unused time, a later upgrade spends the credit first, and only managers change plans.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { invitedMember } from '../../../testing/accounts.ts';
import { idempotencyMismatch, LocalPaymentProvider } from '../../../payments/local/local-provider.ts';

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'plan-change-')) });
const sql = testDb(3);
let clock = new Date('2026-04-01T00:00:00Z');
const app = createApp({ config, sql, logger: createLogger('silent'), now: () => clock });
afterAll(() => sql.end());

async function teamOfThree() {
  const manager = new TestBrowser(app);
  await manager.register(uniqueEmail('manager'), 'secret-pass-1', 'Mo Manager');
  const pm = (
    await manager.post('/payments/local/payment_methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Mo Manager',
    })
  ).json.id;
  const bought = await manager.post('/subscriptions.json', {
    plan: 'team_flex',
    users: 3,
    cycle: 'monthly',
    payment_method_id: pm,
    agreement: true,
    group_name: `Team ${process.pid} ${Date.now().toString(36)}`,
  });
  expect(bought.status).toBe(201);
  const members: TestBrowser[] = [];
  for (const name of ['Ann Member', 'Bob Member']) members.push(await invitedMember(app, config, manager, name));
  return { manager, members, billing: bought.json.path as string };
}

describe('changing plan', () => {
  it('lists the members and projects a downgrade removes, credits the unused half month, and spends the credit on the next upgrade', async () => {
    clock = new Date('2026-04-01T00:00:00Z');
    const { manager, members, billing } = await teamOfThree();
    for (let i = 1; i <= 6; i++)
      expect(
        (await manager.post('/projects.json', { name: `Map ${i}`, query: { path: '/us/ma/middlesex/cambridge' } }))
          .status,
      ).toBe(201);
    await sql`UPDATE projects SET updated_at = now() - make_interval(days => 10) WHERE name = 'Map 1' AND group_id = (SELECT id FROM groups WHERE slug = ${billing.split('/')[2]!})`;

    clock = new Date('2026-04-16T00:00:00Z'); // half of April's 30 days are left
    const check = await manager.get('/settings/check_change.json?plan=level1&cycle=monthly&users=1');
    expect(check.json).toMatchObject({ possible: true, charge: 0, credit: 44700 / 2 - 9900 / 2 });
    expect(check.json.effects.users.map((u: [string]) => u[0]).sort()).toEqual(['Ann Member', 'Bob Member']);
    expect(check.json.effects.maps.map((m: [number, string]) => m[1])).toEqual(['Map 1']);
    expect((await members[0]!.get('/settings/check_change.json?plan=level1')).status).toBe(403);

    const down = await manager.put('/subscriptions/update.json', { plan: 'level1', cycle: 'monthly', users: 1 });
    expect(down.json).toEqual({ status: 'ok', charge: 0, credit: 17400 });
    expect((await manager.session()).group).toMatchObject({ tier: 'pro' });
    expect((await members[0]!.session()).group).toBeNull();
    expect(
      (await manager.get('/profile/projects.json')).json.projects.map((p: { name: string }) => p.name),
    ).not.toContain('Map 1');
    expect((await manager.get('/settings/check_change.json?plan=level1&cycle=monthly&users=1')).json).toMatchObject({
      possible: false,
      reason: 'That is your current plan.',
    });

    // Back to Team for 2 at once: 29800/2 - 9900/2 = 9950 is due, all of it from the 17400 credit.
    const up = await manager.put('/subscriptions/update.json', { plan: 'level1', cycle: 'monthly', users: 2 });
    expect(up.json).toEqual({ status: 'ok', charge: 0, credit: 7450 });
    const orders = (await manager.get(`${billing}.json`)).json.orders.map(
      (o: { kind: string; amount_cents: number }) => [o.kind, o.amount_cents],
    );
    expect(orders).toEqual([
      ['plan_change', 0],
      ['credit', -17400],
      ['subscription', 44700],
    ]);
  });

  it('lists and removes the surveys, focus areas and follows past the new limits, once even when the confirm is replayed', async () => {
    clock = new Date('2026-04-01T00:00:00Z');
    const { manager, billing } = await teamOfThree();
    const slug = billing.split('/')[2]!;
    const groupId = Number((await sql`SELECT id FROM groups WHERE slug = ${slug}`)[0]!.id);
    const userId = (await manager.session()).user.id;
    for (let i = 1; i <= 6; i++)
      await manager.post('/projects.json', { name: `Map ${i}`, query: { path: '/us/ma/middlesex/cambridge' } });
    await sql`UPDATE projects SET updated_at = now() - make_interval(days => 10) WHERE name = 'Map 1' AND group_id = ${groupId}`;
    await sql`INSERT INTO surveys (project_id, group_id, created_by, name)
      SELECT id, group_id, ${userId}, 'Doors survey' FROM projects WHERE name = 'Map 1' AND group_id = ${groupId}`;
    for (let i = 1; i <= 7; i++)
      await sql`INSERT INTO focus_areas (group_id, created_by, name, geom, acres, created_at)
        VALUES (${groupId}, ${userId}, ${`Area ${i}`}, ST_Multi(ST_MakeEnvelope(-71.11, 42.37, -71.10, 42.38, 4326)), 1,
                now() + make_interval(secs => ${i}))`;
    await sql`INSERT INTO follows (user_id, kind, path, created_at)
      SELECT ${userId}, 'place', '/us/ma/place-' || n, now() + make_interval(secs => n) FROM generate_series(1, 102) n`;

    const check = await manager.get('/settings/check_change.json?plan=level1&cycle=monthly&users=1');
    expect(check.json.possible).toBe(true);
    const sources = check.json.effects.sources as [number, string, string][];
    expect(sources.filter((s) => s[2] === 'survey').map((s) => s[1])).toEqual(['Doors survey']);
    expect(sources.filter((s) => s[2] === 'focus_area').map((s) => s[1])).toEqual(['Area 6', 'Area 7']);
    expect(sources.filter((s) => s[2] === 'follow').map((s) => s[1])).toEqual(['/us/ma/place-101', '/us/ma/place-102']);
    expect(check.json.effects.deprecatedApi).toBe(false);

    const body = { plan: 'level1', cycle: 'monthly', users: 1 };
    // The same confirm sent twice at once and once more later: one change, one removal, one order.
    const [a, b] = await Promise.all([
      manager.put('/subscriptions/update.json', body),
      manager.put('/subscriptions/update.json', body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const replay = await manager.put('/subscriptions/update.json', body);
    expect(replay.status).toBe(409);
    expect(replay.json.error.message).toBe('That is your current plan.');
    const counts = async () =>
      (
        await sql`SELECT (SELECT count(*)::int FROM focus_areas WHERE group_id = ${groupId}) AS areas,
          (SELECT count(*)::int FROM follows WHERE user_id = ${userId}) AS follows,
          (SELECT count(*)::int FROM surveys WHERE group_id = ${groupId}) AS surveys,
          (SELECT count(*)::int FROM projects WHERE group_id = ${groupId}) AS projects,
          (SELECT count(*)::int FROM orders WHERE group_id = ${groupId}) AS orders`
      )[0];
    expect(await counts()).toEqual({ areas: 5, follows: 100, surveys: 0, projects: 5, orders: 2 });
    const [kept] =
      await sql`SELECT max(path) AS last FROM follows WHERE user_id = ${userId} AND path LIKE '/us/ma/place-10_'`;
    expect(kept!.last).toBe('/us/ma/place-100');
  });

  it('charges an upgrade at once for the rest of the period, and a move to annual starts a new year', async () => {
    clock = new Date('2026-04-01T00:00:00Z');
    const { manager } = await teamOfThree();
    clock = new Date('2026-04-16T00:00:00Z');
    const more = await manager.put('/subscriptions/update.json', { plan: 'team_flex', users: 5 });
    expect(more.json).toMatchObject({ charge: (5 * 14900) / 2 - (3 * 14900) / 2 });
    const [charge] = await sql`SELECT amount_cents FROM local_charges ORDER BY created_at DESC LIMIT 1`;
    expect(charge!.amount_cents).toBe(14900);
    const annual = await manager.put('/subscriptions/update.json', { plan: 'level1', cycle: 'annual', users: 1 });
    expect(annual.json.charge).toBe(99900 - (5 * 14900) / 2);
    const [sub] =
      await sql`SELECT cycle, period_start, period_end FROM subscriptions WHERE group_id = (SELECT primary_group_id FROM users WHERE id = ${(await manager.session()).user.id})`;
    expect(sub).toMatchObject({ cycle: 'annual', period_start: clock, period_end: new Date('2027-04-16T00:00:00Z') });
  });

  it('M12: Pro to Team 2, back to Pro, API access spending the credit, then Pro to Team 2 again charges the second upgrade', async () => {
    clock = new Date('2026-04-01T00:00:00Z');
    const manager = new TestBrowser(app);
    await manager.register(uniqueEmail('m12'), 'secret-pass-1', 'Mia Manager');
    const pm = (
      await manager.post('/payments/local/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        name: 'Mia Manager',
      })
    ).json.id;
    const bought = await manager.post('/subscriptions.json', {
      plan: 'level1',
      cycle: 'monthly',
      payment_method_id: pm,
      agreement: true,
      group_name: `M12 ${process.pid} ${Date.now().toString(36)}`,
    });
    expect(bought.status).toBe(201);
    clock = new Date('2026-04-16T00:00:00Z');
    const charges = async () =>
      (
        await sql<
          { amount_cents: number }[]
        >`SELECT amount_cents FROM local_charges WHERE payment_method_id = ${pm} ORDER BY created_at, id`
      ).map((r) => r.amount_cents);
    const up = await manager.put('/subscriptions/update.json', { plan: 'team_flex', cycle: 'monthly', users: 2 });
    expect(up.json).toMatchObject({ status: 'ok', charge: 9950 });
    expect(
      (await manager.put('/subscriptions/update.json', { plan: 'level1', cycle: 'monthly', users: 1 })).json,
    ).toMatchObject({ credit: 9950 });
    const api = await manager.put('/subscriptions/update.json', {
      plan: 'api_combo',
      api_access: 'standard',
      cycle: 'monthly',
    });
    expect(api.json).toMatchObject({ status: 'ok', charge: 12500 - 9950, credit: 0 });
    // Starter cannot carry API access: the check says the API access goes.
    expect(
      (await manager.get('/settings/check_change.json?plan=level0&cycle=monthly&users=1')).json.effects,
    ).toMatchObject({
      deprecatedApi: true,
    });
    const again = await manager.put('/subscriptions/update.json', { plan: 'team_flex', cycle: 'monthly', users: 2 });
    expect(again.json).toMatchObject({ status: 'ok', charge: 9950 });
    expect(await charges()).toEqual([9900, 9950, 2550, 9950]);
  });

  it('Low 15: the local provider refuses a replayed idempotency key with another customer or amount, and answers the same payment once', async () => {
    const payments = new LocalPaymentProvider(sql);
    const customer = (await payments.createCustomer({ email: uniqueEmail('replay'), name: 'Rae Replay' })).id;
    const other = (await payments.createCustomer({ email: uniqueEmail('other'), name: 'Oto Other' })).id;
    const card = await payments.tokenise({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      name: 'Rae Replay',
    });
    await payments.attachCard(customer, card.token);
    const key = `replay-${Date.now()}`;
    const first = await payments.charge({
      customerId: customer,
      token: card.token,
      amountCents: 500,
      description: 'One',
      idempotencyKey: key,
    });
    const same = await Promise.all(
      [1, 2, 3].map(() =>
        payments.charge({
          customerId: customer,
          token: card.token,
          amountCents: 500,
          description: 'One',
          idempotencyKey: key,
        }),
      ),
    );
    expect(same.map((c) => c.id)).toEqual([first.id, first.id, first.id]);
    await expect(
      payments.charge({
        customerId: customer,
        token: card.token,
        amountCents: 900,
        description: 'More',
        idempotencyKey: key,
      }),
    ).rejects.toThrow(idempotencyMismatch);
    await expect(
      payments.charge({
        customerId: other,
        token: card.token,
        amountCents: 500,
        description: 'Other',
        idempotencyKey: key,
      }),
    ).rejects.toThrow(idempotencyMismatch);
    const [row] = await sql`SELECT count(*)::int AS n FROM local_charges WHERE idempotency_key = ${key}`;
    expect(row!.n).toBe(1);
  });
});
