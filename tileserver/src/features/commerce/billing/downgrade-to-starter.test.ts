// A change to Starter with the clock moved past the period end: the check lists what Starter has no
// room for and when it goes; the confirm removes nothing yet; the renewal run at the end of the period
// removes the members, projects (with their surveys), focus areas and follows over Starter's limits in
// the transaction that ends the plan, once, whether two workers race or the run is repeated.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { invitedMember } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { renewDueSubscriptions } from './renewals.ts';

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'starter-')), FOLLOW_LIMIT_FREE: '3' });
const sql = testDb(4);
let clock = new Date('2026-04-01T00:00:00Z');
const payments = new LocalPaymentProvider(sql);
const app = createApp({ config, sql, logger: createLogger('silent'), now: () => clock, payments });
afterAll(() => sql.end());

async function teamWithData() {
  clock = new Date('2026-04-01T00:00:00Z');
  const manager = new TestBrowser(app);
  await manager.register(uniqueEmail('starter'), 'secret-pass-1', 'Sam Starter');
  const pm = (
    await manager.post('/payments/local/payment_methods', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Sam Starter',
    })
  ).json.id;
  const bought = await manager.post('/subscriptions.json', {
    plan: 'team_flex',
    users: 3,
    cycle: 'monthly',
    payment_method_id: pm,
    agreement: true,
    group_name: `Starter ${process.pid} ${Date.now().toString(36)}`,
  });
  expect(bought.status).toBe(201);
  const members = [await invitedMember(app, config, manager, 'Ann Member')];
  const slug = (bought.json.path as string).split('/')[2]!;
  const groupId = Number((await sql`SELECT id FROM groups WHERE slug = ${slug}`)[0]!.id);
  const userId = (await manager.session()).user.id as number;
  for (const name of ['Map A', 'Map B'])
    expect((await manager.post('/projects.json', { name, query: { path: '/us/ma/middlesex/cambridge' } })).status).toBe(
      201,
    );
  await sql`INSERT INTO surveys (project_id, group_id, created_by, name)
    SELECT id, group_id, ${userId}, 'Doors survey' FROM projects WHERE name = 'Map A' AND group_id = ${groupId}`;
  await sql`INSERT INTO focus_areas (group_id, created_by, name, geom, acres)
    SELECT ${groupId}, ${userId}, 'Area ' || n, ST_Multi(ST_MakeEnvelope(-71.11, 42.37, -71.10, 42.38, 4326)), 1
    FROM generate_series(1, 2) n`;
  await sql`INSERT INTO follows (user_id, kind, path, created_at)
    SELECT ${userId}, 'place', '/us/ma/place-' || n, now() + make_interval(secs => n) FROM generate_series(1, 5) n`;
  const counts = async () =>
    (
      await sql`SELECT (SELECT count(*)::int FROM memberships WHERE group_id = ${groupId}) AS members,
        (SELECT count(*)::int FROM projects WHERE group_id = ${groupId}) AS projects,
        (SELECT count(*)::int FROM surveys WHERE group_id = ${groupId}) AS surveys,
        (SELECT count(*)::int FROM focus_areas WHERE group_id = ${groupId}) AS areas,
        (SELECT count(*)::int FROM follows WHERE user_id = ${userId}) AS follows`
    )[0];
  return { manager, members, groupId, counts };
}

describe('a change to Starter', () => {
  it('lists what goes and when, keeps it all until the period ends, then removes it once though two workers race and the run repeats', async () => {
    const { manager, members, groupId, counts } = await teamWithData();
    const before = { members: 2, projects: 2, surveys: 1, areas: 2, follows: 5 };
    expect(await counts()).toEqual(before);

    clock = new Date('2026-04-16T00:00:00Z');
    const check = (await manager.get('/settings/check_change.json?plan=level0')).json;
    expect(check).toMatchObject({ possible: true, charge: 0, effective_at: '2026-05-01T00:00:00.000Z' });
    expect(check.effects.users.map((u: [string]) => u[0])).toEqual(['Ann Member']);
    expect(check.effects.maps.map((m: [number, string]) => m[1]).sort()).toEqual(['Map A', 'Map B']);
    expect(check.effects.sources.map((s: [number, string, string]) => `${s[2]} ${s[1]}`)).toEqual([
      'survey Doors survey',
      'focus_area Area 1',
      'focus_area Area 2',
      'follow /us/ma/place-4',
      'follow /us/ma/place-5',
    ]);

    const cancel = await manager.put('/subscriptions/update.json', { plan: 'level0' });
    expect(cancel.json).toMatchObject({ status: 'ok', effective_at: new Date('2026-05-01T00:00:00Z').toISOString() });
    // Paid for until the end of the period: nothing goes yet, not even an hour before it ends.
    const renew = (at: string) =>
      renewDueSubscriptions({ sql, payments, config, now: new Date(at), groupIds: [groupId] });
    expect(await renew('2026-04-30T23:00:00Z')).toEqual({ renewed: 0, failed: 0, ended: 0 });
    expect(await counts()).toEqual(before);
    expect((await members[0]!.session()).group).not.toBeNull();

    // The period is over: two workers at once, then the run again.
    clock = new Date('2026-05-01T00:15:00Z');
    const raced = await Promise.all([renew('2026-05-01T00:15:00Z'), renew('2026-05-01T00:15:00Z')]);
    expect(raced.reduce((n, r) => n + r.ended, 0)).toBe(1);
    expect(await renew('2026-05-01T00:30:00Z')).toEqual({ renewed: 0, failed: 0, ended: 0 });
    expect(await counts()).toEqual({ members: 1, projects: 0, surveys: 0, areas: 0, follows: 3 });
    const [kept] =
      await sql`SELECT max(path) AS last FROM follows WHERE user_id = ${(await manager.session()).user.id}`;
    expect(kept!.last).toBe('/us/ma/place-3');
    expect((await manager.session()).group).toMatchObject({ tier: 'free' });
    expect((await members[0]!.session()).group).toBeNull();
  });

  it('removes nothing when a plan ends because its renewals were declined', async () => {
    const { manager, groupId, counts } = await teamWithData();
    await sql`UPDATE subscriptions SET renewal_failures = 3 WHERE group_id = ${groupId}`;
    const declining = (
      await manager.post('/payments/local/payment_methods', {
        number: '4000000000009995',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        name: 'Sam Starter',
      })
    ).json.id;
    expect((await manager.post('/account/cards.json', { payment_method_id: declining })).status).toBe(201);
    const [sub] = await sql`SELECT id FROM subscriptions WHERE group_id = ${groupId}`;
    expect((await manager.put(`/subscriptions/${sub!.id}.json`, { payment_method_id: declining })).status).toBe(200);
    const report = await renewDueSubscriptions({
      sql,
      payments,
      config,
      now: new Date('2026-05-01T00:00:00Z'),
      groupIds: [groupId],
    });
    expect(report).toEqual({ renewed: 0, failed: 1, ended: 1 });
    expect(await counts()).toEqual({ members: 2, projects: 2, surveys: 1, areas: 2, follows: 5 });
  });
});
