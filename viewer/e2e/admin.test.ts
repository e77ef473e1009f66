// Browser tests of the admin screens: an admin (made by createAdmin, signed in through the API) finds a
// user on /admin/users and sets their plan to Pro, and the user's parcel pane then shows the premium
// values it showed locked; the admin signs in as the user and switches back; the admin menu's zoom
// display checkbox; the overview; non-admins get "not found"; the pages at 390x800.
import { describe, expect, it } from 'vitest';
import { createAdmin } from '@parcel-map/tileserver/features/people/admin/create-admin';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { openPage, screenshot, waitForIdle, type TestPage } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();
let emails = 0;
const email = (tag: string) => `e2e-${tag}-${process.pid}-${++emails}@example.org`;

/** A new browser context signed in through the API (the cookie lands in the context's jar). */
async function signedIn(
  how: { admin: true } | { register: string },
  size?: { width: number; height: number },
): Promise<TestPage & { email: string }> {
  const h = harness();
  const tp = await openPage(h.browser, h.server.origin, size);
  let address: string;
  if ('admin' in how) {
    address = email('admin');
    const { password } = await createAdmin(h.server.sql, address, 'Ada Admin');
    const res = await tp.page.request.post(`${h.server.origin}/users/sign_in.json`, {
      data: { email: address, password },
    });
    expect(res.status()).toBe(200);
  } else {
    address = email('user');
    const res = await tp.page.request.post(`${h.server.origin}/users.json`, {
      data: { user: { name: how.register, email: address, password: 'secret-pass-1' } },
    });
    expect(res.status()).toBe(201);
  }
  return { ...tp, email: address };
}

/** A Cambridge parcel with a value in a Pro field (text fields first, to compare the shown text). */
async function parcelWithProValue(): Promise<{
  path: string;
  lon: number;
  lat: number;
  field: string;
  value: string;
}> {
  const sql = harness().server.sql;
  const pro = parcelFields
    .filter((f) => f.tier === 'pro')
    .sort((a, b) => Number(b.kind === 'text') - Number(a.kind === 'text'));
  for (const field of pro) {
    const [row] = await sql<{ path: string; lon: number; lat: number; value: string }[]>`
      SELECT path, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat, ${sql(field.name)}::text AS value
      FROM parcels WHERE path LIKE '/us/ma/middlesex/%' AND ${sql(field.name)} IS NOT NULL AND ${sql(field.name)}::text <> '' LIMIT 1`;
    if (row) return { ...row, field: field.name };
  }
  throw new Error('no parcel in the test data has a value in a Pro field');
}

async function openParcel(tp: TestPage, parcel: { path: string; lat: number; lon: number }): Promise<void> {
  await tp.page.goto(`${harness().server.origin}${parcel.path}#base=street&map=18/${parcel.lat}/${parcel.lon}`);
  await waitForIdle(tp.page);
  await tp.page.getByTestId('parcel-title').waitFor({ timeout: 30_000 });
}

/** The 404s of the admin API answer a non-admin: expected, not errors of the page. */
const withoutNotFound = (errors: string[]) => errors.filter((e) => !/status of 404/.test(e));

