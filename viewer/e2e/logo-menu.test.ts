// Browser tests of the logo menu: its offerings (API, Data Store, bulk licences, feature service) and a
// group's Dashboard and Settings each lead to a real page, not the map screen's fallback.
import { describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

describe('the logo menu', () => {
  it('links to the API, the Data Store, bulk licences and the feature service, and Dashboard and Settings open pages', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    const { page, context } = tp;
    await signUpIn(context, h.server.origin, 'pro');
    await page.goto(`${h.server.origin}/#base=street&map=14/42.375/-71.11`);
    await page.getByTestId('logo-button').click();
    const hrefs = await page
      .getByTestId('logo-offerings')
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/api', '/store', '/bulk', '/store/esri']);
    const dashboard = await page.getByTestId('logo-dashboard').getAttribute('href');
    const settings = await page.getByTestId('logo-settings').getAttribute('href');
    expect(dashboard).toMatch(/^\/g\/[a-z0-9-]+\/dashboard$/);

    await page.getByTestId('logo-dashboard').click();
    await page.getByTestId('dashboard-page').waitFor();
    await page.getByTestId('dashboard-lookups').waitFor();
    expect(await page.getByTestId('dashboard-project-count').textContent()).toBe('0 projects of 5 on your plan');
    expect(await page.getByTestId('dashboard-lookups').textContent()).toMatch(/of 1,000 property lookups used today/);
    await screenshot(page, 'dashboard-1440');

    await page.goto(`${h.server.origin}${settings}`);
    await page.getByTestId('settings-page').waitFor();
    expect(await page.getByTestId('settings-name').textContent()).toBe('pro tester');
    await screenshot(page, 'settings-1440');

    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${h.server.origin}/dashboard`);
    await page.getByTestId('dashboard-lookups').waitFor();
    await screenshot(page, 'dashboard-390');
    await page.goto(`${h.server.origin}/settings`);
    await page.getByTestId('settings-profile').waitFor();
    await screenshot(page, 'settings-390');
    expect(tp.errors).toEqual([]);
  });
});
