// Browser tests of bulk data licences: the /bulk page lists the states and counties we serve, the
// parcel schema's fields and the formats; the enquiry form refuses a missing state readably, then sends,
// and the enquiry is stored (its mail to the team is checked by the route's own test).
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

describe('bulk data licences', () => {
  it('shows what a licence includes and sends an enquiry that the team receives', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 1440, height: 900 });
    const { page } = tp;
    await page.goto(`${h.server.origin}/bulk`);
    await page.getByTestId('bulk-coverage').waitFor();
    expect(await page.getByTestId('bulk-coverage-summary').textContent()).toMatch(/parcels in \d+ count/);
    expect(await page.getByTestId('bulk-coverage').textContent()).toContain('Massachusetts');
    expect(await page.getByTestId('bulk-formats').textContent()).toContain('GPKG');
    await screenshot(page, 'bulk-1440');

    await page.getByTestId('bulk-name').fill('Rita Surveyor');
    await page.getByTestId('bulk-email').fill('rita@example.org');
    await page.getByTestId('bulk-submit').click();
    expect(await page.getByTestId('bulk-error').textContent()).toBe('Choose the states you want licensed');
    await page.getByTestId('bulk-state-ma').check();
    await page.getByTestId('bulk-submit').click();
    await page.getByTestId('bulk-sent').waitFor();
    const [row] = await h.server.sql<{ states: string[] }[]>`
      SELECT states FROM bulk_requests WHERE email = 'rita@example.org' ORDER BY id DESC LIMIT 1`;
    expect(row!.states).toEqual(['ma']);

    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${h.server.origin}/bulk`);
    await page.getByTestId('bulk-coverage').waitFor();
    await screenshot(page, 'bulk-390');
    expect(tp.errors).toEqual([]);
  });
});
