// Browser tests of the side pane's #overview, #settings and #upgrade tabs, the working-boundary
// breadcrumb opening the overview, the navigation opening by itself (wide screens, paid or group users
// only), and the waterfall panel for a visitor to a group's project.
import { describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();
const view = '#base=street&map=14/42.375/-71.11';

describe('side panes', () => {
  it('opens each tab from its hash, and the last breadcrumb opens the overview', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    const { page } = tp;
    await page.goto(`${h.server.origin}/${view}&settings`);
    await page.getByTestId('settings-tab').waitFor();
    expect(await page.getByTestId('settings-basemap').inputValue()).toBe('street');
    await page.getByTestId('close-pane-tab').click();
    await page.goto(`${h.server.origin}/${view}&upgrade`);
    await page.getByTestId('upgrade-tab').waitFor();
    expect(await page.getByTestId('upgrade-action').textContent()).toBe('Sign Up');
    await page.getByTestId('close-pane-tab').click();
    await waitForIdle(page);
    const crumbs = page.locator('[data-testid^=crumb-]');
    await expect.poll(() => crumbs.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    await crumbs.last().click();
    await page.getByTestId('overview-tab').waitFor();
    await expect.poll(() => page.getByTestId('overview-place').textContent()).toBeTruthy();
    await screenshot(page, 'overview-tab-1440');
    expect(tp.errors).toEqual([]);
  });

  it('opens the navigation at 1440 px for Pro, not for a free user, nor at 390 px for Pro', async () => {
    const h = harness();
    const cases: [level: 'pro' | 'free', width: number, opens: boolean][] = [
      ['pro', 1440, true],
      ['free', 1440, false],
      ['pro', 390, false],
    ];
    for (const [level, width, opens] of cases) {
      const tp = await openPage(h.browser, h.server.origin, { width, height: 900 });
      await signUpIn(tp.context, h.server.origin, level);
      // No tab in the address: the navigation never opens over a tab the address opened.
      await tp.page.goto(`${h.server.origin}/${view}`);
      await waitForIdle(tp.page);
      if (opens) await tp.page.getByTestId('side-nav').waitFor({ timeout: 10_000 });
      expect(await tp.page.getByTestId('side-nav').isVisible(), `${level} at ${width}`).toBe(opens);
      if (opens) {
        // Beside the place header, not over it: the search box stays clickable.
        await tp.page.getByTestId('search-input').click({ timeout: 5_000 });
        await screenshot(tp.page, 'nav-open-pro-1440');
      }
      expect(tp.errors).toEqual([]);
      await tp.context.close();
    }
  });

  it('shows the waterfall panel to a visitor of a group project, not to the group itself', async () => {
    const h = harness();
    const owner = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    await signUpIn(owner.context, h.server.origin, 'team');
    const csrf = (await (await owner.context.request.get(`${h.server.origin}/api/v1/session.json`)).json())
      .csrf_token as string;
    const made = await owner.context.request.post(`${h.server.origin}/projects.json`, {
      data: { name: 'Waterfall e2e', query: { path: '/us/ma/middlesex/cambridge', filters: {} } },
      headers: { 'X-CSRF-Token': csrf },
    });
    const project = (await made.json()) as { path: string };
    const shared = await owner.context.request.post(`${h.server.origin}${project.path}/share.json`, {
      headers: { 'X-CSRF-Token': csrf },
    });
    const share = `${h.server.origin}${project.path}?share=${((await shared.json()) as { share: string }).share}`;
    await owner.page.goto(`${h.server.origin}${project.path}`);
    await waitForIdle(owner.page);
    expect(await owner.page.getByTestId('waterfall-panel').count()).toBe(0);

    const visitor = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await visitor.page.goto(share);
    await visitor.page.getByTestId('waterfall-panel').waitFor({ timeout: 30_000 });
    expect(await visitor.page.getByTestId('waterfall-panel').textContent()).toContain('Waterfall e2e');
    await screenshot(visitor.page, 'waterfall-390');
    await visitor.page.getByTestId('waterfall-close').click();
    expect(await visitor.page.getByTestId('waterfall-panel').count()).toBe(0);
    expect(visitor.errors).toEqual([]);
  });
});
