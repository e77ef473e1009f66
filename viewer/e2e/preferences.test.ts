// Browser tests of the Customise Property View Details page and the preferences behind it: a field hidden
// there leaves the parcel pane (for a visitor from this browser's storage, for a signed-in user from
// the server, also after a reload and in another tab), at phone and desktop sizes.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { useHarness, type Harness } from './harness.ts';

const harness = useHarness();

async function rockwell(h: Harness): Promise<{ path: string; lon: number; lat: number }> {
  const [row] = await h.server.sql<{ path: string; lon: number; lat: number }[]>`
    SELECT path, ST_X(p) AS lon, ST_Y(p) AS lat
    FROM (SELECT path, ST_PointOnSurface(geom) AS p FROM parcels WHERE parcelnumb = '127-123' AND address = '23 ROCKWELL ST' LIMIT 1) s`;
  if (!row) throw new Error('parcel 127-123 (23 ROCKWELL ST) is not in the test database');
  return row;
}

async function openParcel(
  page: Page,
  origin: string,
  parcel: { path: string; lat: number; lon: number },
): Promise<void> {
  await page.goto(`${origin}${parcel.path}#base=street&map=18/${parcel.lat}/${parcel.lon}`);
  await page.getByTestId('parcel-number').filter({ hasText: '127-123' }).waitFor({ timeout: 30_000 });
}

const paneRow = (page: Page, field: string) => page.getByTestId('parcel-pane').locator(`tr[data-field="${field}"]`);

