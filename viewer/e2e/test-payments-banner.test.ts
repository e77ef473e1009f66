// M11: while the server uses its built-in local payment provider, every page (the map and the pages
// alike) carries a slim banner saying payments are tests, on a desktop and on a 390 px phone.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { openView, useHarness } from './harness.ts';

const harness = useHarness();
const bannerText = 'Test payments: no card is charged';

describe('the test-payments banner', () => {
  it('M11: shows on the map and on the plans, cart and legal pages with the local provider, within a 390 px phone', async () => {
    const h = harness();
    const map = await openView(h, { zoom: 15, lat: 42.3736, lon: -71.1097 });
    const banner = map.page.getByTestId('test-payments-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(bannerText);
    await map.context.close();

    const phone = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    for (const path of ['/plans', '/hs/terms', '/orders/cart']) {
      await phone.page.goto(`${h.server.origin}${path}`);
      const strip = phone.page.getByTestId('test-payments-banner');
      await strip.waitFor();
      expect(await strip.textContent(), path).toBe(bannerText);
      const box = (await strip.boundingBox())!;
      expect(box, path).toMatchObject({ x: 0, y: 0, width: 390 });
      expect(box.height, path).toBeLessThanOrEqual(20);
      // The whole sentence fits: nothing is cut off by the ellipsis.
      expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth), path).toBe(true);
    }
    await screenshot(phone.page, 'test-payments-banner-phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
