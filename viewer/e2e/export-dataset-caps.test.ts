// Browser test of a dataset over its size cap (security review N10): the export pane shows the server's
// refusal in its words in the warning box, and the review button is disabled with the same words in its
// tooltip, as the soft-disable explains itself. Leaving the dataset out clears the refusal.
import { describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

// One feature per dataset table: any zoning source in Cambridge with two districts or more is over it.
const harness = useHarness({ EXPORT_DATASET_ROWS_MAX: '1' });
const cambridge = '/us/ma/middlesex/cambridge';

describe('a dataset over its size cap in the export pane', () => {
  it('shows the refusal in the server’s words and explains the disabled button', async () => {
    const h = harness();
    const [codes] = await h.server.sql<{ zoning: string[] }[]>`
      SELECT array_agg(zoning ORDER BY zoning) AS zoning FROM (SELECT DISTINCT zoning FROM zoning_districts ORDER BY 1 LIMIT 3) z`;
    const [zoned] = await h.server.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM zoning_districts t, places pl
      WHERE pl.path = ${cambridge} AND ST_Intersects(t.geom, pl.geom) AND t.zoning = ANY (${codes!.zoning})`;
    expect(zoned!.n).toBeGreaterThan(1);
    const tp = await openPage(h.browser, h.server.origin, { width: 1280, height: 900 });
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
    const project = await post('/projects.json', { name: 'Capped export', query: { path: cambridge } });
    const source = await post('/api/v1/sources', { query: { zoning: true, filters: { zoning: codes!.zoning } } });
    const followed = await post('/profile/datasets.json', { dataset: `source:${source.id}` });
    const shown = await context.request.put(`${origin}/profile/datasets/${followed.dataset?.id ?? followed.id}.json`, {
      data: { on_map: true },
      headers,
    });
    expect(shown.status()).toBe(200);

    await page.goto(`${origin}${project.path}#export`);
    const box = page.getByTestId(`export-dataset-source:${source.id}`);
    await box.waitFor({ timeout: 30_000 });
    await box.check();
    const message = `The zoning ${String(source.id).slice(0, 8)} dataset has ${zoned!.n.toLocaleString('en-US')} features here, more than the 1 an export may carry: choose a smaller place or a focus area, or leave it out.`;
    const warnings = page.getByTestId('export-warnings');
    await expect.poll(() => warnings.textContent(), { timeout: 30_000 }).toContain(message);
    const button = page.getByTestId('export-review');
    expect(await button.isDisabled()).toBe(true);
    await page.getByTestId('export-review-tip').hover();
    const tip = page.getByTestId('export-review-tip-tooltip');
    await tip.waitFor({ state: 'visible' });
    expect(await tip.textContent()).toBe(message);
    await screenshot(page, 'export-dataset-over-cap');

    // Without the dataset the check passes again and the refusal is gone.
    await box.uncheck();
    // The box may still hold the check's own warnings (more parcels than the free allowance), not the refusal.
    await expect
      .poll(async () => (await warnings.count()) === 0 || !(await warnings.textContent())!.includes(message), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect.poll(() => button.isDisabled(), { timeout: 30_000 }).toBe(false);
    await tip.waitFor({ state: 'hidden' });
    // The refused requests are the console's only errors (the browser logs each 413).
    expect(tp.errors.filter((e) => !/413/.test(e))).toEqual([]);
    await context.close();
  });
});
