// Browser tests of the panels: Layers sections and notices, labels, colours, Help, search and Escape.
import { describe, expect, it } from 'vitest';
import { colorShare, decode, hexRgb, screenshot, waitForIdle } from './browser.ts';
import { openView, useHarness } from './harness.ts';
import { adminToken } from './server.ts';

const harness = useHarness();

describe('panels', () => {
  it('shows the Layers sections, warns when satellite imagery is not configured, and draws owner and number labels at zoom 17', async () => {
    const tp = await openView(harness(), { zoom: 17.5, lat: 42.3629, lon: -71.1114 });
    await tp.page.getByTestId('open-layers').click();
    const panel = tp.page.getByTestId('layers-panel');
    expect(await panel.locator('h2').textContent()).toBe('Layers');
    expect(await tp.page.getByTestId('section-map-elements').getAttribute('data-open')).toBe('false');
    for (const id of ['section-basemaps', 'section-labels', 'section-additional-layers']) {
      expect(await tp.page.getByTestId(id).getAttribute('data-open')).toBe('true');
    }
    await tp.page.getByTestId('basemap-satellite').locator('input').check();
    await tp.page.getByRole('alert').filter({ hasText: 'Satellite imagery is not configured' }).waitFor();
    expect(new URL(tp.page.url()).hash).toContain('base=satellite');
    await tp.page.getByTestId('basemap-street').locator('input').check();

    const before = decode(await tp.page.screenshot());
    await tp.page.getByTestId('toggle-label-owner').locator('input').check();
    await tp.page.getByTestId('toggle-label-parcelnumb').locator('input').check();
    await tp.page.waitForFunction(() => Boolean(document.querySelector('.map canvas')), undefined);
    await waitForIdle(tp.page);
    await tp.page.waitForTimeout(500);
    await waitForIdle(tp.page);
    const after = decode(await screenshot(tp.page, 'panels-layers-labels'));
    // Parcel-number labels are drawn in purple text by deck.gl; none existed before.
    const purple = hexRgb('#501e6e');
    const box = { x: 460, y: 200, w: 300, h: 400 };
    expect(colorShare(before, box, purple, 60)).toBe(0);
    expect(colorShare(after, box, purple, 60)).toBeGreaterThan(0.001);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('recolours parcel lines after the debounce, resets them, and opens Help with its title', async () => {
    const tp = await openView(harness(), { zoom: 16, lat: 42.375, lon: -71.11 });
    await tp.page.getByTestId('open-colors').click();
    await tp.page.getByTestId('color-parcel-street').fill('#ff0000');
    await tp.page.waitForTimeout(400);
    await waitForIdle(tp.page);
    const red = decode(await screenshot(tp.page, 'panels-colors'));
    expect(colorShare(red, { x: 460, y: 300, w: 300, h: 300 }, [255, 0, 0], 60)).toBeGreaterThan(0.02);
    expect(await tp.page.evaluate(() => localStorage.getItem('map_colors'))).toContain('#ff0000');
    await tp.page.getByTestId('reset-colors').click();
    await waitForIdle(tp.page);
    const teal = decode(await tp.page.screenshot());
    expect(colorShare(teal, { x: 460, y: 300, w: 300, h: 300 }, [255, 0, 0], 60)).toBe(0);

    await tp.page.getByTestId('open-help').click();
    const help = tp.page.getByTestId('help-modal');
    expect(await help.locator('h2').textContent()).toBe('We put land on the map.');
    expect(await help.locator('a').allTextContents()).toEqual([
      'Support articles',
      'Tutorial videos',
      'Contact support',
    ]);
    await screenshot(tp.page, 'panels-help');
    await tp.page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('finds Cambridge by search and flies there, and asks to zoom in to see parcels when far out', async () => {
    const tp = await openView(harness(), { zoom: 9, lat: 42.5, lon: -71.5 });
    expect(await tp.page.getByTestId('zoom-notices').textContent()).toContain('Zoom in to see parcels');
    const input = tp.page.getByTestId('search-input');
    expect(await input.getAttribute('placeholder')).toBe('Find a state or county');
    await input.fill('Cambridge');
    // Typing in the search box must not trigger map shortcuts.
    await input.press('ArrowRight');
    const option = tp.page
      .getByTestId('search-results')
      // The city, named by its headline_alt (streets and addresses of Cambridge read "…, Cambridge, MA").
      .getByRole('button', { name: /Cambridge, Middlesex County, MA/ })
      .first();
    await option.click();
    await waitForIdle(tp.page);
    const zoom = await tp.page.evaluate(() => window.__map!.getZoom());
    expect(zoom).toBeGreaterThan(11);
    await tp.page.getByTestId('crumb-city').filter({ hasText: 'Cambridge' }).waitFor({ timeout: 30_000 });
    // The chosen place is the URL path, so the link opens it again.
    expect(new URL(tp.page.url()).pathname).toBe('/us/ma/middlesex/cambridge');
    await screenshot(tp.page, 'panels-search');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});

describe('additional layer without data', () => {
  it('says the layer has no data in this location after 3 seconds', async () => {
    // Central Kansas: no wetlands are loaded there. Wetlands need site control: the admin token has it.
    const tp = await openView(harness(), { path: `/?token=${adminToken}`, zoom: 12, lat: 38.5, lon: -98.5 });
    await tp.page.getByTestId('open-layers').click();
    await tp.page.getByTestId('toggle-layer-wetlands').locator('input:enabled').check();
    const started = Date.now();
    await tp.page
      .getByRole('alert')
      .filter({ hasText: 'No Wetlands data available in this location' })
      .waitFor({ timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    await screenshot(tp.page, 'layers-no-data');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