describe('the admin screens', () => {
  it('set a user’s plan to Pro from /admin/users, and that user’s parcel pane then shows the Pro values it showed locked', async () => {
    const h = harness();
    const parcel = await parcelWithProValue();
    const user = await signedIn({ register: 'Pat Parcel' });
    await openParcel(user, parcel);
    const row = user.page.locator(`.parcel-pane tr[data-field="${parcel.field}"]`);
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('locked');
    expect(await row.locator('td').textContent()).toBe('Unlock with Pro');
    await row.scrollIntoViewIfNeeded();
    await screenshot(user.page, 'admin-parcel-before-pro');

    const admin = await signedIn({ admin: true });
    await admin.page.goto(`${h.server.origin}/admin/users`);
    await admin.page.getByTestId('admin-user-search').fill(user.email);
    const found = admin.page.locator(`[data-testid="admin-user"][data-email="${user.email}"]`);
    await found.waitFor();
    // The list first shows the newest users, then only the matches once typing pauses.
    await expect.poll(() => admin.page.getByTestId('admin-user').count(), { timeout: 10_000 }).toBe(1);
    expect(await found.getByTestId('user-plan').textContent()).toBe('Starter');
    await found.getByTestId('set-plan').click();
    await found.getByTestId('plan-pro').check();
    // The account name follows the spec's rule: a domain is refused with its message, Save stays off.
    await found.getByTestId('plan-account-name').fill('example.com');
    expect(await found.getByRole('alert').textContent()).toBe(
      'That account name must not be a URL, is too short, reserved, or needs at least one letter: please try another one.',
    );
    expect(await found.getByTestId('save-plan').isDisabled()).toBe(true);
    await found.getByTestId('plan-account-name').fill(`Parcel Pros ${process.pid}`);
    await screenshot(admin.page, 'admin-set-plan');
    await found.getByTestId('save-plan').click();
    await found.getByText('Plan set to Pro.').waitFor();
    expect(await found.getByTestId('user-plan').textContent()).toBe('Pro');
    expect(await found.getByTestId('user-group').textContent()).toBe(`Parcel Pros ${process.pid}`);

    await user.page.reload();
    await waitForIdle(user.page);
    await user.page.getByTestId('parcel-title').waitFor({ timeout: 30_000 });
    await row.waitFor();
    expect((await row.getAttribute('class')) ?? '').not.toContain('locked');
    const shown = (await row.locator('td').textContent()) ?? '';
    expect(shown).not.toContain('Unlock');
    expect(shown.length).toBeGreaterThan(0);
    if (parcelFields.find((f) => f.name === parcel.field)!.kind === 'text') expect(shown).toBe(parcel.value);
    // Pro reads Team fields view-only (the values show with a badge): none is offered as a Team unlock now.
    expect(await user.page.locator('.parcel-pane').getByText('Unlock with Team').count()).toBe(0);
    await row.scrollIntoViewIfNeeded();
    await screenshot(user.page, 'admin-parcel-after-pro');
    expect(user.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await user.context.close();
    await admin.context.close();
  });

  it('sign in as a user from /admin/users, then Switch Back to Admin from the admin menu on the map', async () => {
    const h = harness();
    const user = await signedIn({ register: 'Sam Surveyor' });
    await user.context.close();
    const admin = await signedIn({ admin: true });
    await admin.page.goto(`${h.server.origin}/admin/users`);
    await admin.page.getByTestId('admin-user-search').fill(user.email);
    const found = admin.page.locator(`[data-testid="admin-user"][data-email="${user.email}"]`);
    await found.getByTestId('sign-in-as').click();
    await admin.page.waitForURL(`${h.server.origin}/`);
    await waitForIdle(admin.page);
    const session = await admin.page.evaluate(() => fetch('/api/v1/session.json').then((r) => r.json()));
    expect(session).toMatchObject({ acting_as: true, level: 'free', user: { email: user.email } });
    // Acting as a Starter user: no zoom display, and the admin pages are closed.
    expect(await admin.page.getByTestId('zoom-display').count()).toBe(0);
    await admin.page.getByTestId('admin-menu-toggle').click();
    const menu = admin.page.getByTestId('admin-menu');
    expect(await menu.textContent()).toContain(`Acting as Sam Surveyor (${user.email})`);
    await screenshot(admin.page, 'admin-acting-as');
    await menu.getByTestId('switch-back-to-admin').click();
    await admin.page.waitForURL(`${h.server.origin}/admin/users`);
    await admin.page.getByTestId('admin-page').waitFor();
    const back = await admin.page.evaluate(() => fetch('/api/v1/session.json').then((r) => r.json()));
    expect(back).toMatchObject({ acting_as: false, level: 'admin' });
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it('toggle the zoom-level display from the admin menu (on by default, remembered), and link the admin pages', async () => {
    const h = harness();
    const admin = await signedIn({ admin: true });
    await admin.page.goto(`${h.server.origin}/#base=street&map=13/42.375/-71.11`);
    await waitForIdle(admin.page);
    await admin.page.getByTestId('zoom-display').waitFor();
    await admin.page.getByTestId('admin-menu-toggle').click();
    const links = await admin.page
      .getByTestId('admin-menu')
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual([
      '/admin',
      '/admin/map',
      '/admin/notify',
      '/admin/pages',
      '/admin/neighborhoods/new',
      '/admin/users',
      '/admin/user_profiles',
      '/admin/requests',
      '/admin/bulk_requests',
      '/admin/search_feedback',
      '/admin/orders',
      '/admin/codes',
      '/admin/api_trials',
      '/admin/imports_exports/running',
      '/admin/metrics',
    ]);
    const checkbox = admin.page.getByTestId('zoom-display-checkbox').locator('input');
    expect(await checkbox.isChecked()).toBe(true);
    await checkbox.uncheck();
    expect(await admin.page.getByTestId('zoom-display').count()).toBe(0);
    await admin.page.reload();
    await waitForIdle(admin.page);
    await admin.page.getByTestId('admin-menu-toggle').waitFor();
    expect(await admin.page.getByTestId('zoom-display').count()).toBe(0);
    await admin.page.getByTestId('admin-menu-toggle').click();
    await admin.page.getByTestId('zoom-display-checkbox').locator('input').check();
    await admin.page.getByTestId('zoom-display').waitFor();
    // Escape closes the menu.
    await admin.page.keyboard.press('Escape');
    expect(await admin.page.getByTestId('admin-menu').count()).toBe(0);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it('show the overview counts as tiles and charts, and the lists, at 390x800 without widening the page', async () => {
    const h = harness();
    await h.server
      .sql`INSERT INTO search_feedback (query, additional_information) VALUES (${`e2e overview ${process.pid}`}, 'from the admin test')`;
    const admin = await signedIn({ admin: true }, { width: 390, height: 800 });
    await admin.page.goto(`${h.server.origin}/admin`);
    const tiles = admin.page.getByTestId('admin-overview-tiles');
    await tiles.waitFor();
    const [count] = await h.server.sql<{ users: number }[]>`SELECT count(*)::int AS users FROM users`;
    expect(await tiles.locator('[data-key="users"] .stat-value').textContent()).toBe(
      count!.users.toLocaleString('en-US'),
    );
    expect(await admin.page.getByTestId('overview-accounts-chart').locator('.chart-bar').count()).toBe(4);
    const overflow = () =>
      admin.page.evaluate(() => {
        const p = document.querySelector('.page')!;
        return p.scrollWidth - p.clientWidth;
      });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(admin.page, 'admin-overview-phone');
    for (const [path, testId] of [
      ['/admin/users', 'admin-users'],
      ['/admin/user_profiles', 'industries-chart'],
      ['/admin/requests', 'admin-page'],
      ['/admin/search_feedback', 'admin-search-feedback'],
    ] as const) {
      await admin.page.goto(`${h.server.origin}${path}`);
      await admin.page.getByTestId(testId).waitFor();
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
    expect(await admin.page.getByTestId('admin-search-feedback').textContent()).toContain(
      `e2e overview ${process.pid}`,
    );
    await screenshot(admin.page, 'admin-search-feedback-phone');
    // An account name another group has is a duplicate, checked when the field loses focus.
    const taken = `Taken Acres ${process.pid}`;
    const owner = await signedIn({ register: 'Olive Owner' });
    const ownerId = (await (await owner.page.request.get(`${h.server.origin}/api/v1/session.json`)).json()).user
      .id as number;
    const csrf = (await (await admin.page.request.get(`${h.server.origin}/api/v1/session.json`)).json())
      .csrf_token as string;
    const res = await admin.page.request.put(`${h.server.origin}/admin/users/${ownerId}/plan.json`, {
      data: { tier: 'pro', group_name: taken },
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(res.status()).toBe(200);
    await owner.context.close();
    await admin.page.goto(`${h.server.origin}/admin/users`);
    // Olive's own row would accept her own account's name: use the admin's row.
    await admin.page.locator(`[data-testid="admin-user"][data-email="${admin.email}"]`).getByTestId('set-plan').click();
    await admin.page.getByTestId('plan-team').check();
    const form = admin.page.getByTestId('set-plan-form');
    await admin.page.getByTestId('plan-account-name').fill(taken.toUpperCase());
    await admin.page.getByTestId('plan-seats').click();
    await form.getByText('It appears you have already selected this account name, please try another.').waitFor();
    await admin.page.getByTestId('plan-account-name').fill('');
    await admin.page.getByTestId('plan-seats').fill('30');
    expect(await form.getByRole('alert').textContent()).toBe('Team plans have 2 to 25 seats.');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(admin.page, 'admin-users-phone');
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it('answer a clear "not found" page to a signed-in user who is not an admin, and for admin pages that do not exist', async () => {
    const h = harness();
    const user = await signedIn({ register: 'Nora Nonadmin' });
    for (const path of ['/admin', '/admin/users', '/admin/search_feedback']) {
      await user.page.goto(`${h.server.origin}${path}`);
      await user.page.getByTestId('not-found-page').waitFor();
      expect(await user.page.locator('h1').textContent()).toBe('Page not found');
      expect(await user.page.getByTestId('admin-page').count()).toBe(0);
    }
    await screenshot(user.page, 'admin-not-found');
    expect(withoutNotFound(user.errors)).toEqual([]);
    const admin = await signedIn({ admin: true });
    await admin.page.goto(`${h.server.origin}/admin/sidekiq`);
    await admin.page.getByTestId('not-found-page').waitFor();
    // Built since: the API sandboxes and trials (issue 12).
    await admin.page.goto(`${h.server.origin}/admin/api_trials`);
    await admin.page.getByRole('heading', { name: 'API Trials' }).waitFor();
    await user.context.close();
    await admin.context.close();
  });

  it('make an offer code at /admin/codes and see it listed with its price', async () => {
    const h = harness();
    const admin = await signedIn({ admin: true });
    await admin.page.goto(`${h.server.origin}/admin/codes`);
    await admin.page.getByTestId('code-form').waitFor();
    const code = `WELCOME-${process.pid}`;
    await admin.page.getByTestId('code-code').fill(code.toLowerCase());
    await admin.page.getByTestId('code-name').fill('Welcome offer');
    await admin.page.getByTestId('code-price').fill('499');
    await admin.page.getByTestId('code-save').click();
    await admin.page.getByText(`Offer ${code} made.`).waitFor();
    const row = admin.page.getByTestId('admin-codes').locator('tr', { hasText: code });
    await row.waitFor();
    expect(await row.textContent()).toContain('$499.00');
    // The orders page lists every order (none need exist yet) with its refund button.
    await admin.page.goto(`${h.server.origin}/admin/orders`);
    await admin.page.getByTestId('admin-page').waitFor();
    expect(await admin.page.locator('h1').textContent()).toBe('Orders');
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
