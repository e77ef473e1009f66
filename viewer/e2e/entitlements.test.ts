// Browser tests of what the real level unlocks on the map: a free user sees label tiles and the flood
// and wetland layers disabled with the Pro upsell (and the server refuses those tiles); a Pro user may
// switch them on and their tiles load.
import { describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

describe('entitlements on the map', () => {
  it('shows a free user label tiles and additional layers disabled with the upsell, on a phone', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await signUpIn(tp.context, h.server.origin, 'free');
    await tp.page.goto(`${h.server.origin}/#base=street&map=14/42.375/-71.11`);
    await waitForIdle(tp.page);
    await tp.page.getByTestId('open-layers').click();
    const upsell = tp.page.getByTestId('label-tiles-upsell');
    await upsell.waitFor();
    expect(await upsell.textContent()).toBe('Label tiles are available to Pro customers. Upgrade to Pro');
    expect(await upsell.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/plans#p=level1');
    expect(await tp.page.getByTestId('toggle-label-tile').locator('input').isDisabled()).toBe(true);
    for (const id of ['flood', 'wetlands'])
      expect(await tp.page.getByTestId(`toggle-layer-${id}`).locator('input').isDisabled()).toBe(true);
    expect(await tp.page.getByTestId('layers-upsell').textContent()).toBe(
      'Additional layers are available to Pro customers. Upgrade to Pro',
    );
    // Floating labels stay open to everyone.
    expect(await tp.page.getByTestId('toggle-label-owner').locator('input').isDisabled()).toBe(false);
    const panel = (await tp.page.getByTestId('layers-panel').boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    await screenshot(tp.page, 'entitlements-free-phone');
    expect(await tp.page.getByTestId('zoom-display').count()).toBe(0);
    expect(tp.errors).toEqual([]);

    // The server refuses the tiles too, whatever the page asks for.
    const answer = await tp.page.evaluate(() =>
      fetch('/api/v1/static/wetlands/12/1238/1514.mvt').then(async (r) => ({ status: r.status, body: await r.json() })),
    );
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    await tp.context.close();
  });

  it('lets a Pro user switch on label tiles and wetlands, whose tiles load', async () => {
    const h = harness();
    const [wet] = await h.server.sql<{ lon: number; lat: number }[]>`
      SELECT ST_X(p) AS lon, ST_Y(p) AS lat FROM (SELECT ST_PointOnSurface(geom) AS p FROM wetlands ORDER BY ST_Area(geom) DESC LIMIT 1) s`;
    const tp = await openPage(h.browser, h.server.origin);
    await signUpIn(tp.context, h.server.origin, 'pro');
    const tiles: number[] = [];
    tp.page.on('response', (r) => {
      if (r.url().includes('/api/v1/static/wetlands/')) tiles.push(r.status());
    });
    await tp.page.goto(`${h.server.origin}/#base=street&map=13/${wet!.lat}/${wet!.lon}`);
    await waitForIdle(tp.page);
    await tp.page.getByTestId('open-layers').click();
    const labelTile = tp.page.getByTestId('toggle-label-tile').locator('input:enabled');
    await labelTile.uncheck();
    expect(await tp.page.getByTestId('label-tiles-upsell').count()).toBe(0);
    await tp.page.getByTestId('toggle-layer-wetlands').locator('input:enabled').check();
    await waitForIdle(tp.page);
    await expect.poll(() => tiles.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(tiles.every((s) => s === 200 || s === 204)).toBe(true);
    const drawn = await tp.page.evaluate(
      () => window.__map!.queryRenderedFeatures({ layers: ['wetlands-fill'] }).length,
    );
    expect(drawn).toBeGreaterThan(0);
    await screenshot(tp.page, 'entitlements-pro-wetlands');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
