// Browser tests of what an export selects: parcels hand-picked on the map (Add to export on the parcel
// pane, then a ctrl-click) downloaded as exactly those rows; an edited project saved before the
// download starts; and a warning that names the Data Store linking to it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle, setSideNav } from './browser.ts';
import { project as toScreen, useHarness } from './harness.ts';

const harness = useHarness({}, { jobs: true });
const downloads = mkdtempSync(join(tmpdir(), 'e2e-picked-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));
const cambridge = '/us/ma/middlesex/cambridge';

async function newProject(context: BrowserContext, origin: string, filters: Record<string, unknown> = {}) {
  const csrf = (await (await context.request.get(`${origin}/api/v1/session.json`)).json()).csrf_token as string;
  const made = await context.request.post(`${origin}/projects.json`, {
    data: { name: `Picked ${Date.now()}`, query: { path: cambridge, filters } },
    headers: { 'X-CSRF-Token': csrf },
  });
  expect(made.status()).toBe(201);
  return (await made.json()) as { id: number; path: string };
}

/** Opens the export tab from the side navigation, keeping the page (and what is picked or applied). */
const openExport = async (page: Page) => {
  await setSideNav(page, true);
  await page.getByTestId('nav-export').click();
  await page.getByTestId('export-tab').waitFor({ timeout: 30_000 });
};

describe('export selections in the browser', () => {
  it('exports exactly the parcels picked on the map, with Add to export and a ctrl-click', async () => {
    const h = harness();
    // Two large parcels whose inner point no other parcel covers: a click there is that parcel.
    const parcels = await h.server.sql<{ path: string; lon: number; lat: number }[]>`
      SELECT p.path, ST_X(ST_PointOnSurface(p.geom)) AS lon, ST_Y(ST_PointOnSurface(p.geom)) AS lat
      FROM parcels p WHERE p.path LIKE ${`${cambridge}/%`}
        AND NOT EXISTS (SELECT 1 FROM parcels q WHERE q.id <> p.id AND ST_Intersects(q.geom, ST_PointOnSurface(p.geom)))
      ORDER BY ST_Area(p.geom) DESC OFFSET 20 LIMIT 2`;
    const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    const { page, context } = tp;
    await signUpIn(context, h.server.origin, 'pro');
    const made = await newProject(context, h.server.origin);
    await page.goto(`${h.server.origin}${made.path}`);
    await waitForIdle(page);
    const clickParcel = async (ll: { lon: number; lat: number }, modifiers: ('Control' | 'Shift')[] = []) => {
      await page.evaluate((c) => window.__map!.jumpTo({ center: c, zoom: 18 }), [ll.lon, ll.lat] as [number, number]);
      await waitForIdle(page);
      const at = await toScreen(tp, [ll.lon, ll.lat]);
      for (const m of modifiers) await page.keyboard.down(m);
      await page.mouse.click(at.x, at.y);
      for (const m of modifiers) await page.keyboard.up(m);
    };
    await clickParcel(parcels[0]!);
    await page.getByTestId('add-to-export').waitFor({ timeout: 30_000 });
    await page.getByTestId('add-to-export').click();
    expect(await page.getByTestId('add-to-export').textContent()).toBe('Remove from export (1 picked)');
    await clickParcel(parcels[1]!, ['Control']);

    await openExport(page);
    await expect
      .poll(() => page.getByTestId('export-picked').textContent(), { timeout: 30_000 })
      .toContain('Export only the 2 parcels I picked');
    await expect.poll(() => page.getByTestId('export-current-count').textContent(), { timeout: 30_000 }).toBe('2');
    expect(await page.getByTestId('export-filter-summary').textContent()).toContain('2 picked parcels');
    await expect
      .poll(() => page.getByTestId('export-allowance').textContent(), { timeout: 30_000 })
      .toBe('Your plan includes 5,000 free spreadsheet rows a month: 5,000 left this month.');
    await screenshot(page, 'export-picked-parcels');
    await expect
      .poll(() => page.getByTestId('export-review').textContent(), { timeout: 30_000 })
      .toBe('Review Data & Download');
    await page.getByTestId('export-review').click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('export-review-action').click(),
    ]);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
    expect(lines.length).toBe(2);
    for (const p of parcels) expect(lines.filter((l) => new RegExp(`(^|,)"?${p.path}"?(,|$)`).test(l)).length).toBe(1);
    expect(tp.errors).toEqual([]);
    await context.close();
  }, 480_000);

  it('saves an edited project before the export starts, raising the pending-save flag and clearing it', async () => {
    const h = harness();
    // A year whose newer parcels number a few hundred: a free download and still a real filter.
    const [year] = await h.server.sql<{ y: number; n: number }[]>`
      SELECT y, (SELECT count(*)::int FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND yearbuilt >= y) AS n
      FROM generate_series(1900, 2015) y ORDER BY abs((SELECT count(*) FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND yearbuilt >= y) - 300) LIMIT 1`;
    const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    const { page, context } = tp;
    await signUpIn(context, h.server.origin, 'pro');
    const made = await newProject(context, h.server.origin);
    await page.goto(`${h.server.origin}${made.path}`);
    await waitForIdle(page);
    await page.getByTestId('open-style').click();
    await page.getByTestId('add-filter').click();
    await page.getByTestId('filter-field-0').selectOption('yearbuilt');
    await page.getByTestId('filter-gte-0').fill(String(year!.y));
    await page.getByTestId('apply-style-rules').click();
    // Applied on the map, not saved: the stored project has no filter yet.
    const saved = async () =>
      (
        await h.server.sql<{ filters: Record<string, unknown> }[]>`SELECT filters FROM projects WHERE id = ${made.id}`
      )[0]!.filters;
    expect(await saved()).toEqual({});
    await openExport(page);
    await expect
      .poll(() => page.getByTestId('export-current-count').textContent(), { timeout: 30_000 })
      .toBe(year!.n.toLocaleString('en-US'));
    await page.getByTestId('export-review').click();
    // The flag is watched from inside the page: a locator wait stalls behind the download's navigation.
    await page.evaluate(() => {
      const log: boolean[] = [];
      (window as unknown as { __saving: boolean[] }).__saving = log;
      new MutationObserver(() => {
        const on = document.querySelector('[data-testid="export-saving"]') !== null;
        if (log.at(-1) !== on && (log.length > 0 || on)) log.push(on);
      }).observe(document.body, { subtree: true, childList: true });
    });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('export-review-action').click(),
    ]);
    const flag = () => page.evaluate(() => (window as unknown as { __saving: boolean[] }).__saving);
    // Raised while the project saves, then cleared (with the modal, or after its 2 s).
    await expect.poll(flag, { timeout: 10_000 }).toEqual([true, false]);
    const stored = await saved();
    expect(Object.keys(stored)).toEqual(['yearbuilt']);
    expect(Number((stored.yearbuilt as { gte: unknown }).gte)).toBe(year!.y);
    await download.saveAs(join(downloads, download.suggestedFilename()));
    expect(tp.errors).toEqual([]);
    await context.close();
  }, 360_000);

  it('links a warning that names the Data Store to the store', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const { page, context } = tp;
    await signUpIn(context, h.server.origin, 'pro');
    const made = await newProject(context, h.server.origin);
    await page.goto(`${h.server.origin}${made.path}#export`);
    await page.getByTestId('export-tab').waitFor({ timeout: 30_000 });
    // All of Cambridge as a spreadsheet costs more than its county file: the warning sends to the store.
    const link = page.getByTestId('export-warning-link-county-price');
    await link.waitFor({ timeout: 30_000 });
    expect(await link.textContent()).toBe('Open the Data Store');
    await screenshot(page, 'export-warning-store-link-phone');
    await link.click();
    await page.waitForURL(`${h.server.origin}/store/us`);
    await page.getByTestId('store-place').waitFor({ timeout: 30_000 });
    expect(tp.errors).toEqual([]);
    await context.close();
  }, 120_000);
});
