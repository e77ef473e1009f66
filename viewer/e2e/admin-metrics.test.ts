// The /admin/metrics page in Chromium: an admin sees the server's figures and charts fill as the page
// refreshes (the line charts need two samples); on a phone-sized screen it still fits; anyone else gets
// the not-found page.
import { describe, expect, it } from 'vitest';
import { createAdmin } from '@parcel-map/tileserver/features/people/admin/create-admin';
import { signUpIn } from './accounts.ts';
import { openPage } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

describe('the admin metrics page', () => {
  it('shows memory, cache and per-family charts to an admin, refreshing, also at 390x800', async () => {
    const h = harness();
    const email = `e2e-metrics-admin-${Date.now()}@example.org`;
    const { password } = await createAdmin(h.server.sql, email, 'Metrics Admin');
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    expect(
      (await tp.context.request.post(`${h.server.origin}/users/sign_in.json`, { data: { email, password } })).status(),
    ).toBe(200);
    await tp.context.request.get(`${h.server.origin}/search.json?q=main`);
    await tp.page.goto(`${h.server.origin}/admin/metrics`);
    await tp.page.getByTestId('admin-metrics').waitFor();
    expect(await tp.page.getByTestId('metric-rss').textContent()).toMatch(/Memory \(RSS\)\d+ MB/);
    await expect
      .poll(
        () =>
          tp.page
            .locator('[data-testid="chart-requests"] .chart-bar[data-label="search and records"]')
            .getAttribute('data-value'),
        { timeout: 30_000 },
      )
      .not.toBeNull();
    await expect
      .poll(() => tp.page.getByTestId('chart-rss').getAttribute('data-points'), { timeout: 20_000 })
      .not.toMatch(/^[01]$/);
    expect(await tp.page.locator('[data-testid="chart-rss"] path').count()).toBe(1);
    // Nothing wider than the phone's screen.
    expect(await tp.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(tp.errors).toEqual([]);

    const other = await openPage(h.browser, h.server.origin);
    await signUpIn(other.context, h.server.origin, 'free');
    await other.page.goto(`${h.server.origin}/admin/metrics`);
    await expect.poll(() => other.page.locator('body').innerText(), { timeout: 30_000 }).toMatch(/not found/i);
    expect(await other.page.getByTestId('admin-metrics').count()).toBe(0);
  });
});
