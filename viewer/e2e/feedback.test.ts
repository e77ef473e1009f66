// Browser tests of the two ways visitors tell us what is missing: the "Help us Improve" modal from the
// search box's no-results line (success closes it after 3 s and clears it; a refused post says so),
// and the Place Unavailable request form where a place has no parcels (at 390x800, a phone).
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { openView, useHarness } from './harness.ts';

const harness = useHarness();

describe('search feedback', () => {
  it('opens Help us Improve from a search without results, posts the query and closes 3 s after the thanks', async () => {
    const h = harness();
    const tp = await openView(h, { zoom: 12, lat: 42.375, lon: -71.11 });
    const query = `qqzx nowhere ${process.pid}`;
    await tp.page.getByTestId('search-input').fill(query);
    await tp.page.getByTestId('search-empty').waitFor({ timeout: 15_000 });
    expect(await tp.page.getByTestId('search-empty').textContent()).toContain(`No results for “${query}”.`);
    await tp.page.getByTestId('search-help-improve').click();
    const modal = tp.page.getByTestId('search-feedback-modal');
    await modal.waitFor();
    expect(await modal.locator('h2').textContent()).toBe('Help us Improve');
    expect(await tp.page.getByTestId('feedback-query').inputValue()).toBe(query);
    await tp.page.getByTestId('feedback-info').fill('A farm road north of town');
    await screenshot(tp.page, 'feedback-modal');
    await tp.page.getByTestId('feedback-submit').click();
    const alert = tp.page.getByTestId('feedback-alert');
    await alert.waitFor();
    const thanked = Date.now();
    expect(await alert.textContent()).toBe('Thank you for your submitted feedback!');
    await screenshot(tp.page, 'feedback-thanks');
    await tp.page.waitForTimeout(1500);
    expect(await modal.isVisible()).toBe(true);
    await modal.waitFor({ state: 'detached', timeout: 5000 });
    const closedAfter = Date.now() - thanked;
    expect(closedAfter).toBeGreaterThanOrEqual(2500);
    expect(closedAfter).toBeLessThan(5000);
    const rows = await h.server.sql`SELECT additional_information FROM search_feedback WHERE query = ${query}`;
    expect(rows.map((r) => r.additional_information)).toEqual(['A farm road north of town']);

    // Opened again, the fields are clear apart from the new query.
    await tp.page.evaluate(
      (q) => window.dispatchEvent(new CustomEvent('parcel:search-feedback', { detail: { query: q } })),
      'another query',
    );
    await modal.waitFor();
    expect(await tp.page.getByTestId('feedback-query').inputValue()).toBe('another query');
    expect(await tp.page.getByTestId('feedback-info').inputValue()).toBe('');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('says "Something went wrong, please try again." when the server refuses the feedback, and keeps the modal open', async () => {
    const h = harness();
    const tp = await openView(h, { zoom: 12, lat: 42.375, lon: -71.11 });
    await tp.page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('parcel:search-feedback', { detail: { query: '' } })),
    );
    const modal = tp.page.getByTestId('search-feedback-modal');
    await modal.waitFor();
    // An empty query is refused by the server (400): the failure alert, and what was typed stays.
    await tp.page.getByTestId('feedback-info').fill('no query typed');
    await tp.page.getByTestId('feedback-submit').click();
    const alert = tp.page.getByTestId('feedback-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Something went wrong, please try again.');
    await tp.page.waitForTimeout(3500);
    expect(await modal.isVisible()).toBe(true);
    expect(await tp.page.getByTestId('feedback-info').inputValue()).toBe('no query typed');
    expect(tp.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await tp.context.close();
  });
});

describe('the Place Unavailable request form', () => {
  it('shows for a county without parcels on a phone, posts the request to /requests and thanks', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    // Suffolk County, MA (Boston): no parcels are loaded there.
    await tp.page.goto(`${h.server.origin}/#base=street&map=9/42.33/-71.04`);
    await waitForIdle(tp.page);
    const card = tp.page.getByTestId('place-unavailable');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getAttribute('data-path')).toBe('/us/ma/suffolk');
    expect(await card.locator('h2').textContent()).toBe('Place Unavailable');
    await tp.page.getByTestId('request-place').click();
    const form = tp.page.getByTestId('place-request-form');
    expect(await form.getByText('Reason for interest').count()).toBe(1);
    expect(await form.getByText('Email or phone').count()).toBe(1);
    const name = `Robin Requester ${process.pid}`;
    await tp.page.getByTestId('place-request-name').fill(name);
    await tp.page.getByTestId('place-request-contact').fill('+1 617 555 0100');
    await tp.page.getByTestId('place-request-comment').fill('Planning a survey of South Boston lots');
    // The form fits the phone's width.
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(tp.page, 'place-request-form-phone');
    await tp.page.getByTestId('place-request-submit').click();
    const thanks = tp.page.getByTestId('place-request-thanks');
    await thanks.waitFor();
    expect(await thanks.textContent()).toBe('Thank you for your suggestion!');
    await screenshot(tp.page, 'place-request-thanks-phone');
    const rows = await h.server.sql`SELECT path, contact, comment FROM place_requests WHERE name = ${name}`;
    expect(rows).toEqual([
      { path: '/us/ma/suffolk', contact: '+1 617 555 0100', comment: 'Planning a survey of South Boston lots' },
    ]);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('does not show where parcels are loaded (Cambridge)', async () => {
    const h = harness();
    const tp = await openView(h, { zoom: 13, lat: 42.375, lon: -71.11 });
    await tp.page.getByTestId('current-place').filter({ hasText: /\S/ }).waitFor();
    await expect
      .poll(() => tp.page.evaluate(() => document.querySelector('[data-testid="current-place"]')?.textContent ?? ''), {
        timeout: 15_000,
      })
      .not.toBe('—');
    await tp.page.waitForTimeout(1000);
    expect(await tp.page.getByTestId('place-unavailable').count()).toBe(0);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
