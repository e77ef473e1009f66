// Browser tests of the phone layout at 390x800: the header shrinks to the place name and search, the
// parcel pane is a bottom sheet that leaves the map controls usable and drags between peek and full
// height, and the sign-up tab and the account pages fit the narrow screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { project, useHarness } from './harness.ts';
import { testEmail } from './accounts-helpers.ts';

const harness = useHarness();
const phone = { width: 390, height: 800 };

async function box(page: Page, testId: string) {
  const b = await page.getByTestId(testId).boundingBox();
  if (!b) throw new Error(`${testId} is not on screen`);
  return b;
}

/** Drags the sheet's handle by dy pixels (negative: up) with real pointer events. */
async function dragHandle(page: Page, dy: number): Promise<void> {
  const handle = await box(page, 'sheet-handle');
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Slow steps: a drag that settles by position, not a flick.
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(x, y + (dy * i) / 10);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(150);
  await page.mouse.up();
}

describe('phone layout', () => {
  it('keeps the place header and the map controls usable beside the parcel pane, a bottom sheet that drags between peek and full height', async () => {
    const h = harness();
    const [parcel] = await h.server.sql<{ path: string; lon: number; lat: number }[]>`
      SELECT path, ST_X(p) AS lon, ST_Y(p) AS lat
      FROM (SELECT path, ST_PointOnSurface(geom) AS p FROM parcels WHERE parcelnumb = '127-123' AND address = '23 ROCKWELL ST' LIMIT 1) s`;
    const tp = await openPage(h.browser, h.server.origin, phone);
    const { page } = tp;
    // The parcel sits in the upper half, above where the sheet will peek.
    await page.goto(`${h.server.origin}/#base=street&map=18/${parcel!.lat - 0.0004}/${parcel!.lon}`);
    await waitForIdle(page);

    // The header is the place name and search only, clear of the controls on the right.
    const header = await box(page, 'place-header');
    const controls = await box(page, 'map-controls');
    expect(header.x + header.width).toBeLessThanOrEqual(controls.x);
    expect(header.y + header.height).toBeLessThan(110);
    expect(await page.getByTestId('breadcrumbs').isVisible()).toBe(false);
    expect(await page.getByTestId('search-input').isVisible()).toBe(true);
    await page.getByTestId('crumbs-toggle').click();
    await page.getByTestId('crumb-city').waitFor({ timeout: 30_000 });
    await page.getByTestId('crumbs-toggle').click();
    expect(await page.getByTestId('breadcrumbs').isVisible()).toBe(false);
    await screenshot(page, 'phone-map');

    const point = await project(tp, [parcel!.lon, parcel!.lat]);
    await page.mouse.click(point.x, point.y);
    await page.getByTestId('parcel-number').filter({ hasText: '127-123' }).waitFor({ timeout: 30_000 });
    const sheet = page.getByTestId('side-sheet');
    expect(await sheet.getAttribute('data-snap')).toBe('peek');
    const peek = await box(page, 'side-sheet');
    expect(peek.y + peek.height).toBe(phone.height);
    expect(peek.width).toBe(phone.width);
    expect(peek.height).toBe(320);
    // Nothing hides the header or the controls: every control ends above the sheet and takes a click.
    expect(await page.getByTestId('current-place').isVisible()).toBe(true);
    expect((await box(page, 'map-controls')).y + (await box(page, 'map-controls')).height).toBeLessThan(peek.y);
    await page.getByTestId('open-layers').click();
    const layers = await box(page, 'layers-panel');
    expect(layers.x + layers.width).toBeLessThanOrEqual(controls.x);
    // The panel just opened is in front of the sheet, down to its last entry.
    const lastToggle = page.getByTestId('layers-panel').locator('input').last();
    await lastToggle.scrollIntoViewIfNeeded();
    expect(
      await lastToggle.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
      }),
    ).toBe(true);
    await screenshot(page, 'phone-parcel-sheet-layers');
    await page.getByTestId('open-layers').click();
    await page.getByTestId('layers-panel').waitFor({ state: 'detached' });
    await page.getByTestId('zoom-out').click();
    await page.waitForFunction(
      () => !window.__map!.isMoving() && Math.abs(window.__map!.getZoom() - 17) < 0.05,
      undefined,
      { timeout: 20_000 },
    );

    // Dragging the handle up opens the sheet to full height (the place header stays above it), down brings it back.
    await dragHandle(page, -300);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=side-sheet]')?.getAttribute('data-snap') === 'full',
    );
    // The height eases in over 0.18 s; a loaded machine draws it late, so wait for it rather than a fixed time.
    await expect.poll(async () => (await box(page, 'side-sheet')).height, { timeout: 10_000 }).toBe(704);
    const full = await box(page, 'side-sheet');
    expect(header.y + header.height).toBeLessThanOrEqual(full.y);
    await screenshot(page, 'phone-parcel-sheet-full');
    await dragHandle(page, 250);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=side-sheet]')?.getAttribute('data-snap') === 'peek',
    );
    // A tap toggles.
    await page.getByTestId('sheet-handle').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=side-sheet]')?.getAttribute('data-snap') === 'full',
    );
    await page.getByTestId('close-parcel').click();
    await sheet.waitFor({ state: 'detached' });
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('opens the sign-up tab as a bottom sheet, signs up, and edits the user info on a phone', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, phone);
    const { page } = tp;
    await page.goto(`${h.server.origin}/#signup-signin`);
    const tab = page.getByTestId('account-tab');
    await tab.waitFor();
    expect(await page.getByTestId('side-sheet').locator('[data-testid=account-tab]').count()).toBe(1);
    await page.getByTestId('sheet-handle').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=side-sheet]')?.getAttribute('data-snap') === 'full',
    );
    await page.waitForTimeout(300);
    // The form fits the width: nothing to scroll sideways.
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'phone-sign-up-tab');
    await tab.locator('input[name=name]').fill('Pat Phone');
    await tab.locator('input[name=email]').fill(testEmail('phone'));
    await tab.locator('input[name=password]').fill('secret-pass-1');
    await page.getByTestId('terms').check();
    await page.getByTestId('account-submit').click();
    await tab.waitFor({ state: 'detached' });

    await page.goto(`${h.server.origin}/users/edit`);
    const name = page.locator('input[name=name]');
    await page.waitForFunction(
      () => (document.querySelector('input[name=name]') as HTMLInputElement | null)?.value === 'Pat Phone',
    );
    await name.fill('Pat Phoneman');
    await page.getByTestId('edit-save').click();
    await page.getByTestId('edit-saved').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, 'phone-edit-user');
    await page.reload();
    await page.waitForFunction(
      () => (document.querySelector('input[name=name]') as HTMLInputElement | null)?.value === 'Pat Phoneman',
    );
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
