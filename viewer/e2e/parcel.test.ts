// Browser tests of the parcel details pane: click a known parcel, the URL becomes its path, a reload
// reopens it, and Copy parcel link confirms for 2 seconds.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { colorShare, decode, screenshot, waitForIdle } from './browser.ts';
import { openView, project, useHarness } from './harness.ts';

const harness = useHarness();

async function rockwell(): Promise<{ path: string; lon: number; lat: number }> {
  const [row] = await harness().server.sql<{ path: string; lon: number; lat: number }[]>`
    SELECT path, ST_X(p) AS lon, ST_Y(p) AS lat
    FROM (SELECT path, ST_PointOnSurface(geom) AS p FROM parcels WHERE parcelnumb = '127-123' AND address = '23 ROCKWELL ST' LIMIT 1) s`;
  if (!row) throw new Error('parcel 127-123 (23 ROCKWELL ST) is not in the test database');
  return row;
}

/** Paths of the drawn parcel features whose feature-state has `key` set (each parcel once). */
function marked(page: Page, key: 'hover' | 'selected'): Promise<string[]> {
  return page.evaluate((k) => {
    const layer = k === 'hover' ? 'parcels-hover' : 'parcels-selected';
    const features = window.__map!.queryRenderedFeatures({ layers: [layer] }).filter((f) => f.state[k] === true);
    return [...new Set(features.map((f) => String(f.properties.path)))];
  }, key);
}

describe('parcel details', () => {
  it('opens a clicked parcel with its address and number, puts its path in the URL, and reopens it on reload', async () => {
    const parcel = await rockwell();
    const tp = await openView(harness(), { zoom: 18, lat: parcel.lat, lon: parcel.lon });
    const point = await project(tp, [parcel.lon, parcel.lat]);
    await tp.page.mouse.click(point.x, point.y);
    await tp.page.getByTestId('parcel-number').filter({ hasText: '127-123' }).waitFor({ timeout: 30_000 });
    expect(await tp.page.getByTestId('parcel-title').textContent()).toContain('23 ROCKWELL ST');
    expect(new URL(tp.page.url()).pathname).toBe(parcel.path);
    // The pointer rests on the parcel: the hover info bar names it.
    expect(await tp.page.getByTestId('hover-bar').textContent()).toContain('127-123');
    await waitForIdle(tp.page);
    // The hovered and selected outlines are that parcel's tile feature, marked by feature-state.
    expect(await marked(tp.page, 'hover')).toEqual([parcel.path]);
    expect(await marked(tp.page, 'selected')).toEqual([parcel.path]);
    await screenshot(tp.page, 'parcel-clicked');

    // Dimension labels of the selected parcel, from /api/v1/dimensions.json, drawn by deck.gl.
    await tp.page.getByTestId('open-layers').click();
    await tp.page.getByTestId('toggle-label-dimensionsFeet').locator('input').check();
    await tp.page.waitForTimeout(500);
    await waitForIdle(tp.page);
    const png = decode(await screenshot(tp.page, 'parcel-dimensions'));
    expect(colorShare(png, { x: point.x - 150, y: point.y - 150, w: 300, h: 300 }, [180, 0, 90], 40)).toBeGreaterThan(
      0.001,
    );
    await tp.page.getByTestId('open-layers').click();

    await tp.page.reload();
    await tp.page.getByTestId('parcel-number').filter({ hasText: '127-123' }).waitFor({ timeout: 30_000 });
    expect(await tp.page.getByTestId('parcel-title').textContent()).toContain('23 ROCKWELL ST');
    expect(new URL(tp.page.url()).pathname).toBe(parcel.path);
    await waitForIdle(tp.page);
    // Known by path alone after the reload: the outline is found in the parcel tiles as they arrive.
    expect(await marked(tp.page, 'selected')).toEqual([parcel.path]);
    await screenshot(tp.page, 'parcel-reloaded');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('opens a parcel from a shared link and copies its link with a 2-second confirmation', async () => {
    const h = harness();
    const parcel = await rockwell();
    const tp = await openView(h, { path: parcel.path, zoom: 18, lat: parcel.lat, lon: parcel.lon });
    await tp.page.getByTestId('parcel-number').filter({ hasText: '127-123' }).waitFor({ timeout: 30_000 });
    await tp.page.getByTestId('copy-parcel-link').click();
    const feedback = tp.page.getByTestId('copy-feedback');
    await feedback.waitFor();
    expect(await feedback.textContent()).toBe('Parcel link copied to clipboard.');
    expect(await tp.page.evaluate(() => navigator.clipboard.readText())).toBe(`${h.server.origin}${parcel.path}`);
    await screenshot(tp.page, 'parcel-copy-link');
    await feedback.waitFor({ state: 'detached', timeout: 6000 });
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('lists the other parcels at the clicked point under Other Records at Location', async () => {
    const h = harness();
    const [overlap] = await h.server.sql<{ a: string; b: string; lon: number; lat: number }[]>`
      SELECT a.path AS a, b.path AS b, ST_X(p) AS lon, ST_Y(p) AS lat
      FROM parcels a JOIN parcels b ON a.id < b.id AND a.geom && b.geom,
           LATERAL (SELECT ST_PointOnSurface(ST_Intersection(a.geom, b.geom)) AS p, ST_Intersection(a.geom, b.geom) AS i) x
      WHERE ST_Area(x.i::geography) > 200 LIMIT 1`;
    expect(overlap).toBeDefined();
    const tp = await openView(h, { zoom: 18, lat: overlap!.lat, lon: overlap!.lon });
    const point = await project(tp, [overlap!.lon, overlap!.lat]);
    await tp.page.mouse.click(point.x, point.y);
    const records = tp.page.getByTestId('other-records');
    await records.waitFor({ timeout: 30_000 });
    const opened = new URL(tp.page.url()).pathname;
    expect([overlap!.a, overlap!.b]).toContain(opened);
    expect(await records.locator('h3').textContent()).toBe('Other Records at Location');
    expect(await records.locator('li').count()).toBeGreaterThanOrEqual(1);
    await screenshot(tp.page, 'parcel-other-records');
    // Opening the other record switches the pane and the URL to it.
    await records.locator('li button').first().click();
    const other = opened === overlap!.a ? overlap!.b : overlap!.a;
    await tp.page.waitForURL((url) => url.pathname === other, { timeout: 20_000 });
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
