// Browser tests of the change-plan form: a Team account with more focus areas and follows than Pro
// keeps, and a survey in its least recently updated project, chooses Pro: the form shows Pro's What's
// Included, the /api link, and lists the surveys, focus areas and follows to remove; confirming removes
// them. An offer code shows its error readably, then the discounted price. An API account's logo names
// its API plan, the plans page offers Enterprise, Unlimited and API Tiles by contract, and its billing
// page links the API billing help. A change to Starter says what goes and on which day, and removes nothing
// before then.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

async function buy(context: BrowserContext, origin: string, plan: string, extra: Record<string, unknown> = {}) {
  const user = await signUpIn(context, origin, 'free');
  const csrf = (await (await context.request.get(`${origin}/api/v1/session.json`)).json()).csrf_token as string;
  const headers = { 'X-CSRF-Token': csrf };
  const card = await context.request.post(`${origin}/payments/local/payment_methods`, {
    data: {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
      name: 'Pat',
    },
    headers,
  });
  const bought = await context.request.post(`${origin}/subscriptions.json`, {
    data: {
      plan,
      cycle: 'monthly',
      payment_method_id: (await card.json()).id,
      agreement: true,
      group_name: `Change ${process.pid} ${Date.now().toString(36)}`,
      ...extra,
    },
    headers,
  });
  expect(bought.status()).toBe(201);
  return { user, billing: (await bought.json()).path as string };
}

