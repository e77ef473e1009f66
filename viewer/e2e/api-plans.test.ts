// Browser test of the API plans: a visitor signs up through /users/sign_up?flow=api_sandbox (creates the
// account, chooses a county, starts the sandbox, sees the token once), lands on /api with the plan's
// usage, and the plans page shows the API plans comparison table (with Not Available for the used
// sandbox) and the Premium Add-On Datasets table within a 390 px phone screen. An API plan bought with
// the acknowledgement starts its trial; another API plan is then chosen through the billing page.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

describe('API plans', () => {
  it('signs up into a sandbox, shows the /api page with usage, and the API tables fit a phone', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const { page } = tp;
    await page.goto(`${h.server.origin}/users/sign_up?flow=api_sandbox`);
    await page.getByTestId('api-sandbox-signup').waitFor();
    await page.locator('input[name="name"]').fill('Sandy Box');
    await page.locator('input[name="email"]').fill(`e2e-sandbox-${process.pid}-${Date.now()}@example.org`);
    await page.locator('input[name="password"]').fill('secret-pass-1');
    await page.getByTestId('terms').check();
    await page.getByTestId('account-submit').click();
    await page.getByTestId('county-chooser').waitFor();
    await page.getByTestId('county-/us/ma/middlesex').check();
    await page.getByTestId('sandbox-start').click();
    await page.getByTestId('sandbox-started').waitFor();
    expect(await page.getByTestId('sandbox-token').textContent()).toMatch(/^pmk_/);
    await page.getByTestId('sandbox-continue').click();
    await page.getByTestId('api-usage').waitFor();
    expect(await page.getByTestId('api-usage-state').textContent()).toBe('Trial');
    expect(await page.getByTestId('api-usage-tiles').textContent()).toContain('of 10,000 included');
    expect(await page.getByTestId('api-usage-records').textContent()).toContain('of 2,000 included');
    await page.getByTestId('api-endpoints').waitFor();

    await page.goto(`${h.server.origin}/plans`);
    await page.getByTestId('api-plans-table').waitFor();
    const headers = await page.locator('[data-testid="api-plans-table"] thead th').allTextContents();
    expect(headers.slice(1)).toEqual(['Sandbox/Free Trial', 'Standard', 'Premium', 'Enterprise']);
    expect(await page.getByTestId('api-choose-api_sandbox').textContent()).toBe('Current Plan');
    expect(await page.getByTestId('api-choose-api_standard').textContent()).toBe('Try Standard');
    expect(await page.getByTestId('api-choose-api_enterprise').textContent()).toBe('Get a Demo');
    await page.getByTestId('api-add-ons-table').waitFor();
    expect(await page.locator('[data-testid="api-add-ons-table"] h3').textContent()).toBe('Premium Add-On Datasets');
    // The page itself never scrolls sideways at 390 px: the wide table scrolls inside its own box.
    const box = await page.getByTestId('api-plans-table').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('api-plans-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'api-plans-phone');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('asks for the API acknowledgement before an API plan can be confirmed', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    const { page } = tp;
    const registered = await tp.context.request.post(`${h.server.origin}/users.json`, {
      data: {
        user: {
          name: 'Api Buyer',
          email: `e2e-apibuy-${process.pid}-${Date.now()}@example.org`,
          password: 'secret-pass-1',
        },
      },
    });
    expect(registered.status()).toBe(201);
    await page.goto(`${h.server.origin}/plans#p=api_standard`);
    await page.getByTestId('api-checkout-form').waitFor();
    expect(await page.getByTestId('api-choose-api_standard').textContent()).toBe('Choosing Standard');
    await page.getByTestId('api-checkout-account-name').fill(`API Co ${process.pid} ${Date.now().toString(36)}`);
    await page.getByTestId('api-checkout-account-name').blur();
    await page.getByTestId('card-number').fill('4242 4242 4242 4242');
    await page
      .getByTestId('card-expiry')
      .fill(`12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`);
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('card-name').fill('Casey Card');
    await page.getByTestId('api-checkout-agree').check();
    expect(await page.getByTestId('api-checkout-confirm').isDisabled()).toBe(true);
    await page.getByTestId('api-checkout-ack').check();
    expect(await page.getByTestId('api-checkout-total').textContent()).toContain('7-day free trial');
    await page.getByTestId('api-checkout-confirm').click();
    await page.waitForURL(/\/settings\/billing$/);
    await page.getByTestId('api-usage').waitFor();
    expect(await page.getByTestId('api-usage-state').textContent()).toBe('Trial');
    expect(await page.getByTestId('api-usage-overage').textContent()).toContain('$0.00');
    // Another API plan from the plans page goes to the billing page with ?plan= and its Confirm.
    await page.goto(`${h.server.origin}/plans`);
    expect(await page.getByTestId('api-choose-api_standard').textContent()).toBe('Current Plan');
    await page.getByTestId('api-choose-api_premium').click();
    await page.waitForURL(/\/settings\/billing\?plan=api_premium$/);
    await page.getByTestId('api-plan-switch').getByText('Confirm').click();
    await page.waitForURL(/\/settings\/billing$/);
    await page.getByTestId('api-usage').getByText('Premium ·').waitFor();
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
