// Browser tests of plans and checkout with the local payment provider: the plan cards and #p=
// preselection, annual savings, a declined card's message under the card form, then a purchase of Pro
// with the success card that lands on the billing page, after which the parcel pane shows Pro values.
import { describe, expect, it } from 'vitest';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

describe('plans and checkout', () => {
  it('shows the plans with Pro preselected and asks a visitor to sign in before checkout', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await tp.page.goto(`${h.server.origin}/plans#p=level1`);
    await tp.page.getByTestId('plan-level1').waitFor();
    expect(await tp.page.getByTestId('choose-level1').textContent()).toBe('Choosing Pro');
    expect(await tp.page.getByTestId('choose-team_flex').textContent()).toBe('Choose Team');
    await tp.page.getByTestId('checkout-sign-in').waitFor();
    await tp.page.getByTestId('cycle-annual').check();
    expect(await tp.page.getByTestId('savings-level1').textContent()).toMatch(/^Save \$[\d,]+\.\d\d a year$/);
    const box = await tp.page.getByTestId('plan-cards').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(tp.page, 'plans-phone');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('shows a declined card under the card form, then buys Pro with the success card and shows the Pro fields', async () => {
    const h = harness();
    const pro = parcelFields.find((f) => f.tier === 'pro' && f.kind === 'text')!;
    const [parcel] = await h.server.sql<{ path: string; lon: number; lat: number }[]>`
      SELECT path, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat FROM parcels
      WHERE path LIKE '/us/ma/middlesex/%' AND ${h.server.sql(pro.name)} IS NOT NULL AND ${h.server.sql(pro.name)}::text <> '' LIMIT 1`;
    const tp = await openPage(h.browser, h.server.origin);
    const { page } = tp;
    await signUpIn(tp.context, h.server.origin, 'free');
    await page.goto(`${h.server.origin}/plans#p=level1`);
    await page.getByTestId('checkout-form').waitFor();
    expect(await page.getByTestId('choose-level0').textContent()).toBe('Current Plan');
    await page.getByTestId('checkout-account-name').fill(`Checkout Co ${process.pid} ${Date.now().toString(36)}`);
    await page.getByTestId('checkout-account-name').blur();
    await page.getByTestId('card-number').fill('4000 0000 0000 0002');
    await page.getByTestId('card-expiry').fill(`12/${nextYear}`);
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('card-name').fill('Casey Card');
    expect(await page.getByTestId('checkout-confirm').isDisabled()).toBe(true); // the agreement is not ticked
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-confirm').click();
    await expect
      .poll(() => page.getByTestId('card-error').textContent(), { timeout: 30_000 })
      .toBe('Your card was declined.');
    expect(await page.getByTestId('checkout-confirm').textContent()).toBe('Confirm');
    await screenshot(page, 'checkout-declined');

    await page.getByTestId('card-number').fill('4242 4242 4242 4242');
    await page.getByTestId('checkout-confirm').click();
    await page.waitForURL(/\/g\/[a-z0-9-]+\/settings\/billing$/, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('billing-plan-name').textContent(), { timeout: 30_000 }).toBe('Pro');
    expect(await page.getByTestId('billing-card').textContent()).toContain('•••• 4242');
    expect(await page.getByTestId('billing-order').textContent()).toContain('Pro, monthly');
    await screenshot(page, 'billing-after-checkout');

    // Change plan: Team for 3 is checked first (the charge for the rest of the month), then made.
    await page.getByTestId('change-plan').click();
    await page.getByTestId('change-plan-select').selectOption('team_flex');
    await page.getByTestId('change-plan-users').fill('3');
    await expect
      .poll(() => page.getByTestId('change-plan-check').textContent(), { timeout: 30_000 })
      .toMatch(/^Charged now: \$[\d,]+\.\d\d, for the rest of this period\.$/);
    await screenshot(page, 'billing-change-plan');
    await page.getByTestId('change-plan-confirm').click();
    await expect.poll(() => page.getByTestId('billing-plan-name').textContent(), { timeout: 30_000 }).toBe('Team');

    // A new card that pays for the plan; the old one can then be removed.
    await page.getByTestId('add-card').click();
    await page.getByTestId('card-number').fill('5555 5555 5555 4444');
    await page.getByTestId('card-expiry').fill(`11/${nextYear}`);
    await page.getByTestId('card-cvc').fill('321');
    await page.getByTestId('card-name').fill('Casey Card');
    await page.getByTestId('save-card').click();
    await expect
      .poll(() => page.getByTestId('paying-card').locator('..').textContent(), { timeout: 30_000 })
      .toContain('•••• 4444');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to remove this card from your account?');
      void dialog.accept();
    });
    await page.getByTestId('remove-card').click();
    await expect.poll(() => page.getByTestId('billing-card').count(), { timeout: 30_000 }).toBe(1);
    await page.goto(`${h.server.origin}/profile/orders`);
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 30_000 }).toBe(2);
    expect(await page.getByTestId('order-row').first().textContent()).toContain('Plan change');

    await page.goto(`${h.server.origin}${parcel!.path}#base=street&map=18/${parcel!.lat}/${parcel!.lon}`);
    await waitForIdle(page);
    const row = page.locator(`.parcel-pane tr[data-field="${pro.name}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect((await row.getAttribute('class')) ?? '').not.toContain('locked');
    expect(await row.locator('td').textContent()).not.toContain('Unlock');
    expect(tp.errors.filter((e) => !/status of 402/.test(e))).toEqual([]);
    await tp.context.close();
  });
});
