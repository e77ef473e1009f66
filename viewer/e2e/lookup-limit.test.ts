// Browser tests of the daily lookup limit in the parcel pane, on a server of their own with limits of a
// few records: the remaining count, then "Property Lookup Daily Limit Reached" with each level's way up.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot } from './browser.ts';
import { useHarness, type Harness } from './harness.ts';
import { hoverTooltip } from './tooltip.ts';

const harness = useHarness({ LOOKUP_LIMIT_ANON: '2', LOOKUP_LIMIT_FREE: '1', LOOKUP_LIMIT_PRO: '1' });

async function parcels(h: Harness): Promise<{ path: string; lon: number; lat: number }[]> {
  return h.server.sql<{ path: string; lon: number; lat: number }[]>`
    SELECT path, ST_X(p) AS lon, ST_Y(p) AS lat
    FROM (SELECT path, ST_PointOnSurface(geom) AS p FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND address IS NOT NULL ORDER BY id LIMIT 3) s`;
}

async function open(page: Page, origin: string, parcel: { path: string; lat: number; lon: number }): Promise<void> {
  await page.goto(`${origin}${parcel.path}#base=street&map=18/${parcel.lat}/${parcel.lon}`);
  await page
    .getByTestId('parcel-number')
    .or(page.getByTestId('lookup-limit-banner'))
    .first()
    .waitFor({ timeout: 30_000 });
}

const banner = (page: Page) => page.getByTestId('lookup-limit-banner');

describe('the daily lookup limit', () => {
  it('counts a visitor’s records down on a phone and then shows the limit banner with Sign Up', async () => {
    const h = harness();
    // Visitors are also counted per address; earlier browser tests of this run opened records from it.
    await h.server.sql`DELETE FROM lookups WHERE subject = 'address:127.0.0.1'`;
    const [a, b, c] = await parcels(h);
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });

    await open(tp.page, h.server.origin, a!);
    await tp.page.getByTestId('remaining-lookups').filter({ hasText: '1 of 2 property lookups left today' }).waitFor();
    await open(tp.page, h.server.origin, b!);
    await tp.page.getByTestId('remaining-lookups').filter({ hasText: '0 of 2 property lookups left today' }).waitFor();
    expect(await banner(tp.page).count()).toBe(0);

    await open(tp.page, h.server.origin, c!);
    await banner(tp.page).waitFor();
    expect(await banner(tp.page).locator('h3').textContent()).toContain('Property Lookup Daily Limit Reached');
    const tooltip = 'Upgrade to the next level account to raise the daily limit or come back tomorrow.';
    expect(await hoverTooltip(tp.page.getByTestId('lookup-limit-info'))).toBe(tooltip);
    expect(await tp.page.getByTestId('lookup-limit-tooltip').textContent()).toBe(tooltip);
    const way = tp.page.getByTestId('lookup-limit-way-up');
    expect(await way.textContent()).toBe('Sign Up');
    expect(await way.getAttribute('href')).toBe('#signup-signin');
    expect(await tp.page.getByTestId('parcel-error').count()).toBe(0);
    const box = (await banner(tp.page).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(tp.page, 'lookup-limit-anonymous-phone');
    // The 429 of the record is the expected answer here; nothing else failed.
    expect(tp.errors.filter((e) => !/429/.test(e))).toEqual([]);
    await tp.context.close();
  });

  it('sends a free user to Pro and a Pro user to their billing page at the limit', async () => {
    const h = harness();
    const [a, b] = await parcels(h);
    for (const level of ['free', 'pro'] as const) {
      const tp = await openPage(h.browser, h.server.origin);
      await signUpIn(tp.context, h.server.origin, level);
      await open(tp.page, h.server.origin, a!);
      await tp.page.getByTestId('remaining-lookups').filter({ hasText: '0 of 1 property lookup left today' }).waitFor();
      await open(tp.page, h.server.origin, b!);
      await banner(tp.page).waitFor();
      const way = tp.page.getByTestId('lookup-limit-way-up');
      const session = await tp.page.evaluate(() => fetch('/api/v1/session.json').then((r) => r.json()));
      if (level === 'free') {
        expect(await way.textContent()).toBe('Upgrade to Pro');
        expect(await way.getAttribute('href')).toBe('/plans#p=level1');
      } else {
        expect(await way.textContent()).toBe('Upgrade to Team');
        expect(await way.getAttribute('href')).toBe(`${session.group.path}/settings/billing`);
      }
      await screenshot(tp.page, `lookup-limit-${level}`);
      expect(tp.errors.filter((e) => !/429/.test(e))).toEqual([]);
      await tp.context.close();
    }
  });
});
