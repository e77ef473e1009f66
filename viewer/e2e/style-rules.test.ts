// Browser test of the Style rules panel: a rule (Year Built less than 1900, red fill) applied from the
// panel colours the parcels SQL says are older than 1900, the legend lists it, and reordering two rules
// by drag and drop (and by keyboard) changes the map as the first-match rule says.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decode, openPage, pixel, screenshot, waitForIdle } from './browser.ts';
import { openView, project, useHarness } from './harness.ts';
import { hoverTooltip } from './tooltip.ts';

const harness = useHarness();
const cambridge = '/us/ma/middlesex/cambridge';

/** Waits until the map draws the style-rule source of the latest Apply and is idle again. */
async function waitForStyleTiles(page: Page, previous: string | null): Promise<string> {
  await page.waitForFunction((prev) => {
    const layer = window.__map?.getLayer('style-rules-fill') as { metadata?: { styleRulesId?: string } } | undefined;
    return layer?.metadata?.styleRulesId !== undefined && layer.metadata.styleRulesId !== prev;
  }, previous);
  await waitForIdle(page);
  return page.evaluate(
    () =>
      (window.__map!.getLayer('style-rules-fill') as unknown as { metadata: { styleRulesId: string } }).metadata
        .styleRulesId,
  );
}

async function colourAt(page: Page, point: { x: number; y: number }, name: string): Promise<[number, number, number]> {
  return pixel(decode(await screenshot(page, name)), point.x, point.y);
}