describe('customising the property details', () => {
  it('hides a field for a visitor on a phone: the page saves it in the browser and the parcel pane follows', async () => {
    const h = harness();
    const parcel = await rockwell(h);
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    // A field saved earlier that no schema knows.
    await tp.page.goto(`${h.server.origin}/coverage`);
    await tp.page.evaluate(() =>
      localStorage.setItem('parcel_detail_preferences', JSON.stringify({ old_column: false })),
    );

    await tp.page.goto(`${h.server.origin}/settings/property-details`);
    const group = tp.page.getByTestId('settings-group-parcel');
    await group.waitFor({ timeout: 30_000 });
    expect(await tp.page.locator('h1').textContent()).toBe('Customise Property View Details');
    expect(await tp.page.getByTestId('not-found-fields').locator('li span').textContent()).toBe(
      'not found: old_column',
    );
    expect(await group.getAttribute('data-state')).toBe('all');
    expect(await tp.page.getByTestId('schema-key').inputValue()).toBe('us');
    // Mailing-address fields are not listed; the owner group is.
    await tp.page.getByTestId('settings-group-owner').locator('.field-group-toggle').click();
    expect(await tp.page.locator('label[data-field="owner"]').count()).toBe(1);
    expect(await tp.page.locator('label[data-field="mailadd"], label[data-field="mail_city"]').count()).toBe(0);

    await group.locator('.field-group-toggle').click();
    const uuid = group.locator('label[data-field="ll_uuid"]');
    expect(await uuid.getAttribute('title')).toBe('Stable nationwide unique parcel id (use as key/foreign key)');
    expect(await uuid.textContent()).toBe('Parcel UUID');
    await uuid.locator('input').uncheck();
    await tp.page.getByTestId('save-state').filter({ hasText: 'Saved' }).waitFor();
    expect(await group.getAttribute('data-state')).toBe('partial');
    expect(await group.getByTestId('group-icon').getAttribute('aria-label')).toBe('Some fields shown');
    expect(JSON.parse((await tp.page.evaluate(() => localStorage.getItem('parcel_detail_preferences')))!)).toEqual({
      old_column: false,
      ll_uuid: false,
    });

    // The add-on panel: Enhanced Owner lists 6 features before View more.
    const owner = tp.page.getByTestId('add-on-enhanced_owner');
    expect(await owner.locator('.add-on-features li').count()).toBe(6);
    await owner.getByTestId('view-more').click();
    expect(await owner.locator('.add-on-features li').count()).toBe(7);
    const width = await tp.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(tp.page, 'preferences-customise-phone');

    await openParcel(tp.page, h.server.origin, parcel);
    await paneRow(tp.page, 'parcelnumb').waitFor();
    expect(await paneRow(tp.page, 'll_uuid').count()).toBe(0);
    // Labels are the short human ones, with the note as tooltip.
    expect(await paneRow(tp.page, 'parcelnumb').locator('th').textContent()).toBe('Parcel Number');
    expect(await paneRow(tp.page, 'parcelnumb').locator('th').getAttribute('title')).toBe(
      'Assessor primary parcel number (APN/PIN), as formatted by county',
    );
    expect(await tp.page.getByTestId('customise-link').getAttribute('href')).toBe('/settings/property-details');
    const pane = (await tp.page.getByTestId('parcel-pane').boundingBox())!;
    expect(pane.x + pane.width).toBeLessThanOrEqual(390);
    await screenshot(tp.page, 'preferences-pane-phone');

    // The Canadian schema leaves US-only fields out (risk factors are FEMA's).
    await tp.page.goto(`${h.server.origin}/settings/property-details`);
    await tp.page.getByTestId('schema-key').selectOption('ca');
    await tp.page.waitForURL((url) => url.search === '?schema_key=ca');
    await tp.page.getByTestId('settings-group-parcel').waitFor();
    expect(await tp.page.getByTestId('settings-group-risk').count()).toBe(0);
    expect(await tp.page.getByTestId('schema-key').inputValue()).toBe('ca');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('keeps a signed-in user’s choice on the server: after a reload with no local copy, and in another open tab', async () => {
    const h = harness();
    const parcel = await rockwell(h);
    const tp = await openPage(h.browser, h.server.origin);
    const user = await signUpIn(tp.context, h.server.origin, 'free');
    await openParcel(tp.page, h.server.origin, parcel);
    await paneRow(tp.page, 'parcelnumb').waitFor();
    await waitForIdle(tp.page);

    // The Customise page in a second tab of the same browser.
    const settings = await tp.context.newPage();
    await settings.goto(`${h.server.origin}/settings/property-details`);
    const group = settings.getByTestId('settings-group-parcel');
    await group.waitFor({ timeout: 30_000 });
    expect(await settings.locator('.settings-main > p.muted').textContent()).toContain(
      'Changes save automatically to your account.',
    );
    await group.getByTestId('deselect-all').click();
    await settings.getByTestId('save-state').filter({ hasText: 'Saved' }).waitFor();
    expect(await group.getAttribute('data-state')).toBe('none');
    expect(await group.getByTestId('group-icon').getAttribute('aria-label')).toBe('No fields shown');
    const saved = await h.server.sql<{ value: Record<string, unknown> }[]>`
      SELECT value FROM preferences WHERE user_id = ${user.id} AND key = 'parcel_detail_preferences'`;
    expect(saved[0]?.value).toMatchObject({ parcelnumb: false, address: false, ll_uuid: false });
    await screenshot(settings, 'preferences-customise-signed-in');

    // The first tab follows through the storage event, without a reload.
    await tp.page.getByTestId('group-parcel').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await paneRow(tp.page, 'parcelnumb').count()).toBe(0);

    // No local copy left: the reload reads the server's.
    await tp.page.evaluate(() => localStorage.clear());
    await tp.page.reload();
    await tp.page.getByTestId('parcel-number').filter({ hasText: '127-123' }).waitFor({ timeout: 30_000 });
    // Premium zoning fields are listed locked for a free user: the groups have rendered.
    await tp.page.getByTestId('group-zoning').waitFor();
    expect(await tp.page.getByTestId('group-parcel').count()).toBe(0);
    expect(await paneRow(tp.page, 'address').count()).toBe(0);
    await screenshot(tp.page, 'preferences-pane-signed-in');

    // Select All brings them back.
    await settings.reload();
    await settings.getByTestId('settings-group-parcel').getByTestId('select-all').click();
    await settings.getByTestId('save-state').filter({ hasText: 'Saved' }).waitFor();
    await paneRow(tp.page, 'parcelnumb').waitFor({ timeout: 10_000 });
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('remembers a signed-in user’s dismissals of the Canada notice and the zoom reminder in a new browser', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    const user = await signUpIn(tp.context, h.server.origin, 'free');
    await tp.page.goto(`${h.server.origin}/#base=street&map=5/45/-77`);
    await waitForIdle(tp.page);
    await tp.page.getByTestId('zoom-reminder').locator('button').click();
    await tp.page.evaluate(() => window.__map!.jumpTo({ center: [-79.42, 43.7], zoom: 8 }));
    await tp.page.getByTestId('canada-notice').waitFor({ timeout: 20_000 });
    await tp.page.getByTestId('canada-notice-dismiss').click();
    await expect
      .poll(
        async () =>
          (
            await h.server.sql<{ key: string }[]>`SELECT key FROM preferences WHERE user_id = ${user.id} ORDER BY key`
          ).map((r) => r.key),
        { timeout: 30_000 },
      )
      .toEqual(['canada_fields_notice_dismissed', 'zoom_in_reminder_dismissed']);

    // Another browser (no local cache), signed in as the same user: neither comes back.
    const cookies = await tp.context.cookies();
    const other = await openPage(h.browser, h.server.origin);
    await other.context.addCookies(cookies);
    await other.page.goto(`${h.server.origin}/#base=street&map=8/43.7/-79.42`);
    await waitForIdle(other.page);
    await other.page.getByTestId('crumb-county').waitFor({ timeout: 20_000 });
    await other.page.waitForTimeout(800);
    expect(await other.page.getByTestId('canada-notice').count()).toBe(0);
    await other.page.evaluate(() => window.__map!.jumpTo({ center: [-77, 45], zoom: 5 }));
    await waitForIdle(other.page);
    expect(await other.page.getByTestId('zoom-reminder').count()).toBe(0);
    await screenshot(other.page, 'preferences-dismissals-signed-in');
    expect([...tp.errors, ...other.errors]).toEqual([]);
    await other.context.close();
    await tp.context.close();
  });
});
