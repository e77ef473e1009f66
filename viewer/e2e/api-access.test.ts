// Browser test of API access on a Pro plan (api_combo) on the billing page: a Pro account bought with
// the local provider's test card adds Standard API access (Confirm only once the API acknowledgement is
// ticked; the check shows the charge now), the page reloads with the API plan, its usage and the order;
// then at 390x800 the plans page's ?plan=api_premium opens the form on Premium, the page does not
// scroll sideways, and removing API access shows the credit and leaves the account without it.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { signUpIn } from './accounts.ts';
import { useHarness } from './harness.ts';
import { hoverTooltip } from './tooltip.ts';

const harness = useHarness();

async function buyPro(context: BrowserContext, origin: string): Promise<string> {
  await signUpIn(context, origin, 'free');
  const csrf = (await (await context.request.get(`${origin}/api/v1/session.json`)).json()).csrf_token as string;
  const headers = { 'X-CSRF-Token': csrf };
  const card = await context.request.post(`${origin}/payments/local/payment_methods`, {
    data: {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
      name: 'Pat Pro',
    },
    headers,
  });
  expect(card.status()).toBe(201);
  const bought = await context.request.post(`${origin}/subscriptions.json`, {
    data: {
      plan: 'level1',
      cycle: 'monthly',
      payment_method_id: (await card.json()).id,
      agreement: true,
      group_name: `Combo ${process.pid} ${Date.now().toString(36)}`,
    },
    headers,
  });
  expect(bought.status()).toBe(201);
  return (await bought.json()).path as string;
}

describe('API access on the billing page', () => {
  it('adds Standard API access to a Pro plan after the acknowledgement, then removes it on a phone', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    const { page } = tp;
    const billing = await buyPro(tp.context, h.server.origin);

    await page.goto(`${h.server.origin}${billing}`);
    await page.getByTestId('api-access').waitFor();
    expect(await page.getByTestId('api-access-current').textContent()).toContain('No API access');
    await page.getByTestId('api-access-change').click();
    await page.getByTestId('api-access-form').waitFor();
    expect(await page.getByTestId('api-access-select').inputValue()).toBe('standard');
    expect(await page.locator('[data-testid="api-access-select"] option').allTextContents()).toEqual([
      'Standard · $250.00 a month',
      'Premium · $500.00 a month',
    ]);
    await expect
      .poll(() => page.getByTestId('api-access-check').textContent())
      .toMatch(/^Charged now: \$[\d,.]+, for the rest of this period\.$/);
    expect(await page.getByTestId('api-access-confirm').isDisabled()).toBe(true);
    expect(await hoverTooltip(page.getByTestId('api-access-confirm-hint'))).toBe(
      'required information missing - please fill out to proceed',
    );
    await page.getByTestId('api-access-ack').check();
    expect(await page.getByTestId('api-access-confirm').isDisabled()).toBe(false);
    await page.getByTestId('api-access-confirm').click();
    await expect
      .poll(() => page.getByTestId('api-access-current').textContent(), { timeout: 15_000 })
      .toContain('API plan: Standard · $250.00 a month, billed with your plan');
    await page.getByTestId('api-usage').waitFor();
    expect(await page.getByTestId('api-usage-tiles').textContent()).toContain('of 200,000 included');
    expect(await page.getByTestId('api-usage-records').textContent()).toContain('of 2,000 included');
    expect(await page.getByTestId('api-cancel').count()).toBe(0); // removal is the API access control's
    expect(await page.getByTestId('billing-plan-name').textContent()).toBe('Pro');
    expect(await page.getByTestId('billing-subscription').textContent()).toContain(
      '$99.00 + $250.00 API access a month',
    );
    expect((await page.getByTestId('billing-order').allTextContents()).join('\n')).toContain(
      'API access Standard on Pro, monthly',
    );
    await screenshot(page, 'api-access-desktop');

    // The plans page sends a Pro account here with ?plan=: the form opens on that tier.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${h.server.origin}/plans`);
    await page.getByTestId('api-choose-api_premium').click();
    await page.waitForURL(/\/settings\/billing\?plan=api_premium$/);
    await page.getByTestId('api-access-form').waitFor();
    expect(await page.getByTestId('api-access-select').inputValue()).toBe('premium');
    expect(await page.locator('[data-testid="api-access-select"] option[value="standard"]').isDisabled()).toBe(true); // the current API plan
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'api-access-phone');
    await page.getByTestId('api-access-select').selectOption('none');
    expect(await page.getByTestId('api-access-ack').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('api-access-check').textContent())
      .toMatch(/^Nothing to pay now; credit for later charges: \$[\d,.]+\.$/);
    await page.getByTestId('api-access-confirm').click();
    await expect
      .poll(() => page.getByTestId('api-access-current').textContent(), { timeout: 15_000 })
      .toContain('No API access');
    expect(page.url()).not.toContain('plan=');
    expect(await page.getByTestId('api-usage').count()).toBe(0);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
