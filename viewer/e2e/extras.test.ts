// Browser tests of the later map-screen items: the sub-boundary selector and expand-vertical control,
// the Canada notice and boundary text outside the US, Sign Up, the admin zoom display from ?token=,
// and the coverage page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { colorShare, decode, hexRgb, openPage, screenshot, waitForIdle } from './browser.ts';
import { openView, project, useHarness } from './harness.ts';

const harness = useHarness();

/** The paths in the sub-boundary source once it holds features of `kind` (polled: places load after idle). */
async function subBoundaryPaths(page: Page, kind: string, timeout = 20_000): Promise<string[]> {
  const started = Date.now();
  for (;;) {
    const paths = await page.evaluate(async (k) => {
      const source = window.__map!.getSource('places-children') as import('maplibre-gl').GeoJSONSource | undefined;
      const data = (await source?.getData()) as import('geojson').FeatureCollection | undefined;
      const features = data?.features ?? [];
      return features.length > 0 && features.every((f) => f.properties?.kind === k)
        ? features.map((f) => String(f.properties?.path))
        : [];
    }, kind);
    if (paths.length > 0) return paths;
    if (Date.now() - started > timeout) throw new Error(`no ${kind} sub-boundaries after ${timeout} ms`);
    await page.waitForTimeout(200);
  }
}

