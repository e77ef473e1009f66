// The store's US county map on a phone: the counties for sale are drawn over the country, and a click
// on one opens its store page.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { project, useHarness } from './harness.ts';

const harness = useHarness();

describe('the store county map', () => {
  it('draws the counties for sale and opens a county page on click', async () => {
    const h = harness();
    const [county] = await h.server.sql<{ path: string; lon: number; lat: number }[]>`
      SELECT c.path, ST_X(ST_PointOnSurface(p.geom)) AS lon, ST_Y(ST_PointOnSurface(p.geom)) AS lat
      FROM county_coverage c JOIN places p ON p.path = c.path
      WHERE c.parcels > 0 AND c.path LIKE '/us/ma/%' ORDER BY c.parcels DESC LIMIT 1`;
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await tp.page.goto(`${h.server.origin}/store`);
    await tp.page.getByTestId('store-county-map').waitFor();
    await waitForIdle(tp.page);
    const drawn = await tp.page.evaluate(() =>
      window.__map!.queryRenderedFeatures({ layers: ['coverage-fill'] }).map((f) => f.properties.path as string),
    );
    expect(drawn).toContain(county!.path);
    const box = await tp.page.getByTestId('store-county-map').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(tp.page, 'store-county-map-phone');
    const at = await project(tp, [county!.lon, county!.lat]);
    await tp.page.mouse.click(at.x, at.y);
    await tp.page.waitForURL(`${h.server.origin}/store${county!.path}`);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
