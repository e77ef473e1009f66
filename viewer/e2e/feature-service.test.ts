// Browser test of the feature service page: the logo menu's Feature Service entry opens /store/esri,
// which shows the FeatureServer and OGC API URLs on this origin. A visitor without an API plan is told
// how to get one (a link to /plans); a sandbox account's URL carries its token, and a new token made
// there fills it in. At 1440 px and on a 390 px phone, with no console errors.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { registerIn, testEmail } from './accounts-helpers.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();
const view = '#base=street&map=15/42.3736/-71.1097';

describe('the feature service page', () => {
  it('opens from the logo menu at 1440 px and shows the service URLs and the way to an API plan', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    const { page } = tp;
    await page.goto(`${h.server.origin}/${view}`);
    await waitForIdle(page);
    await page.getByTestId('logo-button').click();
    expect(await page.getByTestId('logo-feature-service').textContent()).toBe('Feature Service');
    await page.getByTestId('logo-feature-service').click();
    await page.waitForURL(`${h.server.origin}/store/esri`);
    await page.getByTestId('feature-service-page').waitFor();
    expect(await page.getByTestId('feature-service-url').textContent()).toBe(
      `${h.server.origin}/arcgis/rest/services/parcels/FeatureServer`,
    );
    expect(await page.getByTestId('feature-service-ogc-url').textContent()).toBe(`${h.server.origin}/ogc`);
    await page.getByTestId('feature-service-get-plan').waitFor();
    expect(await page.getByTestId('feature-service-plans').getAttribute('href')).toBe('/plans#p=api_standard');
    // The offering's texts come from the plans file.
    expect(await page.getByTestId('feature-service-included').textContent()).toContain(
      'ESRI-compatible feature service',
    );
    await screenshot(page, 'feature-service-desktop');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('shows a sandbox account its URL with its token on a 390 px phone', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const { page, context } = tp;
    await registerIn(context, h.server.origin, { name: 'Esri User', email: testEmail('fs') });
    const session = (await (await context.request.get(`${h.server.origin}/api/v1/session.json`)).json()) as {
      csrf_token: string;
    };
    const sandbox = await context.request.post(`${h.server.origin}/api/sandbox.json`, {
      data: { counties: ['/us/ma/middlesex'] },
      headers: { 'X-CSRF-Token': session.csrf_token },
    });
    expect(sandbox.status()).toBe(201);
    const token = ((await sandbox.json()) as { token: string }).token;

    await page.goto(`${h.server.origin}/${view}`);
    await waitForIdle(page);
    await page.getByTestId('logo-button').click();
    await page.getByTestId('logo-feature-service').click();
    await page.waitForURL(`${h.server.origin}/store/esri`);
    await page.getByTestId('feature-service-token-note').waitFor();
    const url = `${h.server.origin}/arcgis/rest/services/parcels/FeatureServer?token=`;
    await page.waitForFunction(
      (hint) => document.querySelector('[data-testid="feature-service-url"]')?.textContent?.includes(hint),
      token.slice(-4),
    );
    expect(await page.getByTestId('feature-service-url').textContent()).toContain(url);
    expect(await page.getByTestId('feature-service-get-plan').count()).toBe(0);
    // A new token fills the URL in full.
    await page.getByTestId('feature-service-new-token').click();
    await page.waitForFunction(() =>
      /token=pmk_/.test(document.querySelector('[data-testid="feature-service-url"]')?.textContent ?? ''),
    );
    const full = (await page.getByTestId('feature-service-url').textContent())!;
    expect(full).toMatch(new RegExp(`^${url.replace(/[.?/]/g, '\\$&')}pmk_`));
    expect(full).not.toContain(token);
    // Long URLs wrap: the page never scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await page.getByTestId('feature-service-url').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'feature-service-phone');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
