// Browser test of followed datasets: a Pro user follows a map layer from the follows page and a stored
// zoning source, shows them on the map ("Added to map.", drawn, still drawn after a reload), removes
// one ("Removed from map."), and sees the failure messages when the source or the follow is gone; a
// signed-in user follows a layer from the layers panel too.
import { describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();
const harvard = '#base=street&map=16/42.3736/-71.1167';

describe('followed datasets on the map', () => {
  it('shows a followed source and layer on the map, keeps them after a reload, removes them, and says when it cannot', async () => {
    const h = harness();
    const origin = h.server.origin;
    const tp = await openPage(h.browser, origin);
    const user = await signUpIn(tp.context, origin, 'pro');
    const session = (await (await tp.context.request.get(`${origin}/api/v1/session.json`)).json()) as {
      csrf_token: string;
    };
    const headers = { 'X-CSRF-Token': session.csrf_token };
    const made = await tp.context.request.post(`${origin}/api/v1/sources`, {
      data: { query: { zoning: true, filters: { zoning: ['BA'] } }, style: { fill: '#ff00ff', line: '#660066' } },
      headers,
    });
    expect(made.status()).toBe(200);
    const sourceId = ((await made.json()) as { id: string }).id;
    const followed = await tp.context.request.post(`${origin}/profile/datasets.json`, {
      data: { dataset: `source:${sourceId}` },
      headers,
    });
    expect(followed.status()).toBe(201);

    // The follows page lists the source; a map layer is followed from there too.
    await tp.page.goto(`${origin}/notify/follows`);
    const rows = tp.page.getByTestId('followed-dataset');
    await rows.first().waitFor({ timeout: 30_000 });
    await tp.page.getByText('Follow a map layer').click();
    await tp.page.getByRole('button', { name: 'Follow dataset Wetlands' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    for (const name of [`Zoning source ${sourceId.slice(0, 8)}`, 'Wetlands']) {
      await rows.filter({ hasText: name }).getByRole('button', { name: 'Show on map' }).click();
      await tp.page.getByTestId('follows-message').filter({ hasText: 'Added to map.' }).waitFor();
      await rows.filter({ hasText: name }).getByRole('button', { name: 'Remove from map' }).waitFor();
    }
    await screenshot(tp.page, 'follow-datasets-page');

    // The map draws both, and again after a reload.
    const drawn = async () => {
      await waitForIdle(tp.page);
      return tp.page.evaluate((id) => {
        const map = window.__map!;
        const zoning = map.getLayer(`dataset-${id}-fill`)
          ? map.queryRenderedFeatures({ layers: [`dataset-${id}-fill`] }).map((f) => f.properties.zoning)
          : [];
        return { zoning: [...new Set(zoning)], wetlands: Boolean(map.getLayer('wetlands-fill')) };
      }, sourceId);
    };
    await tp.page.goto(`${origin}/${harvard}`);
    await expect.poll(drawn, { timeout: 30_000 }).toEqual({ zoning: ['BA'], wetlands: true });
    await screenshot(tp.page, 'follow-datasets-map');
    await tp.page.reload();
    await expect.poll(drawn, { timeout: 30_000 }).toEqual({ zoning: ['BA'], wetlands: true });

    // Removing it: the message, and the map no longer draws it.
    await tp.page.goto(`${origin}/notify/follows`);
    const source = rows.filter({ hasText: `source ${sourceId.slice(0, 8)}` });
    await source.getByRole('button', { name: 'Remove from map' }).click();
    await tp.page.getByTestId('follows-message').filter({ hasText: 'Removed from map.' }).waitFor();
    await tp.page.goto(`${origin}/${harvard}`);
    await expect.poll(drawn, { timeout: 30_000 }).toEqual({ zoning: [], wetlands: true });

    // Failures: a deleted source cannot be shown; a follow that is gone cannot be removed.
    await h.server.sql`DELETE FROM tile_sources WHERE id = ${sourceId}`;
    await tp.page.goto(`${origin}/notify/follows`);
    await source.getByRole('button', { name: 'Show on map' }).click();
    await tp.page.getByTestId('follows-message').filter({ hasText: 'Could not add dataset to the map.' }).waitFor();
    await h.server.sql`DELETE FROM follows WHERE user_id = ${user.id} AND path = 'layer:wetlands'`;
    await rows
      .filter({ hasText: /Wetlands/ })
      .getByRole('button', { name: 'Remove from map' })
      .click();
    await tp.page
      .getByTestId('follows-message')
      .filter({ hasText: 'Could not remove dataset from the map.' })
      .waitFor();
    await screenshot(tp.page, 'follow-datasets-failure');
    // The two refused requests are the only console errors.
    expect(tp.errors.filter((e) => !/404 \(Not Found\)/.test(e))).toEqual([]);
    expect(tp.errors).toHaveLength(2);
    await tp.context.close();
  });

  it('follows a layer from the layers panel, which the follows page then lists, and offers no button signed out', async () => {
    const h = harness();
    const origin = h.server.origin;
    const tp = await openPage(h.browser, origin, { width: 1440, height: 900 });
    await tp.page.goto(`${origin}/${harvard}`);
    await waitForIdle(tp.page);
    await tp.page.getByTestId('open-layers').click();
    await tp.page.getByTestId('layer-entry-open-space').waitFor({ timeout: 30_000 });
    expect(await tp.page.getByTestId('layer-entry-open-space').getByTestId('follow-dataset').count()).toBe(0);
    // The panel stays open across loads once opened: closed here so the button below opens it.
    await tp.page.getByRole('button', { name: 'Close Layers' }).click();

    await signUpIn(tp.context, origin, 'free');
    // The same URL again would only be a hash change: a reload reads the new session.
    await tp.page.reload();
    await waitForIdle(tp.page);
    await tp.page.getByTestId('open-layers').click();
    const entry = tp.page.getByTestId('layer-entry-open-space');
    await entry.getByRole('button', { name: 'Follow dataset Open Space' }).click();
    await entry.getByTestId('follow-dataset-message').filter({ hasText: 'Following.' }).waitFor();
    await entry.getByRole('button', { name: 'Unfollow dataset Open Space' }).waitFor();
    await screenshot(tp.page, 'follow-datasets-layers-panel');

    await tp.page.goto(`${origin}/notify/follows`);
    await tp.page.getByTestId('followed-dataset').filter({ hasText: 'Open Space' }).waitFor({ timeout: 30_000 });
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('lists datasets with their buttons at phone size', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await signUpIn(tp.context, h.server.origin, 'free');
    await tp.page.goto(`${h.server.origin}/notify/follows`);
    await tp.page.getByTestId('followed-datasets').waitFor({ timeout: 30_000 });
    await tp.page.getByText('Follow a map layer').click();
    await tp.page.getByRole('button', { name: 'Follow dataset Zoning' }).click();
    await tp.page.getByTestId('followed-dataset').getByRole('button', { name: 'Show on map' }).click();
    await tp.page.getByTestId('follows-message').filter({ hasText: 'Added to map.' }).waitFor();
    const width = await tp.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(tp.page, 'follow-datasets-phone');
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
