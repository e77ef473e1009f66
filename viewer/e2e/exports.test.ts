// Browser tests of exports: a Pro manager's Cambridge project, the #export tab's counts and labels,
// the Review Your Data modal, a free csv download with the expected rows, then a shapefile added to the
// cart, paid with the success card, and downloaded from /profile/orders; GDAL reads it back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness({}, { jobs: true });
const downloads = mkdtempSync(join(tmpdir(), 'e2e-downloads-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));
const cambridge = '/us/ma/middlesex/cambridge';
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

describe('exports in the browser', () => {
  it('downloads a free csv of a Cambridge project, then buys its shapefile through the cart', async () => {
    const h = harness();
    // A land use with a few hundred parcels: within the free csv rows, and a shapefile under the price warning.
    const [use] = await h.server.sql<{ usecode: string; n: number }[]>`
      SELECT usecode, count(*)::int AS n FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND usecode IS NOT NULL
      GROUP BY 1 HAVING count(*) BETWEEN 20 AND 600 ORDER BY count(*) DESC LIMIT 1`;
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const { page, context } = tp;
    await signUpIn(context, h.server.origin, 'pro');
    const csrf = (await (await context.request.get(`${h.server.origin}/api/v1/session.json`)).json())
      .csrf_token as string;
    const made = await context.request.post(`${h.server.origin}/projects.json`, {
      data: { name: 'Export e2e', query: { path: cambridge, filters: { usecode: [use!.usecode] } } },
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(made.status()).toBe(201);
    const project = (await made.json()) as { path: string };

    await page.goto(`${h.server.origin}${project.path}#export`);
    await page.getByTestId('export-tab').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('export-current-count').textContent(), { timeout: 30_000 })
      .toBe(use!.n.toLocaleString('en-US'));
    await expect
      .poll(() => page.getByTestId('export-review').textContent(), { timeout: 30_000 })
      .toBe('Review Data & Download');
    expect(await page.getByTestId('export-total').textContent()).toBe('$0.00');
    await screenshot(page, 'export-tab-phone');
    await page.getByTestId('export-review').click();
    await page.getByTestId('export-review-modal').waitFor();
    await expect.poll(() => page.getByTestId('coverage-field').count(), { timeout: 30_000 }).toBe(10);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('export-review-action').click(),
    ]);
    const csvFile = join(downloads, download.suggestedFilename());
    await download.saveAs(csvFile);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(readFileSync(csvFile, 'utf8').trim().split('\n').length).toBe(use!.n + 1);

    await page.goto(`${h.server.origin}${project.path}#export`);
    // The offline tile archives are offered and priced as spatial files.
    await page.getByTestId('export-format-pmtiles').click();
    await expect
      .poll(() => page.getByTestId('export-total').textContent(), { timeout: 30_000 })
      .toBe(`$${((use!.n * 15) / 100).toFixed(2)}`);
    expect(await page.getByTestId('export-format-mbtiles').textContent()).toBe('MBTiles');
    await page.getByTestId('export-format-shp').click();
    await expect
      .poll(() => page.getByTestId('export-review').textContent(), { timeout: 30_000 })
      .toBe('Review Data & Proceed to Cart');
    await expect
      .poll(() => page.getByTestId('export-total').textContent(), { timeout: 30_000 })
      .toBe(`$${((use!.n * 15) / 100).toFixed(2)}`);
    await page.getByTestId('export-review').click();
    await page.getByTestId('export-review-action').click();
    await page.waitForURL(/\/orders\/cart$/, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('cart-item').count(), { timeout: 30_000 }).toBe(1);
    await page.getByTestId('card-number').fill('4242 4242 4242 4242');
    await page.getByTestId('card-expiry').fill(`12/${nextYear}`);
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('card-name').fill('Casey Card');
    await screenshot(page, 'cart-phone');
    await page.getByTestId('cart-pay').click();
    await page.waitForURL(/\/profile\/orders$/, { timeout: 30_000 });
    const link = page.getByTestId('file-row').filter({ hasText: 'SHP' }).getByTestId('file-download');
    await link.waitFor({ timeout: 60_000 });
    const [bought] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), link.click()]);
    const zip = join(downloads, bought.suggestedFilename());
    await bought.saveAs(zip);
    expect(bought.suggestedFilename()).toMatch(/\.zip$/);
    const info = execFileSync('ogrinfo', ['-so', '-al', '-ro', `/vsizip/${zip}`], { encoding: 'utf8' });
    expect(Number(/Feature Count: (\d+)/.exec(info)![1])).toBe(use!.n);
    expect(tp.errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('lets a visitor pick a county product with the store’s add-on rules and add it to the cart', async () => {
    const h = harness();
    const [county] = await h.server.sql<
      { path: string }[]
    >`SELECT path FROM county_coverage WHERE parcels > 0 ORDER BY parcels DESC LIMIT 1`;
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const { page, context } = tp;
    await signUpIn(context, h.server.origin, 'free');
    const products = (
      await (await context.request.get(`${h.server.origin}/store/products.json?path=${county!.path}`)).json()
    ).products as { id: string; available: boolean; addon: boolean }[];
    const available = products.filter((p) => p.addon && p.available).map((p) => p.id);
    await page.goto(`${h.server.origin}/store${county!.path}?product=premium`);
    await page.getByTestId('product-picker').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('product-premium').isChecked()).toBe(true);
    // An add-on whose fields no parcel of the county carries is marked Unavailable and cannot be chosen.
    for (const p of products.filter((x) => x.addon)) {
      expect(await page.getByTestId(`product-${p.id}`).isDisabled()).toBe(!p.available);
    }
    expect(await page.getByText('Unavailable').count()).toBe(products.filter((p) => p.addon && !p.available).length);
    if (available.includes('buildings-addon') && available.includes('enhanced-buildings-addon')) {
      // The two buildings add-ons are exclusive: the other one goes after 1 s.
      await page.getByTestId('product-buildings-addon').check();
      await page.getByTestId('product-enhanced-buildings-addon').check();
      await expect.poll(() => page.getByTestId('product-buildings-addon').isChecked(), { timeout: 5000 }).toBe(false);
    }
    if (available[0]) {
      const addon = page.getByTestId(`product-${available[0]}`);
      if (!(await addon.isChecked())) await addon.check();
      // Standard clears the add-ons and disables them.
      await page.getByTestId('product-standard').check();
      expect(await addon.isChecked()).toBe(false);
      expect(await addon.isDisabled()).toBe(true);
    } else {
      await page.getByTestId('product-standard').check();
    }
    expect(await page.getByTestId('store-add').textContent()).toContain('Add to cart');
    await page.getByTestId('store-add').click();
    await expect.poll(() => page.getByTestId('store-add').textContent(), { timeout: 30_000 }).toContain('Add to cart');
    await page.getByTestId('product-premium').check();
    await expect.poll(() => page.getByTestId('store-add').textContent(), { timeout: 30_000 }).toContain('Update cart');
    await screenshot(page, 'store-county-phone');
    await page.getByTestId('view-cart').click();
    await page.waitForURL(/\/orders\/cart\?from=/);
    await expect.poll(() => page.getByTestId('cart-item').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('cart-item').textContent()).toContain('standard');
    expect(tp.errors).toEqual([]);
    await context.close();
  }, 120_000);
});