describe('changing plan in the browser', () => {
  it('lists the surveys, focus areas and follows a downgrade to Pro removes, and removes them on confirm', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const { page } = tp;
    const { user, billing } = await buy(tp.context, h.server.origin, 'team_flex', { users: 2 });
    const sql = h.server.sql;
    const groupId = Number((await sql`SELECT id FROM groups WHERE slug = ${billing.split('/')[2]!}`)[0]!.id);
    await sql`INSERT INTO projects (group_id, created_by, name, slug, root_path, updated_at)
      SELECT ${groupId}, ${user.id}, 'Map ' || n, 'map-' || n, '/us/ma/middlesex/cambridge', now() - make_interval(days => n)
      FROM generate_series(1, 6) n`;
    await sql`INSERT INTO surveys (project_id, group_id, created_by, name)
      SELECT id, group_id, ${user.id}, 'Doors survey' FROM projects WHERE group_id = ${groupId} AND slug = 'map-6'`;
    await sql`INSERT INTO focus_areas (group_id, created_by, name, geom, acres, created_at)
      SELECT ${groupId}, ${user.id}, 'Area ' || n, ST_Multi(ST_MakeEnvelope(-71.11, 42.37, -71.10, 42.38, 4326)), 1,
             now() + make_interval(secs => n) FROM generate_series(1, 6) n`;
    await sql`INSERT INTO follows (user_id, kind, path, created_at)
      SELECT ${user.id}, 'place', '/us/ma/place-' || n, now() + make_interval(secs => n) FROM generate_series(1, 101) n`;

    await page.goto(`${h.server.origin}${billing}?plan_change=level1`);
    await page.getByTestId('change-plan-form').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('change-plan-removed-focus_area').textContent(), { timeout: 30_000 })
      .toBe('1 focus area: Area 6');
    expect(await page.getByTestId('change-plan-removed-survey').textContent()).toBe('1 survey: Doors survey');
    expect(await page.getByTestId('change-plan-removed-follow').textContent()).toBe('1 follow: /us/ma/place-101');
    expect(await page.getByTestId('change-plan-projects').textContent()).toBe('Projects removed: Map 6');
    expect(await page.getByTestId('change-plan-warning').textContent()).toContain(
      'Some users or data will exceed the new plan limit.',
    );
    expect(await page.getByTestId('change-plan-included').textContent()).toContain('5 focus areas');
    expect(await page.locator('[data-testid="change-plan-form"] a[href="/api"]').count()).toBe(1);
    await screenshot(page, 'change-plan-downgrade-phone');

    // An offer code: a wrong one says so readably; a valid one shows its price.
    const code = `E2E-${process.pid}-${Date.now().toString(36).toUpperCase()}`;
    await sql`INSERT INTO offers (code, name, plan, cycle, price_cents) VALUES (${code}, 'E2E offer', 'level1', 'monthly', 4900)`;
    await page.getByTestId('change-plan-code').fill('NOT-A-CODE');
    await page.getByTestId('change-plan-code-apply').click();
    await expect
      .poll(() => page.getByTestId('change-plan-check').textContent(), { timeout: 30_000 })
      .toBe('Offer code NOT-A-CODE: That offer code is not valid for this plan and account.');
    expect(await page.getByTestId('change-plan-confirm').isDisabled()).toBe(true);
    await page.getByTestId('change-plan-code').fill(code);
    await page.getByTestId('change-plan-code-apply').click();
    await expect
      .poll(() => page.getByTestId('change-plan-offer').textContent(), { timeout: 30_000 })
      .toBe('Offer applied: $49.00 a month instead of $99.00.');
    await screenshot(page, 'change-plan-offer-phone');

    await page.getByTestId('change-plan-confirm').click();
    await expect.poll(() => page.getByTestId('billing-plan-name').textContent(), { timeout: 30_000 }).toBe('Pro');
    const [left] = await sql<{ areas: number; follows: number; surveys: number; projects: number }[]>`
      SELECT (SELECT count(*)::int FROM focus_areas WHERE group_id = ${groupId}) AS areas,
        (SELECT count(*)::int FROM follows WHERE user_id = ${user.id}) AS follows,
        (SELECT count(*)::int FROM surveys WHERE group_id = ${groupId}) AS surveys,
        (SELECT count(*)::int FROM projects WHERE group_id = ${groupId}) AS projects`;
    expect(left).toEqual({ areas: 5, follows: 100, surveys: 0, projects: 5 });
  });

  it('says which projects and follows a change to Starter removes and on which day, and keeps them until then', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const { page } = tp;
    const { user, billing } = await buy(tp.context, h.server.origin, 'level1');
    const sql = h.server.sql;
    const groupId = Number((await sql`SELECT id FROM groups WHERE slug = ${billing.split('/')[2]!}`)[0]!.id);
    await sql`INSERT INTO projects (group_id, created_by, name, slug, root_path)
      VALUES (${groupId}, ${user.id}, 'Corner lots', 'corner-lots', '/us/ma/middlesex/cambridge')`;
    await sql`INSERT INTO follows (user_id, kind, path, created_at)
      SELECT ${user.id}, 'place', '/us/ma/place-' || n, now() + make_interval(secs => n) FROM generate_series(1, 11) n`;
    const [sub] = await sql<{ period_end: Date }[]>`SELECT period_end FROM subscriptions WHERE group_id = ${groupId}`;
    const day = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(sub!.period_end);

    await page.goto(`${h.server.origin}${billing}?plan_change=level0`);
    await expect
      .poll(() => page.getByTestId('change-plan-when').textContent(), { timeout: 30_000 })
      .toBe(
        `Removed on ${day}, when this period ends and Starter begins: what is over Starter's limits on that day. Until then nothing changes.`,
      );
    expect(await page.getByTestId('change-plan-projects').textContent()).toBe('Projects removed: Corner lots');
    expect(await page.getByTestId('change-plan-removed-follow').textContent()).toBe('1 follow: /us/ma/place-11');
    expect(await page.getByTestId('change-plan-check').textContent()).toBe(
      `Nothing to pay. Your plan stays until ${day}; Starter from then.`,
    );
    await page.getByTestId('change-plan-warning').scrollIntoViewIfNeeded();
    await screenshot(page, 'change-plan-starter-phone');
    await page.getByTestId('change-plan-confirm').click();
    await expect
      .poll(() => page.getByTestId('billing-plan').textContent(), { timeout: 30_000 })
      .toContain(`ends on ${day}`);
    const [left] = await sql<{ projects: number; follows: number }[]>`
      SELECT (SELECT count(*)::int FROM projects WHERE group_id = ${groupId}) AS projects,
        (SELECT count(*)::int FROM follows WHERE user_id = ${user.id}) AS follows`;
    expect(left).toEqual({ projects: 1, follows: 11 });
    expect(tp.errors).toEqual([]);
  });

  it('shows an API account the API logo, not Starter', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    const { billing } = await buy(tp.context, h.server.origin, 'api_standard', { api_acknowledgement: true });
    await tp.page.goto(`${h.server.origin}/`);
    await expect
      .poll(() => tp.page.getByTestId('logo-button').getAttribute('data-plan'), { timeout: 30_000 })
      .toBe('bundle');
    expect(await tp.page.locator('.logo-plan').textContent()).toBe('API');
    // The plans page: the site plans above Team and the tiles-only API plan are sold by contract.
    await tp.page.goto(`${h.server.origin}/plans`);
    await tp.page.getByTestId('plan-level2').waitFor({ timeout: 30_000 });
    expect(await tp.page.getByTestId('price-level2').textContent()).toBe('Contact us');
    expect(await tp.page.getByTestId('choose-level4').textContent()).toBe('Contact Us');
    await tp.page.getByTestId('api-plan-api_tiles').waitFor({ timeout: 30_000 });
    expect(await tp.page.getByTestId('api-plan-api_tiles').textContent()).toContain('No parcel record API');
    await tp.page.getByTestId('plan-level2').scrollIntoViewIfNeeded();
    await screenshot(tp.page, 'plans-enterprise');
    // The billing page links the support article on API billing.
    await tp.page.goto(`${h.server.origin}${billing}`);
    await tp.page.getByTestId('api-billing-help').waitFor({ timeout: 30_000 });
    expect(await tp.page.getByTestId('api-billing-help').getAttribute('href')).toBe(
      'https://support.parcel-map.org/api/using-the-parcel-api#api-billing',
    );
  });
});
