// Browser test of datasets in exports: a Pro user's zoning source shown on the map is added to the
// export, its feature count shows, and the downloaded zip holds the parcels' and the source's csv with
// the rows SQL counts; with a dataset and more than one parcel filter the button is soft-disabled and
// its tooltip says why.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness({}, { jobs: true });
const downloads = mkdtempSync(join(tmpdir(), 'e2e-dataset-exports-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));
const cambridge = '/us/ma/middlesex/cambridge';

describe('datasets in exports', () => {
  it('exports a zoning source on the map beside the parcels, and soft-disables with two parcel filters', async () => {
    const h = harness();
    const [use] = await h.server.sql<{ usecode: string; n: number }[]>`
      SELECT usecode, count(*)::int AS n FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND usecode IS NOT NULL
      GROUP BY 1 HAVING count(*) BETWEEN 20 AND 300 ORDER BY count(*) DESC LIMIT 1`;
    const [codes] = await h.server.sql<{ zoning: string[] }[]>`
      SELECT array_agg(zoning ORDER BY zoning) AS zoning FROM (SELECT DISTINCT zoning FROM zoning_districts ORDER BY 1 LIMIT 2) z`;
    const [zoned] = await h.server.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM zoning_districts t, places pl
      WHERE pl.path = ${cambridge} AND ST_Intersects(t.geom, pl.geom) AND t.zoning = ANY (${codes!.zoning})`;
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const { page, context } = tp;
    await signUpIn(context, h.server.origin, 'pro');
    const origin = h.server.origin;
    const csrf = (await (await context.request.get(`${origin}/api/v1/session.json`)).json()).csrf_token as string;
    const headers = { 'X-CSRF-Token': csrf };
    const post = async (url: string, data: unknown) => {
      const res = await context.request.post(`${origin}${url}`, { data, headers });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return res.json();
    };
    const one = await post('/projects.json', {
      name: 'Dataset export',
      query: { path: cambridge, filters: { usecode: [use!.usecode] } },
    });
    const two = await post('/projects.json', {
      name: 'Two filters',
      query: { path: cambridge, filters: { usecode: [use!.usecode], ll_gisacre: { gte: 0 } } },
    });
    const source = await post('/api/v1/sources', { query: { zoning: true, filters: { zoning: codes!.zoning } } });
    const followed = await post('/profile/datasets.json', { dataset: `source:${source.id}` });
    const shown = await context.request.put(`${origin}/profile/datasets/${followed.dataset?.id ?? followed.id}.json`, {
      data: { on_map: true },
      headers,
    });
    expect(shown.status()).toBe(200);

    await page.goto(`${origin}${one.path}#export`);
    const box = page.getByTestId(`export-dataset-source:${source.id}`);
    await box.waitFor({ timeout: 30_000 });
    await box.check();
    await expect
      .poll(() => page.getByTestId(`export-dataset-count-source:${source.id}`).textContent(), { timeout: 30_000 })
      .toBe(` (${zoned!.n.toLocaleString('en-US')} features)`);
    await expect
      .poll(() => page.getByTestId('export-review').textContent(), { timeout: 30_000 })
      .toBe('Review Data & Download');
    await screenshot(page, 'export-datasets-phone');
    await page.getByTestId('export-review').click();
    await page.getByTestId('export-review-modal').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('export-review-action').click(),
    ]);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/\.csv\.zip$/);
    const table = `zoning_${String(source.id).slice(0, 8)}.csv`;
    expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual(
      ['parcels.csv', table].sort(),
    );
    const lines = (name: string) => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' }).trim().split('\n');
    expect(lines('parcels.csv').length).toBe(use!.n + 1);
    expect(lines(table).length).toBe(zoned!.n + 1);

    // Two parcel filters and a dataset: the button is soft-disabled, and its tooltip says why.
    await page.goto(`${origin}${two.path}#export`);
    await page.getByTestId(`export-dataset-source:${source.id}`).check({ timeout: 30_000 });
    const button = page.getByTestId('export-review');
    await expect.poll(() => button.getAttribute('aria-disabled'), { timeout: 30_000 }).toBe('true');
    await page.getByTestId('export-review-tip').hover();
    const tip = page.getByTestId('export-review-tip-tooltip');
    await tip.waitFor({ state: 'visible' });
    // The bubble is inside the phone's screen (above the button at the foot of the bottom sheet).
    const bubble = (await tip.boundingBox())!;
    expect(bubble.y + bubble.height).toBeLessThanOrEqual(800);
    await screenshot(page, 'export-datasets-soft-disabled-phone');
    expect(await tip.textContent()).toBe(
      'An export with datasets takes one parcel filter at most: remove the datasets or all but one parcel filter to export.',
    );
    await button.click({ force: true });
    expect(await page.getByTestId('export-review-modal').count()).toBe(0);
    expect(tp.errors).toEqual([]);
    await context.close();
  });
});
