// Browser tests of the store's long place lists and product reports: a state with more than 250
// counties for sale pages through a moving window of five page links to its last county, and a
// county's product shows its coverage report (its fields' fill, from the data) and schema links.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

describe('the store’s paging and product reports', () => {
  it('reaches page 6 and the last county of a state with 320 counties through the pager', async () => {
    const h = harness();
    // A made-up state of 320 counties for sale (county_coverage is what the store lists).
    await h.server.sql`
      INSERT INTO county_coverage (path, name, headline, state_path, parcels, parcel_acres, area_acres)
      SELECT '/us/zz/county-' || lpad(i::text, 3, '0'), 'County ' || lpad(i::text, 3, '0'),
             'County ' || lpad(i::text, 3, '0') || ', ZZ', '/us/zz', 100 + i, 1, 1
      FROM generate_series(1, 320) i`;
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const { page } = tp;
    await page.goto(`${h.server.origin}/store/us/zz`);
    await page.getByTestId('store-pager').waitFor({ timeout: 30_000 });
    const numbers = () =>
      page.getByTestId('store-pager').locator('button:not(:has-text("First")):not(:has-text("Last"))');
    expect(await numbers().allTextContents()).toEqual(['1', '2', '3', '4', '5']);
    // The window moves with the page: from page 5 the links reach 7 (the last), so page 6 is one click.
    await numbers().filter({ hasText: '5' }).click();
    expect(await numbers().allTextContents()).toEqual(['3', '4', '5', '6', '7']);
    await numbers().filter({ hasText: '6' }).click();
    await expect
      .poll(() => page.getByTestId('store-places').locator('li').first().textContent())
      .toContain('County 251');
    expect(await page.locator('.store-pager [aria-current="page"]').textContent()).toBe('6');
    await page.getByRole('button', { name: 'Last' }).click();
    await expect.poll(() => page.getByTestId('store-places').locator('li').count()).toBe(20);
    expect(await page.getByTestId('store-places').locator('li').last().textContent()).toContain('County 320');
    const box = await page.getByTestId('store-pager').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'store-paging-phone');
    await page.getByRole('button', { name: 'First' }).click();
    expect(await page.getByTestId('store-places').locator('li').first().textContent()).toContain('County 001');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('shows a county product’s coverage report from the data and its schema links', async () => {
    const h = harness();
    const [county] = await h.server.sql<
      { path: string }[]
    >`SELECT path FROM county_coverage WHERE parcels > 0 AND path LIKE '/us/ma/%' ORDER BY parcels DESC LIMIT 1`;
    const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    const { page } = tp;
    const answer = await (
      await tp.context.request.get(`${h.server.origin}/store/products.json?path=${county!.path}`)
    ).json();
    const zoning = (
      answer.products as { id: string; coverage: { fields: { label: string; percent: number }[] } }[]
    ).find((p) => p.id === 'zoning-addon')!;
    await page.goto(`${h.server.origin}/store${county!.path}?product=premium`);
    await page.getByTestId('product-picker').waitFor({ timeout: 30_000 });
    const report = page.getByTestId('coverage-report-zoning-addon');
    await report.locator('summary').click();
    const rows = report.locator('tr');
    expect(await rows.count()).toBe(zoning.coverage.fields.length);
    expect(await rows.first().textContent()).toBe(
      `${zoning.coverage.fields[0]!.label}${zoning.coverage.fields[0]!.percent}%`,
    );
    const schema = page.getByTestId('coverage-report-premium');
    await schema.locator('summary').click();
    expect(await schema.getByRole('link', { name: /Premium parcel schema/ }).getAttribute('href')).toBe(
      '/parcel_fields.json?schema_key=us',
    );
    await screenshot(page, 'store-coverage-report');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
