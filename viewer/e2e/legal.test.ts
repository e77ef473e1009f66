// Browser tests of the legal pages: /hs/terms and its three siblings render the server's Markdown
// texts with working tabs, an unknown text is "not found", and the pages fit a 390x800 phone.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

describe('the legal pages', () => {
  it('show the terms, privacy, API and subscription texts, each from its own address, on a phone', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const titles = {
      '/hs/terms': 'Terms of Use',
      '/hs/terms/privacy': 'Privacy Notice',
      '/hs/terms/api': 'API Terms',
      '/hs/terms/subscription': 'Subscription Terms',
    };
    for (const [path, title] of Object.entries(titles)) {
      await tp.page.goto(`${h.server.origin}${path}`);
      const heading = tp.page.getByTestId('legal-text').locator('h1');
      await heading.waitFor();
      expect(await heading.textContent(), path).toBe(title);
      expect(await tp.page.title()).toBe(`${title} | Parcel Map`);
      expect(await tp.page.locator('.page-tabs a[aria-current="page"]').getAttribute('href')).toBe(path);
      const overflow = await tp.page.evaluate(() => {
        const p = document.querySelector('.page')!;
        return p.scrollWidth - p.clientWidth;
      });
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await screenshot(tp.page, 'legal-subscription-phone');
    // Links between the texts are real links: the terms link to the privacy notice.
    await tp.page.goto(`${h.server.origin}/hs/terms`);
    await tp.page.getByTestId('legal-text').getByRole('link', { name: 'privacy notice' }).click();
    await tp.page.waitForURL(`${h.server.origin}/hs/terms/privacy`);
    await tp.page.getByTestId('legal-text').locator('h1', { hasText: 'Privacy Notice' }).waitFor();
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('answer "not found" for a text that does not exist', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    await tp.page.goto(`${h.server.origin}/hs/terms/cookies`);
    await tp.page.getByTestId('not-found-page').waitFor();
    expect(await tp.page.locator('h1').textContent()).toBe('Page not found');
    await tp.context.close();
  });
});