describe('style rules', () => {
  it('colours the parcels a rule matches, lists the rule in the legend, and follows the rule order', async () => {
    const h = harness();
    // A house-sized pre-1900 parcel with newer neighbours (the point lies 4 m inside it, clear of its outline).
    const [old] = await h.server.sql<{ id: number; lon: number; lat: number }[]>`
      SELECT id, ST_X(pt) AS lon, ST_Y(pt) AS lat FROM (
        SELECT p.id, ST_PointOnSurface(ST_Buffer(p.geom::geography, -4)::geometry) AS pt FROM parcels p
        WHERE p.path LIKE ${`${cambridge}/%`} AND p.yearbuilt < 1900 AND ST_Area(p.geom::geography) BETWEEN 500 AND 2500
          AND (SELECT count(*) FROM parcels n WHERE n.geom_3857 && ST_Expand(p.geom_3857, 50) AND n.yearbuilt >= 1900) >= 3
        ORDER BY p.id LIMIT 5) s WHERE NOT ST_IsEmpty(pt) LIMIT 1`;
    expect(old).toBeDefined();
    const tp = await openView(h, { zoom: 18, lat: old!.lat, lon: old!.lon });
    const { page } = tp;

    await page.getByTestId('open-style').click();
    await expect.poll(() => page.getByTestId('rule-field-0').count()).toBe(0);
    await page.getByTestId('add-style-rule').click();
    // Incomplete: Apply is disabled and says why.
    await expect.poll(() => page.getByTestId('apply-style-rules').isDisabled()).toBe(true);
    expect(await hoverTooltip(page.getByTestId('apply-hint'))).toBe(
      'All style rules must have completed fields to Apply',
    );
    await expect
      .poll(() => page.locator('[data-testid="rule-field-0"] option[value="yearbuilt"]').count(), { timeout: 30_000 })
      .toBe(1);
    await page.getByTestId('rule-field-0').selectOption('yearbuilt');
    // Range predicates are offered for a numeric column.
    expect(await page.locator('[data-testid="rule-predicate-0"] option').allTextContents()).toContain('less than');
    await page.getByTestId('rule-predicate-0').selectOption('lt');
    await page.getByTestId('rule-value-0').fill('1900');
    await page.getByTestId('rule-fill-0').fill('#ff0000');
    expect(await page.getByTestId('apply-style-rules').isEnabled()).toBe(true);
    await page.getByTestId('apply-style-rules').click();
    const first = await waitForStyleTiles(page, null);

    // Every rendered parcel is red (rule 0) exactly when SQL says it was built before 1900.
    const rendered = await page.evaluate(() =>
      window
        .__map!.queryRenderedFeatures({ layers: ['style-rules-fill'] })
        .map((f) => ({ id: Number(f.id), rule: Number(f.properties.rule) })),
    );
    const ids = [...new Set(rendered.map((f) => f.id))];
    expect(ids.length).toBeGreaterThan(3);
    expect(rendered.some((f) => f.rule === 0) && rendered.some((f) => f.rule !== 0)).toBe(true);
    const rows = await h.server.sql<
      { id: number; old: boolean }[]
    >`SELECT id, coalesce(yearbuilt < 1900, false) AS old FROM parcels WHERE id = ANY(${ids})`;
    const oldById = new Map(rows.map((r) => [Number(r.id), r.old]));
    for (const f of rendered) expect(f.rule === 0).toBe(oldById.get(f.id));
    expect(oldById.get(Number(old!.id))).toBe(true);

    await page.getByTestId('open-style').click(); // closes the panel so the map is in view
    await waitForIdle(page);
    const point = await project(tp, [old!.lon, old!.lat]);
    const [r1, g1, b1] = await colourAt(page, point, 'style-rules-red');
    expect(r1).toBeGreaterThan(200);
    expect(g1 + b1).toBeLessThan(80);

    await page.getByTestId('open-legend').click();
    await expect
      .poll(() => page.getByTestId('style-legend').textContent(), { timeout: 30_000 })
      .toContain('Year Built less than 1900');

    // A second, wider rule in blue: the old parcel stays red, since the first matching rule wins.
    await page.getByTestId('open-style').click();
    await page.getByTestId('add-style-rule').click();
    await page.getByTestId('rule-field-1').selectOption('yearbuilt');
    await page.getByTestId('rule-predicate-1').selectOption('lt');
    await page.getByTestId('rule-value-1').fill('3000');
    await page.getByTestId('rule-fill-1').fill('#0000ff');
    await page.getByTestId('apply-style-rules').click();
    const second = await waitForStyleTiles(page, first);

    // Drag the blue rule above the red one: the old parcel turns blue.
    await page.getByTestId('rule-handle-1').dragTo(page.getByTestId('style-rule-0'));
    expect(await page.getByTestId('rule-value-0').inputValue()).toBe('3000');
    expect(await page.getByTestId('rule-value-1').inputValue()).toBe('1900');
    await page.getByTestId('apply-style-rules').click();
    const third = await waitForStyleTiles(page, second);
    await page.getByTestId('open-style').click();
    await waitForIdle(page);
    const [r2, g2, b2] = await colourAt(page, point, 'style-rules-blue-first');
    expect(b2).toBeGreaterThan(200);
    expect(r2 + g2).toBeLessThan(80);

    // The keyboard moves a rule too: Arrow Down on the first handle puts red first again.
    await page.getByTestId('open-style').click();
    await page.getByTestId('rule-handle-0').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('rule-value-0').inputValue()).toBe('1900');
    await page.getByTestId('apply-style-rules').click();
    await waitForStyleTiles(page, third);
    await page.getByTestId('open-style').click();
    await waitForIdle(page);
    const [r3] = await colourAt(page, point, 'style-rules-red-again');
    expect(r3).toBeGreaterThan(200);

    // Reset clears the rules, the map layers and the legend.
    await page.getByTestId('open-style').click();
    await page.getByTestId('reset-style-rules').click();
    expect(await page.getByTestId('style-rule-0').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => Boolean(window.__map!.getLayer('style-rules-fill'))), { timeout: 30_000 })
      .toBe(false);
    await page.getByTestId('open-legend').click();
    expect(await page.getByTestId('legend-empty').textContent()).toContain('No style rules applied yet');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('fits a rule row, Apply and Reset on a 390 px phone screen', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await tp.page.goto(`${h.server.origin}/#base=street&map=17/42.3736/-71.1097`);
    await waitForIdle(tp.page);
    await tp.page.getByTestId('open-style').click();
    await tp.page.getByTestId('add-style-rule').click();
    await expect
      .poll(() => tp.page.locator('[data-testid="rule-field-0"] option[value="yearbuilt"]').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await tp.page.getByTestId('rule-field-0').selectOption('yearbuilt');
    await tp.page.getByTestId('rule-predicate-0').selectOption('exists');
    // exists offers Yes and No, Yes first.
    expect(await tp.page.getByTestId('rule-value-0').inputValue()).toBe('Yes');
    for (const id of ['style-rule-0', 'rule-delete-0', 'apply-style-rules', 'reset-style-rules']) {
      const box = await tp.page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(390);
    }
    await screenshot(tp.page, 'style-rules-phone');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
