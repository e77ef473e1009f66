// Browser test of the API reference on /api: Swagger UI renders /api/openapi.json with a known
// operation of each kind (a tile, a record, the parcel API), loads in a chunk of its own, asks no
// other host for anything, and runs under the site's Content Security Policy (a refused script, style
// or connection would be a console error).
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

describe('the API reference', () => {
  it('lists the public operations from /api/openapi.json, from our origin only', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    const requested: string[] = [];
    tp.page.on('request', (request) => requested.push(request.url()));
    await tp.page.goto(`${h.server.origin}/api`);
    const reference = tp.page.getByTestId('api-reference');
    await reference.locator('.swagger-ui .opblock').first().waitFor({ timeout: 30_000 });
    const operations = await reference.locator('.opblock-summary-path').allTextContents();
    const paths = operations.map((text) => text.replace(/\u200b/g, ''));
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v2/parcels/point', '/api/v1/parcels/{z}/{x}/{y}', '/search.json']),
    );
    expect(await reference.locator('.swagger-ui .info .title').textContent()).toContain('Parcel map API');
    // Opening an operation shows its parameters; try-it-out is off.
    await reference.locator('#operations-Parcel_API-parcelsNearPoint .opblock-summary').click();
    await reference.locator('#operations-Parcel_API-parcelsNearPoint .parameters').waitFor();
    expect(await reference.locator('.try-out__btn').count()).toBe(0);
    await screenshot(tp.page, 'api-reference');

    expect(requested.filter((url) => !url.startsWith(h.server.origin) && !url.startsWith('data:'))).toEqual([]);
    expect(requested).toContain(`${h.server.origin}/api/openapi.json`);
    expect(requested.some((url) => /\/assets\/swagger-ui-[\w-]+\.js$/.test(url))).toBe(true);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('fits a 390-pixel phone without sideways scroll, with an operation opened', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await tp.page.goto(`${h.server.origin}/api`);
    const reference = tp.page.getByTestId('api-reference');
    await reference.locator('#operations-Parcel_API-parcelsByFields .opblock-summary').click();
    await reference.locator('#operations-Parcel_API-parcelsByFields .responses-wrapper').waitFor();
    await reference.locator('#operations-Parcel_API-parcelsByFields').scrollIntoViewIfNeeded();
    await screenshot(tp.page, 'api-reference-phone');
    const sticksOut = await tp.page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && el.checkVisibility())
        .filter((el) => !el.closest('table, pre'))
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
        .slice(0, 15),
    );
    expect(sticksOut).toEqual([]);
    expect(await tp.page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
