// Browser tests of the admin content pages: /admin/map shows the loaded sources and layers on a map,
// /admin/notify counts a notice's recipients and sends it on confirmation, /admin/pages edits a legal
// page that the site then serves, /admin/neighborhoods/new makes a neighborhood drawn on the map.
// Screenshots at 1200 and 390 px wide.
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin } from '@parcel-map/tileserver/features/people/admin/create-admin';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle, type TestPage } from './browser.ts';
import { project, useHarness } from './harness.ts';

const harness = useHarness();
const cambridge = '/us/ma/middlesex/cambridge';
const neighborhood = `${cambridge}/e2e-corner-${process.pid}`;
afterAll(async () => {
  const sql = harness().server.sql;
  await sql`DELETE FROM places WHERE path = ${neighborhood}`;
  await sql`DELETE FROM site_pages WHERE slug = 'privacy'`;
});

async function admin(width = 1200): Promise<TestPage> {
  const h = harness();
  const tp = await openPage(h.browser, h.server.origin, { width, height: 800 });
  const address = `e2e-admin-pages-${process.pid}-${Date.now()}-${width}@example.org`;
  const { password } = await createAdmin(h.server.sql, address, 'Ada Admin');
  const res = await tp.page.request.post(`${h.server.origin}/users/sign_in.json`, {
    data: { email: address, password },
  });
  expect(res.status()).toBe(200);
  return tp;
}

describe('the admin content pages', () => {
  it('map the loaded parcel sources and layers, admin-only layers marked, at 1200 and 390 px', async () => {
    for (const width of [1200, 390]) {
      const tp = await admin(width);
      await tp.page.goto(`${harness().server.origin}/admin/map`);
      await tp.page.locator('[data-testid=admin-map-sources] td', { hasText: 'cambridge_parcels_fy2014' }).waitFor();
      await waitForIdle(tp.page);
      expect(await tp.page.locator('[data-testid=admin-map-layers] tr[data-table=streets]').textContent()).toContain(
        'Admins only',
      );
      await screenshot(tp.page, `admin-map-${width}`);
      expect(tp.errors).toEqual([]);
      await tp.context.close();
    }
  });

  it('count a notice’s recipients, then send it to Pro users on confirmation', async () => {
    const h = harness();
    const other = await openPage(h.browser, h.server.origin);
    await signUpIn(other.context, h.server.origin, 'pro');
    await other.context.close();
    const tp = await admin();
    await tp.page.goto(`${h.server.origin}/admin/notify`);
    await tp.page.getByTestId('notify-audience').selectOption('pro');
    await tp.page.getByTestId('notify-subject').fill('New layers on the map');
    await tp.page.getByTestId('notify-body').fill('Buildings and contours are now on the map.');
    await tp.page.getByTestId('notify-review').click();
    await expect
      .poll(() => tp.page.getByTestId('notify-count').textContent())
      .toMatch(/^This notice will be mailed to \d+ users? \(Pro users\)\.$/);
    const count = Number(/(\d+) user/.exec((await tp.page.getByTestId('notify-count').textContent())!)![1]);
    expect(count).toBeGreaterThanOrEqual(1);
    await tp.page.getByTestId('notify-confirm').click();
    await expect
      .poll(() => tp.page.getByTestId('notify-sent').textContent())
      .toBe(`Notice sent to ${count} user${count === 1 ? '' : 's'}.`);
    const [row] = await h.server.sql`SELECT details FROM audit_log WHERE action = 'notify' ORDER BY id DESC LIMIT 1`;
    expect(row!.details).toMatchObject({ audience: 'pro', subject: 'New layers on the map', recipients: count });
    await screenshot(tp.page, 'admin-notify');
    expect(tp.errors).toEqual([]);
  });

  it('edit the privacy page, which the site then shows, and restore the shipped text', async () => {
    const origin = harness().server.origin;
    const tp = await admin(390);
    await tp.page.goto(`${origin}/admin/pages`);
    await tp.page.getByRole('button', { name: 'Privacy' }).click();
    await tp.page.getByTestId('site-page-text').fill('# Privacy\n\nEdited by the e2e admin.');
    await tp.page.getByTestId('site-page-save').click();
    await expect.poll(() => tp.page.getByTestId('site-page-message').textContent()).toBe('Privacy saved.');
    await screenshot(tp.page, 'admin-pages-390');
    await tp.page.goto(`${origin}/hs/terms/privacy`);
    await tp.page.getByText('Edited by the e2e admin.').waitFor();
    await tp.page.goto(`${origin}/admin/pages`);
    await tp.page.getByRole('button', { name: 'Privacy' }).click();
    await tp.page.getByTestId('site-page-restore').click();
    await expect.poll(() => tp.page.getByTestId('site-page-message').textContent()).toBe('The shipped text is back.');
    expect(tp.errors).toEqual([]);
  });

  it('make a neighborhood drawn on the map inside Cambridge, which is then a place', async () => {
    const h = harness();
    const tp = await admin();
    await tp.page.goto(`${h.server.origin}/admin/neighborhoods/new`);
    await tp.page.getByTestId('neighborhood-parent').selectOption(cambridge);
    await waitForIdle(tp.page);
    await tp.page.getByTestId('neighborhood-name').fill(`E2E Corner ${process.pid}`);
    for (const corner of [
      [-71.107, 42.372],
      [-71.104, 42.372],
      [-71.104, 42.374],
      [-71.107, 42.374],
    ] as [number, number][]) {
      const { x, y } = await project(tp, corner);
      await tp.page.mouse.click(x, y);
    }
    expect(await tp.page.getByTestId('neighborhood-points').textContent()).toBe('4 corners');
    await tp.page.getByTestId('neighborhood-save').click();
    await expect
      .poll(() => tp.page.getByTestId('neighborhood-message').textContent())
      .toMatch(new RegExp(`^E2E Corner ${process.pid} made \\(0\\.0[0-9]+ km²\\): ${neighborhood}$`));
    await screenshot(tp.page, 'admin-neighborhood-new');
    const [place] = await h.server.sql`SELECT kind, parent_path FROM places WHERE path = ${neighborhood}`;
    expect(place).toEqual({ kind: 'neighborhood', parent_path: cambridge });
    expect(tp.errors).toEqual([]);
  });
});