describe('map screen extras', () => {
  it('outlines the chosen sub-boundary level, and expands the Layers panel to full height', async () => {
    const h = harness();
    const tp = await openView(h, { zoom: 9, lat: 42.375, lon: -71.11 });
    await tp.page.getByTestId('crumb-county').waitFor();
    await tp.page.getByTestId('open-layers').click();
    await tp.page.getByTestId('section-map-elements').locator('.section-toggle').click();
    const select = tp.page.getByTestId('sub-boundary-level');
    expect(await select.locator('option').allTextContents()).toEqual([
      'Follow zoom',
      'States',
      'Counties',
      'Cities',
      'Neighborhoods',
    ]);
    expect(await tp.page.getByTestId('boundary-outside-us').count()).toBe(0);

    const counties = await h.server.sql<
      { path: string }[]
    >`SELECT path FROM places WHERE parent_path = '/us/ma' ORDER BY path`;
    await select.selectOption('county');
    expect((await subBoundaryPaths(tp.page, 'county')).sort()).toEqual(counties.map((c) => c.path).sort());
    await waitForIdle(tp.page);
    await screenshot(tp.page, 'extras-sub-boundaries-counties');
    // Drawn, not only loaded: several county outlines cross the view at zoom 9.
    const drawn = await tp.page.evaluate(() => [
      ...new Set(
        window
          .__map!.queryRenderedFeatures({ layers: ['places-children-line'] })
          .filter((f) => f.properties.kind === 'county')
          .map((f) => f.properties.path as string),
      ),
    ]);
    expect(drawn).toContain('/us/ma/middlesex');
    expect(drawn.length).toBeGreaterThan(2);

    const neighborhoods = await h.server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM places WHERE parent_path = '/us/ma/middlesex/cambridge'`;
    await select.selectOption('neighborhood');
    expect(await subBoundaryPaths(tp.page, 'neighborhood')).toHaveLength(neighborhoods[0]!.n);

    const panel = tp.page.getByTestId('layers-panel');
    const before = (await panel.boundingBox())!.height;
    await tp.page.getByTestId('layers-expand').click();
    expect(await tp.page.getByTestId('layers-expand').getAttribute('aria-pressed')).toBe('true');
    const after = (await panel.boundingBox())!.height;
    expect(after).toBeGreaterThan(before);
    expect(after).toBeGreaterThanOrEqual(770);
    await screenshot(tp.page, 'extras-layers-expanded');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('in Canada shows the fields notice until dismissed for this page, and the US-only boundary text', async () => {
    const h = harness();
    const tp = await openView(h, { zoom: 8, lat: 43.7, lon: -79.42 });
    const notice = tp.page.getByTestId('canada-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Canadian parcels carry fewer fields than US parcels');
    await tp.page.getByTestId('open-layers').click();
    await tp.page.getByTestId('section-map-elements').locator('.section-toggle').click();
    expect(await tp.page.getByTestId('boundary-outside-us').textContent()).toBe(
      'Additional boundary options are available within the US.',
    );
    expect(await tp.page.getByTestId('sub-boundary-level').locator('option').allTextContents()).toEqual([
      'Follow zoom',
      'Provinces',
      'Census divisions',
    ]);
    await screenshot(tp.page, 'extras-canada');

    await tp.page.getByTestId('canada-notice-dismiss').click();
    expect(await notice.count()).toBe(0);
    // Still dismissed after moving elsewhere in Canada in the same page...
    await tp.page.evaluate(() => window.__map!.jumpTo({ center: [-73.57, 45.5], zoom: 8 }));
    await waitForIdle(tp.page);
    await tp.page.waitForTimeout(800);
    expect(await notice.count()).toBe(0);
    // ...but an anonymous dismissal is not saved: a new page load shows it again.
    await tp.page.reload();
    await notice.waitFor();
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('offers Sign Up to the anonymous visitor in the side navigation, and shows no zoom display', async () => {
    const tp = await openView(harness(), { zoom: 14, lat: 42.375, lon: -71.11 });
    await tp.page.getByTestId('nav-toggle').click();
    const signUp = tp.page.getByTestId('nav-sign-up');
    expect(await signUp.textContent()).toBe('Sign Up');
    expect(await signUp.getAttribute('href')).toBe('#signup-signin');
    expect(await tp.page.getByTestId('zoom-display').count()).toBe(0);
    await screenshot(tp.page, 'extras-side-nav');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('takes an admin ?token= once, hides it from the URL, sends it on API calls and shows the zoom to 2 decimals', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    const apiCalls: string[] = [];
    tp.page.on('request', (r) => {
      if (/\/(at_point|session)\.json/.test(r.url())) apiCalls.push(r.url());
    });
    await tp.page.goto(
      `${h.server.origin}/?token=test-admin-token-of-at-least-32-chars#base=street&map=15.37/42.375/-71.11`,
    );
    await waitForIdle(tp.page);
    const display = tp.page.getByTestId('zoom-display');
    await display.waitFor();
    const zoom = await tp.page.evaluate(() => window.__map!.getZoom().toFixed(2));
    expect(await display.textContent()).toBe(`Zoom${zoom}`);
    expect(zoom).toMatch(/^\d+\.\d\d$/);
    const url = new URL(tp.page.url());
    expect(url.search).toBe('');
    expect(url.hash).toContain('map=');
    expect(await tp.page.evaluate(() => sessionStorage.getItem('parcel_token'))).toBe(
      'test-admin-token-of-at-least-32-chars',
    );
    expect(
      apiCalls.some((u) => u.includes('/session.json') && u.includes('token=test-admin-token-of-at-least-32-chars')),
    ).toBe(true);
    await expect
      .poll(
        () =>
          apiCalls.some(
            (u) => u.includes('/at_point.json') && u.includes('token=test-admin-token-of-at-least-32-chars'),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await screenshot(tp.page, 'extras-admin-zoom');

    // The tab keeps the token: a reload without it is still the admin.
    await tp.page.reload();
    await waitForIdle(tp.page);
    await display.waitFor();
    await tp.page.getByTestId('zoom-in').click();
    await waitForIdle(tp.page);
    const zoomed = await tp.page.evaluate(() => window.__map!.getZoom().toFixed(2));
    expect(await display.textContent()).toBe(`Zoom${zoomed}`);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('shows the coverage page: a county choropleth in its band colour, the legend bands and the table', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    await tp.page.goto(`${h.server.origin}/coverage`);
    await tp.page.getByTestId('coverage-table').waitFor();
    await waitForIdle(tp.page);
    expect(await tp.page.getByTestId('coverage-legend').locator('li').allTextContents()).toEqual([
      'Over 80%',
      'Over 50%',
      'Over 20%',
      '20% or less',
    ]);

    const [expected] = await h.server.sql<
      { parcels: number }[]
    >`SELECT count(*)::int AS parcels FROM parcels WHERE path LIKE '/us/ma/middlesex/%'`;
    const row = tp.page.locator('tr[data-path="/us/ma/middlesex"]');
    const cells = await row.locator('td').allTextContents();
    expect(cells[1]).toBe(expected!.parcels.toLocaleString('en-US'));
    expect(cells[2]).toMatch(/^\d+\.\d+%$/);
    expect(await tp.page.locator('tr[data-path="/us/ma"]').count()).toBe(1);

    const [inside] = await h.server.sql<{ lon: number; lat: number }[]>`
      SELECT ST_X(p) AS lon, ST_Y(p) AS lat FROM (SELECT ST_PointOnSurface(geom) AS p FROM places WHERE path = '/us/ma/middlesex') s`;
    const point = await project(tp, [inside!.lon, inside!.lat]);
    const hit = await tp.page.evaluate(
      (p) => window.__map!.queryRenderedFeatures([p.x, p.y], { layers: ['coverage-fill'] }).map((f) => f.properties),
      point,
    );
    expect(hit[0]).toMatchObject({ path: '/us/ma/middlesex', band: 'low' });
    const png = decode(await screenshot(tp.page, 'extras-coverage'));
    // The lowest band's colour at 0.9 opacity over the land, in a small box around the point.
    expect(
      colorShare(png, { x: Math.round(point.x) - 4, y: Math.round(point.y) - 4, w: 8, h: 8 }, hexRgb('#fee8c8'), 25),
    ).toBeGreaterThan(0.5);

    // Heat by state: the state's fill replaces the counties'.
    await tp.page.getByTestId('coverage-level-state').locator('input').check();
    await waitForIdle(tp.page);
    const byState = await tp.page.evaluate(
      (p) => ({
        states: window
          .__map!.queryRenderedFeatures([p.x, p.y], { layers: ['coverage-state-fill'] })
          .map((f) => f.properties.path),
        counties: window.__map!.queryRenderedFeatures([p.x, p.y], { layers: ['coverage-fill'] }).length,
      }),
      point,
    );
    expect(byState).toEqual({ states: ['/us/ma'], counties: 0 });
    await screenshot(tp.page, 'extras-coverage-states');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
