// Browser tests of the map screen: parcels drawn fast, arrow-key panning, breadcrumbs and Print.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifactsDir, colorShare, decode, hexRgb, openPage, screenshot, waitForIdle } from './browser.ts';
import { openView, useHarness } from './harness.ts';

const harness = useHarness();
const cambridge = { zoom: 16, lat: 42.375, lon: -71.11 };
const teal = hexRgb('#008080');

describe('map screen', () => {
  it('draws Cambridge parcels at zoom 16 soon after navigation', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    await tp.page.goto(`${h.server.origin}/#base=street&map=${cambridge.zoom}/${cambridge.lat}/${cambridge.lon}`);
    await tp.page.waitForFunction(() => window.__parcelsDrawnAt !== undefined, undefined, { timeout: 30_000 });
    const drawnMs = await tp.page.evaluate(() => window.__parcelsDrawnAt!);
    // Where the time went: when the script, the TileJSON and the first parcel tile finished loading.
    const breakdown = await tp.page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const end = (test: (name: string) => boolean) => Math.round(entries.find((e) => test(e.name))?.responseEnd ?? -1);
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return {
        html: Math.round(nav?.responseEnd ?? -1),
        script: end((n) => /\/assets\/index-.*\.js$/.test(n)),
        worker: end((n) => n.includes('maplibre-gl-worker')),
        tileJson: end((n) => n.includes('/api/v1/parcels?')),
        firstTile: end((n) => /\/api\/v1\/parcels\/\d+\/\d+\/\d+\.mvt/.test(n)),
        domContentLoaded: Math.round(nav?.domContentLoadedEventEnd ?? -1),
      };
    });
    await waitForIdle(tp.page);
    const rendered = await tp.page.evaluate(
      () => window.__map!.queryRenderedFeatures({ layers: ['parcels-line'] }).length,
    );
    const png = decode(await screenshot(tp.page, 'map-cambridge-z16'));
    // The middle of the map (clear of panels) is crossed by many teal parcel lines.
    const share = colorShare(png, { x: 460, y: 250, w: 300, h: 300 }, teal, 60);
    mkdirSync(artifactsDir, { recursive: true });
    writeFileSync(
      resolve(artifactsDir, 'first-parcels.json'),
      JSON.stringify({ drawnMs, breakdown, rendered, tealShare: share, at: new Date().toISOString() }, null, 2),
    );
    expect(rendered).toBeGreaterThan(100);
    expect(share).toBeGreaterThan(0.02);
    // The 3-second target is measured and reported (viewer/README.md, first-parcels.json), not asserted:
    // on the shared 2-core machine the same page takes 2.4 s at load 9 and 13 s at load 17. This bound
    // only catches a page that never settles.
    expect(drawnMs).toBeLessThan(30_000);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('pans by a third of the view width with the right arrow key', async () => {
    const tp = await openView(harness(), cambridge);
    const before = await tp.page.evaluate(() => {
      const c = window.__map!.getCenter();
      return { lng: c.lng, lat: c.lat, width: window.__map!.getCanvas().clientWidth };
    });
    await tp.page.mouse.move(600, 400);
    await tp.page.keyboard.press('ArrowRight');
    await tp.page.waitForFunction(() => !window.__map!.isMoving(), undefined, { timeout: 20_000 });
    await waitForIdle(tp.page);
    const moved = await tp.page.evaluate((c) => window.__map!.project([c.lng, c.lat]).x, before);
    // The old centre now sits a third of the width left of the new centre.
    expect(Math.abs(before.width / 2 - moved - before.width / 3)).toBeLessThan(2);
    await screenshot(tp.page, 'map-arrow-pan');

    // + zooms in by one; Alt+T shows the navigation; Escape closes the open panel.
    await tp.page.keyboard.press('+');
    await tp.page.waitForFunction(
      () => !window.__map!.isMoving() && Math.abs(window.__map!.getZoom() - 17) < 0.01,
      undefined,
      { timeout: 20_000 },
    );
    await tp.page.keyboard.press('Alt+t');
    await tp.page.getByTestId('side-nav').waitFor();
    await tp.page.getByTestId('open-tools').click();
    await tp.page.getByTestId('tools-panel').waitFor();
    await tp.page.keyboard.press('Escape');
    await tp.page.getByTestId('tools-panel').waitFor({ state: 'detached' });
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('shows Massachusetts / Middlesex / Cambridge in the breadcrumbs', async () => {
    const tp = await openView(harness(), cambridge);
    await tp.page.getByTestId('crumb-city').waitFor({ timeout: 30_000 });
    const crumbs = await tp.page.getByTestId('breadcrumbs').locator('.crumb button').allTextContents();
    expect(crumbs.slice(0, 3)).toEqual(['Massachusetts', expect.stringMatching(/^Middlesex/), 'Cambridge']);
    await screenshot(tp.page, 'map-breadcrumbs');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('downloads a PNG with map pixels from Print Screenshot', async () => {
    const tp = await openView(harness(), cambridge);
    await tp.page.getByTestId('open-print').click();
    const [download] = await Promise.all([
      tp.page.waitForEvent('download'),
      tp.page.getByTestId('print-screenshot').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^parcel-map-.*\.png$/);
    const file = await download.path();
    const png = decode(readFileSync(file));
    const size = await tp.page.evaluate(() => ({
      w: window.__map!.getCanvas().width,
      h: window.__map!.getCanvas().height,
    }));
    expect([png.width, png.height]).toEqual([size.w, size.h]);
    expect(colorShare(png, { x: 0, y: 0, w: png.width, h: png.height }, teal, 60)).toBeGreaterThan(0.01);
    writeFileSync(resolve(artifactsDir, 'print-download.png'), readFileSync(file));
    await screenshot(tp.page, 'map-print-pane');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
