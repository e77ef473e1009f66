// Browser tests of follows and bookmarks: Actions > Follow in the parcel pane bookmarks a parcel (in the
// place header it follows the place), three nearby bookmarks show as one cluster of 3 at a low zoom, and
// the /notify/follows page removes and unfollows, pages on scroll, and explains the empty state.
import { describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();

describe('follows and bookmarks in the browser', () => {
  it('bookmarks three nearby parcels, sees one cluster of 3 at a low zoom, and unfollows on the follows page', async () => {
    const h = harness();
    const parcels = await h.server.sql<{ path: string; lon: number; lat: number }[]>`
      WITH r AS (SELECT geom FROM parcels WHERE parcelnumb = '127-123' AND address = '23 ROCKWELL ST' LIMIT 1)
      SELECT p.path, ST_X(ST_PointOnSurface(p.geom)) AS lon, ST_Y(ST_PointOnSurface(p.geom)) AS lat
      FROM parcels p, r WHERE p.path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY p.geom <-> r.geom LIMIT 3`;
    expect(parcels).toHaveLength(3);
    const tp = await openPage(h.browser, h.server.origin);
    await signUpIn(tp.context, h.server.origin, 'pro');

    for (const parcel of parcels) {
      await tp.page.goto(`${h.server.origin}${parcel.path}#base=street&map=18/${parcel.lat}/${parcel.lon}`);
      const actions = tp.page.getByTestId('parcel-actions');
      await actions.getByRole('button', { name: 'Actions ▾' }).click({ timeout: 30_000 });
      await tp.page.getByTestId('parcel-follow').filter({ hasText: 'Follow' }).click();
      await tp.page.getByTestId('parcel-follow-message').filter({ hasText: 'Bookmarked.' }).waitFor();
    }
    // The menu now offers the way back.
    await tp.page.getByTestId('parcel-actions').getByRole('button', { name: 'Actions ▾' }).click();
    expect(await tp.page.getByTestId('parcel-follow').textContent()).toBe('Remove bookmark');

    // A low zoom: one cluster of 3, the smallest circle.
    await tp.page.goto(`${h.server.origin}/#base=street&map=10/${parcels[0]!.lat}/${parcels[0]!.lon}`);
    await waitForIdle(tp.page);
    const cluster = tp.page.getByTestId('bookmark-cluster');
    await cluster.waitFor({ timeout: 30_000 });
    expect(await cluster.count()).toBe(1);
    expect(await cluster.textContent()).toBe('3');
    expect(await cluster.getAttribute('data-size')).toBe('15');
    await screenshot(tp.page, 'follows-cluster');
    // Above the raster max zoom the pins are hidden.
    await tp.page.evaluate(() => window.__map!.jumpTo({ zoom: 16 }));
    await cluster.waitFor({ state: 'detached' });
    expect(await tp.page.getByTestId('bookmark-pin').count()).toBe(0);

    // Follow the place in view from the place header.
    await tp.page.getByTestId('place-actions').getByRole('button', { name: 'Actions ▾' }).click();
    await tp.page.getByTestId('place-follow').filter({ hasText: 'Follow' }).click();
    await tp.page.getByTestId('place-follow-message').filter({ hasText: 'Following.' }).waitFor();

    await tp.page.goto(`${h.server.origin}/notify/follows`);
    const rows = tp.page.getByTestId('bookmark-row');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(3);
    await rows
      .first()
      .getByRole('button', { name: /^Copy link/ })
      .click();
    await tp.page.getByTestId('follows-message').filter({ hasText: 'Link copied to clipboard.' }).waitFor();
    expect(await tp.page.evaluate(() => navigator.clipboard.readText())).toMatch(
      /\/us\/ma\/middlesex\/cambridge\/\d+$/,
    );
    await rows
      .first()
      .getByRole('button', { name: /^Remove bookmark/ })
      .click();
    await tp.page.getByTestId('follows-message').filter({ hasText: 'Bookmark removed.' }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await tp.page.getByTestId('followed-place').locator('a').textContent()).toMatch(/Cambridge/);
    await tp.page.getByTestId('followed-place').getByRole('button', { name: 'Unfollow' }).click();
    await tp.page.getByTestId('follows-message').filter({ hasText: 'Unfollowed.' }).waitFor();
    expect(await tp.page.getByTestId('followed-place').count()).toBe(0);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('explains Actions > Follow when nothing is followed, at phone size', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await signUpIn(tp.context, h.server.origin, 'free');
    await tp.page.goto(`${h.server.origin}/notify/follows`);
    const empty = tp.page.getByTestId('follows-empty');
    await empty.waitFor({ timeout: 30_000 });
    expect(await empty.textContent()).toContain('Actions > Follow');
    expect(await tp.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await tp.context.close();
  });

  it('loads the next page of follows when scrolled within 200 px of the end', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    const user = await signUpIn(tp.context, h.server.origin, 'team');
    await h.server.sql`
      INSERT INTO follows (user_id, kind, path)
      SELECT ${user.id}, 'parcel', path FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 30`;
    await tp.page.goto(`${h.server.origin}/notify/follows`);
    const rows = tp.page.getByTestId('bookmark-row');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(25);
    await tp.page.getByTestId('follows-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await rows.nth(29).waitFor();
    expect(await rows.count()).toBe(30);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
