// Browser tests of place paths and headlines: /us/neighborhoods/{slug} opens the map at the neighbourhood
// under its own path (the header names it, its title the headline within its parent), at 1440 and 390 px;
// the search lists a place with its headline within its parent's (Cambridge, Middlesex County, MA).
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();
const midCambridge = '/us/ma/middlesex/cambridge/mid-cambridge';

describe('neighbourhood paths and place headlines', () => {
  it.each([
    [1440, 900],
    [390, 800],
  ])('opens /us/neighborhoods/mid-cambridge at Mid-Cambridge under its own path at %i px', async (width, height) => {
    const h = harness();
    const origin = h.server.origin;
    const [hood] = await h.server.sql<{ w: number; s: number; e: number; n: number }[]>`
      SELECT ST_XMin(geom) AS w, ST_YMin(geom) AS s, ST_XMax(geom) AS e, ST_YMax(geom) AS n
      FROM places WHERE path = ${midCambridge}`;
    expect(hood).toBeDefined();
    const tp = await openPage(h.browser, origin, { width, height });
    await tp.page.goto(`${origin}/us/neighborhoods/mid-cambridge`);
    await expect.poll(() => new URL(tp.page.url()).pathname, { timeout: 30_000 }).toBe(midCambridge);
    await waitForIdle(tp.page);
    const [lon, lat] = await tp.page.evaluate(() => window.__map!.getCenter().toArray());
    expect(lon).toBeGreaterThan(hood!.w);
    expect(lon).toBeLessThan(hood!.e);
    expect(lat).toBeGreaterThan(hood!.s);
    expect(lat).toBeLessThan(hood!.n);
    const current = tp.page.getByTestId('current-place');
    await expect.poll(() => current.textContent(), { timeout: 30_000 }).toBe('Mid-Cambridge');
    expect(await current.getAttribute('title')).toBe('Mid-Cambridge, Cambridge, MA');
    await screenshot(tp.page, `neighborhood-path-${width}`);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('lists Cambridge in the search with its headline within Middlesex County', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    await tp.page.goto(`${h.server.origin}/#map=12/42.375/-71.11`);
    await waitForIdle(tp.page);
    await tp.page.getByTestId('search-input').fill('Cambridge');
    const option = tp.page
      .getByTestId('search-results')
      .getByRole('option')
      .filter({ hasText: 'Cambridge, Middlesex County, MA' });
    await option.first().waitFor({ timeout: 30_000 });
    await screenshot(tp.page, 'search-headline-alt');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
