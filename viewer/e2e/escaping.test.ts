// Stored text is data, never markup: a user name, a project name and search feedback holding script
// fragments are stored through the real API, then shown by the pages that display them (the user's own
// settings, the Projects dashboard, the admin users and feedback pages) in Chromium. The fragments
// must appear as literal text, no element they describe may exist, no script they carry may run, and
// the Content-Security-Policy must not have had to block anything (escaping did the work). The map
// screen itself must load and render under that policy.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAdmin } from '@parcel-map/tileserver/features/people/admin/create-admin';
import { signUpIn } from './accounts.ts';
import { openPage, waitForIdle } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();
const tag = Date.now().toString(36);
const nameFragment = `<img src=x onerror="window.__xss='name'">${tag}`;
const projectFragment = `<script>window.__xss='project'</script><b id="injected">${tag}</b>`;
const feedbackFragment = `<svg onload="window.__xss='feedback'"></svg><a href="javascript:window.__xss='link'">${tag}</a>`;

/** Records CSP violations in the page before any of its scripts run. */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __violations: string[] }).__violations.push(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      ),
    );
  });
}

async function csrfOf(context: BrowserContext, origin: string): Promise<string> {
  return (await (await context.request.get(`${origin}/api/v1/session.json`)).json()).csrf_token as string;
}

async function expectInert(page: Page, fragment: string): Promise<void> {
  await expect.poll(() => page.locator('body').innerText(), { timeout: 30_000 }).toContain(fragment);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.locator('#injected, img[src="x"], svg[onload]').count()).toBe(0);
  expect(
    JSON.stringify(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
  ).toBe('[]');
}

describe('stored script fragments in the browser', () => {
  it('shows names, project names and feedback as text, runs none of them, and the map renders under the CSP', async () => {
    const h = harness();
    const origin = h.server.origin;

    // A Pro user whose name and project name are script fragments.
    const owner = await openPage(h.browser, origin);
    await watchViolations(owner.page);
    await signUpIn(owner.context, origin, 'pro');
    let csrf = await csrfOf(owner.context, origin);
    expect(
      (
        await owner.context.request.put(`${origin}/users/edit.json`, {
          data: { name: nameFragment },
          headers: { 'X-CSRF-Token': csrf },
        })
      ).status(),
    ).toBe(200);
    csrf = await csrfOf(owner.context, origin);
    const project = await owner.context.request.post(`${origin}/projects.json`, {
      data: { name: projectFragment, query: { path: '/us/ma/middlesex/cambridge' } },
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(project.status()).toBe(201);
    expect(
      (
        await owner.context.request.post(`${origin}/search/feedback`, {
          data: { feedback: { query: feedbackFragment, additional_information: nameFragment } },
          headers: { 'X-CSRF-Token': csrf },
        })
      ).status(),
    ).toBeLessThan(300);

    await owner.page.goto(`${origin}/users/edit`);
    await expect
      .poll(() => owner.page.locator('input[value*="onerror"]').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await owner.page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    await owner.page.goto(`${origin}/profile`);
    await expectInert(owner.page, projectFragment);

    // The map screen with the project open: its name in the panel, and the map rendered under the CSP.
    await owner.page.goto(`${origin}${(await project.json()).path}#base=street&map=14/42.375/-71.11`);
    await waitForIdle(owner.page);
    expect(await owner.page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(await owner.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(owner.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);

    // An admin sees the name and the feedback in the admin pages.
    const { password, email } = await createAdminFor(h.server.sql);
    const admin = await openPage(h.browser, origin);
    await watchViolations(admin.page);
    expect(
      (await admin.context.request.post(`${origin}/users/sign_in.json`, { data: { email, password } })).status(),
    ).toBe(200);
    await admin.page.goto(`${origin}/admin/search_feedback`);
    await expectInert(admin.page, feedbackFragment);
    await admin.page.goto(`${origin}/admin/users`);
    await admin.page.getByTestId('admin-user-search').fill(tag);
    await admin.page.getByTestId('admin-user-search').press('Enter');
    await expect.poll(() => admin.page.locator('body').innerText(), { timeout: 30_000 }).toContain(tag);
    expect(await admin.page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(await admin.page.locator('img[src="x"]').count()).toBe(0);
    await Promise.all([owner.context.close(), admin.context.close()]);
  });
});

async function createAdminFor(sql: Parameters<typeof createAdmin>[0]): Promise<{ email: string; password: string }> {
  const email = `e2e-admin-${tag}@example.org`;
  const { password } = await createAdmin(sql, email, 'Escaping Admin');
  return { email, password };
}
