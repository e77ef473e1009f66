// Checkout with PAYMENT_PROVIDER=stripe: the processor's script (https://js.stripe.com/v3/) is served by
// a local stand-in that has the same browser API and REST protocol (testing/fake-stripe.ts), so our
// card form, the token it makes with the publishable key, and the server's SDK calls all run for real.
// The card number is typed into the processor's element and never reaches our API.
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '@parcel-map/tileserver/testing/fake-stripe';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const fake = await startFakeStripe();
afterAll(() => fake.close());
const harness = useHarness({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
  STRIPE_API_BASE: fake.origin,
});
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

describe('checkout through the card processor', () => {
  it("takes the card in the processor's element, shows its decline under the form, then buys Pro", async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    const { page } = tp;
    const script = await (await fetch(`${fake.origin}/v3/`)).text();
    await page.route('https://js.stripe.com/v3/', (route) =>
      route.fulfill({ body: script, contentType: 'text/javascript' }),
    );
    const ourApi: string[] = [];
    page.on(
      'request',
      (request) => request.url().startsWith(h.server.origin) && request.postData() && ourApi.push(request.postData()!),
    );
    await signUpIn(tp.context, h.server.origin, 'free');
    await page.goto(`${h.server.origin}/plans#p=level1`);
    await page.getByTestId('processor-card-input').waitFor();
    await page.getByTestId('checkout-account-name').fill(`Processor Co ${process.pid} ${Date.now().toString(36)}`);
    await page.getByTestId('checkout-account-name').blur();
    await page.getByTestId('processor-card-input').fill(`4000000000000002 12/${nextYear} 123`);
    await page.getByTestId('card-name').fill('Casey Card');
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-confirm').click();
    await expect
      .poll(() => page.getByTestId('card-error').textContent(), { timeout: 30_000 })
      .toBe('Your card was declined.');
    expect(await page.getByTestId('checkout-confirm').textContent()).toBe('Confirm');

    await page.getByTestId('processor-card-input').fill(`4242424242424242 12/${nextYear} 123`);
    await page.getByTestId('checkout-confirm').click();
    await page.waitForURL(/\/g\/[a-z0-9-]+\/settings\/billing$/, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('billing-plan-name').textContent(), { timeout: 30_000 }).toBe('Pro');
    expect(await page.getByTestId('billing-card').textContent()).toContain('•••• 4242');
    await screenshot(page, 'billing-after-processor-checkout');

    // The browser made the payment method with the publishable key; the server charged with the secret key.
    const created = fake.seen.filter((s) => s.path === '/v1/payment_methods');
    expect(created.map((s) => s.auth)).toEqual(['Bearer pk_test_local', 'Bearer pk_test_local']);
    const charges = fake.seen.filter((s) => s.path === '/v1/payment_intents');
    expect(charges.map((s) => s.auth)).toEqual(['Bearer sk_test_local', 'Bearer sk_test_local']);
    expect(ourApi.some((body) => body.includes('4242424242424242') || body.includes('4000000000000002'))).toBe(false);
    expect(tp.errors.filter((e) => !e.includes('402'))).toEqual([]);
    await tp.context.close();
  });

  it('says so plainly when the processor script cannot load', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    await tp.page.route('https://js.stripe.com/v3/', (route) => route.abort('internetdisconnected'));
    await signUpIn(tp.context, h.server.origin, 'free');
    await tp.page.goto(`${h.server.origin}/plans#p=level1`);
    await expect
      .poll(() => tp.page.getByTestId('card-error').textContent(), { timeout: 30_000 })
      .toBe("The card processor's card form could not load. Check your connection and reload the page.");
    expect(await tp.page.getByTestId('checkout-confirm').isDisabled()).toBe(true);
    await tp.context.close();
  });
});
