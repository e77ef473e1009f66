// Browser tests of projects: a Pro user creates a project for Cambridge from #a=new-project, styles it
// (Year Built less than 1900 in red: red exactly where SQL says), sees the unsaved warning, saves,
// reloads into the same rules and legend, reorders two rules (the first match wins), saves the project
// home elsewhere, and shares it with a guest who sees it read-only with the sharer's name. A user
// without a plan is offered the upgrade, and the Projects dashboard lists the project.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { useHarness } from './harness.ts';
import { hoverTooltip } from './tooltip.ts';

const harness = useHarness();
const cambridge = '/us/ma/middlesex/cambridge';
const cambridgeView = 'map=11.00/42.37500/-71.11000';

async function styleSourceId(page: Page, previous: string | null): Promise<string> {
  await page.waitForFunction(
    (prev) => {
      const id = (window.__map?.getLayer('style-rules-fill') as { metadata?: { styleRulesId?: string } } | undefined)
        ?.metadata?.styleRulesId;
      return id !== undefined && id !== prev;
    },
    previous,
    { timeout: 30_000 },
  );
  await waitForIdle(page);
  return page.evaluate(
    () =>
      (window.__map!.getLayer('style-rules-fill') as unknown as { metadata: { styleRulesId: string } }).metadata
        .styleRulesId,
  );
}

/** Rendered parcels of the style-rule layer with the rule each matched. */
function renderedRules(page: Page): Promise<{ id: number; rule: number }[]> {
  return page.evaluate(() =>
    window
      .__map!.queryRenderedFeatures({ layers: ['style-rules-fill'] })
      .map((f) => ({ id: Number(f.id), rule: Number(f.properties.rule) })),
  );
}

async function addRule(page: Page, index: number, value: string, fill: string): Promise<void> {
  await page.getByTestId('add-style-rule').click();
  await page.locator(`[data-testid="rule-field-${index}"] option[value="yearbuilt"]`).waitFor({ state: 'attached' });
  await page.getByTestId(`rule-field-${index}`).selectOption('yearbuilt');
  await page.getByTestId(`rule-predicate-${index}`).selectOption('lt');
  await page.getByTestId(`rule-value-${index}`).fill(value);
  await page.getByTestId(`rule-fill-${index}`).fill(fill);
}

describe('projects in the browser', () => {
  it('creates, styles, saves, reopens, reorders and shares a project for Cambridge', async () => {
    const h = harness();
    const owner = await openPage(h.browser, h.server.origin);
    const { page } = owner;
    await signUpIn(owner.context, h.server.origin, 'pro');

    // #a=new-project opens the dialog and leaves the hash.
    await page.goto(`${h.server.origin}${cambridge}#base=street&${cambridgeView}&a=new-project`);
    const dialog = page.getByTestId('new-project-dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => location.hash)).not.toContain('a=new-project');
    // The home is the place the map shows, known once the place page has loaded (seconds on a busy machine).
    await expect
      .poll(() => page.getByTestId('new-project-home').textContent(), { timeout: 30_000 })
      .toContain('Cambridge');
    await page.getByTestId('new-project-name').fill('Old Cambridge');
    await page.getByTestId('new-project-create').click();
    await page.waitForURL(/\/g\/[a-z0-9-]+\/maps\/old-cambridge/);
    const projectPath = new URL(page.url()).pathname.match(/^\/g\/[a-z0-9-]+\/maps\/old-cambridge/)![0];
    await waitForIdle(page);
    await page.getByTestId('open-project').click();
    await expect.poll(() => page.getByTestId('project-name').textContent(), { timeout: 30_000 }).toBe('Old Cambridge');
    expect(await page.getByTestId('project-home').textContent()).toContain('Cambridge');

    // A rule at a close zoom over old houses: red exactly where SQL says yearbuilt < 1900.
    const [old] = await h.server.sql<{ lon: number; lat: number }[]>`
      SELECT ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat FROM parcels
      WHERE path LIKE ${`${cambridge}/%`} AND yearbuilt < 1900 ORDER BY id LIMIT 1`;
    await page.evaluate((ll) => window.__map!.jumpTo({ center: ll, zoom: 17 }), [old!.lon, old!.lat] as [
      number,
      number,
    ]);
    await page.getByTestId('open-style').click();
    await addRule(page, 0, '1900', '#ff0000');
    // A filter narrows the parcels the style draws: built in 1850 or later.
    await page.getByTestId('add-filter').click();
    await page.getByTestId('filter-field-0').selectOption('yearbuilt');
    expect(await hoverTooltip(page.getByTestId('apply-hint'))).toBe('All filters must have completed fields to Apply');
    await page.getByTestId('filter-gte-0').fill('1850');
    await page.getByTestId('apply-style-rules').click();
    const first = await styleSourceId(page, null);
    const rendered = await renderedRules(page);
    const ids = [...new Set(rendered.map((f) => f.id))];
    expect(ids.length).toBeGreaterThan(3);
    const rows = await h.server.sql<{ id: number; old: boolean; kept: boolean }[]>`
      SELECT id, coalesce(yearbuilt < 1900, false) AS old, coalesce(yearbuilt >= 1850, false) AS kept FROM parcels WHERE id = ANY(${ids})`;
    expect(rows.every((r) => r.kept)).toBe(true);
    const oldById = new Map(rows.map((r) => [Number(r.id), r.old]));
    for (const f of rendered) expect(f.rule === 0).toBe(oldById.get(f.id));
    const [dropped] = await h.server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND yearbuilt < 1850`;
    expect(dropped!.n).toBeGreaterThan(0);

    // Unsaved: Save is highlighted with a warning; saving clears both.
    await page.getByTestId('open-project').click();
    await page.getByTestId('project-unsaved').waitFor();
    expect(await page.getByTestId('project-save').getAttribute('class')).toContain('highlighted');
    await screenshot(page, 'project-unsaved');
    await page.getByTestId('project-save').click();
    await page.getByTestId('project-unsaved').waitFor({ state: 'detached' });

    // Reload: the saved rule draws again, the legend lists it, the panel has it.
    await page.reload();
    expect(await styleSourceId(page, null)).toBe(first);
    await page.getByTestId('open-legend').click();
    await expect
      .poll(() => page.getByTestId('style-legend').textContent(), { timeout: 30_000 })
      .toContain('Year Built less than 1900');
    await page.getByTestId('open-style').click();
    expect(await page.getByTestId('rule-value-0').inputValue()).toBe('1900');
    expect(await page.getByTestId('filter-gte-0').inputValue()).toBe('1850');

    // A wider blue rule dragged above the red one: every pre-3000 parcel now matches rule 0 first.
    await addRule(page, 1, '3000', '#0000ff');
    await page.getByTestId('rule-handle-1').dragTo(page.getByTestId('style-rule-0'));
    expect(await page.getByTestId('rule-value-0').inputValue()).toBe('3000');
    await page.getByTestId('apply-style-rules').click();
    const reordered = await styleSourceId(page, first);
    expect(reordered).not.toBe(first);
    const after = await renderedRules(page);
    const years = new Map(
      (
        await h.server.sql<{ id: number; built: boolean }[]>`
      SELECT id, yearbuilt IS NOT NULL AS built FROM parcels WHERE id = ANY(${[...new Set(after.map((f) => f.id))]})`
      ).map((r) => [Number(r.id), r.built]),
    );
    for (const f of after) expect(f.rule === 0).toBe(years.get(f.id));
    // A save that fails (the network is gone) keeps the unsaved state and says so.
    await page.getByTestId('open-project').click();
    await page.getByTestId('project-unsaved').waitFor();
    await owner.context.setOffline(true);
    await page.getByTestId('project-save').click();
    await expect
      .poll(() => page.getByTestId('project-save-problem').textContent(), { timeout: 30_000 })
      .toContain('Your changes are not saved');
    expect(await page.getByTestId('project-unsaved').count()).toBe(1);
    await owner.context.setOffline(false);
    // Reset goes back to the saved rules (red first).
    await page.getByTestId('open-style').click();
    await page.getByTestId('reset-style-rules').click();
    expect(await page.getByTestId('rule-value-0').inputValue()).toBe('1900');
    expect(await page.getByTestId('style-rule-1').count()).toBe(0);

    // Elsewhere in Cambridge at zoom 13 the header offers a new home: a neighbourhood.
    const before = await page.getByTestId('current-place').textContent();
    await page.evaluate(() => window.__map!.jumpTo({ center: [-71.105, 42.3735], zoom: 13 }));
    await waitForIdle(page);
    const prompt = page.getByTestId('save-home-prompt');
    // The header follows the map once the places at the new centre are known: wait for the two to agree.
    await expect
      .poll(
        async () => {
          const place = await page.getByTestId('current-place').textContent();
          return (
            place !== before &&
            (await prompt.count()) === 1 &&
            (await prompt.textContent()) === `Save your project home to ${place}?`
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const offered = (await page.getByTestId('current-place').textContent())!;
    expect(offered).not.toBe('Cambridge');
    await prompt.click();
    await prompt.waitFor({ state: 'detached' });
    await page.getByTestId('open-project').click();
    await expect.poll(() => page.getByTestId('project-home').textContent(), { timeout: 30_000 }).toContain(offered);

    // Share: a guest opens the link, sees the project and who shared it, and cannot save.
    await page.getByTestId('project-share').click();
    const shareUrl = await page.getByTestId('project-share-url').inputValue();
    expect(shareUrl).toContain(`${projectPath}?share=`);
    const guest = await openPage(h.browser, h.server.origin);
    await guest.page.goto(shareUrl);
    await waitForIdle(guest.page);
    await guest.page.getByTestId('open-project').click();
    await expect
      .poll(() => guest.page.getByTestId('project-name').textContent(), { timeout: 30_000 })
      .toBe('Old Cambridge');
    expect(await guest.page.getByTestId('project-save').isDisabled()).toBe(true);
    expect(await guest.page.getByTestId('project-delete').isDisabled()).toBe(true);
    expect(await guest.page.getByTestId('project-guest').textContent()).toContain('Shared by pro tester');
    await guest.page.getByTestId('logo-button').click();
    expect(await guest.page.getByTestId('logo-sharer').textContent()).toBe('pro tester');
    await styleSourceId(guest.page, null);
    await screenshot(guest.page, 'project-guest');
    // The server refuses the guest's save, whatever the UI shows.
    const share = new URL(shareUrl).searchParams.get('share')!;
    const put = await guest.context.request.put(`${h.server.origin}${projectPath}.json?share=${share}`, {
      data: { name: 'Taken' },
    });
    expect(put.status()).toBe(403);
    // Stop sharing (low 20): the owner's panel offers it, and the guest's link stops working at once.
    await page.getByTestId('project-stop-sharing').click();
    await page.getByTestId('project-shared').waitFor({ state: 'detached' });
    const afterStop = await guest.context.request.get(`${h.server.origin}${projectPath}.json?share=${share}`);
    expect(afterStop.status()).toBe(404);

    // Without the link, another signed-in user gets "not found".
    const stranger = await openPage(h.browser, h.server.origin);
    await signUpIn(stranger.context, h.server.origin, 'pro');
    await stranger.page.goto(`${h.server.origin}${projectPath}`);
    await stranger.page.getByTestId('open-project').click();
    await expect
      .poll(() => stranger.page.getByTestId('project-load-failed').textContent(), { timeout: 30_000 })
      .toContain('does not exist');

    // The dashboard lists the project with the plan's count.
    await page.goto(`${h.server.origin}/profile`);
    await page.getByTestId('project-card').first().waitFor();
    expect(await page.getByTestId('project-card-link').textContent()).toBe('Old Cambridge');
    expect(await page.getByTestId('projects-count').textContent()).toContain('1 project of 5 on your plan');
    for (const tp of [owner, guest, stranger]) {
      // The stranger's 404 and the offline save are expected failures; nothing else may fail.
      expect(tp.errors.filter((e) => !e.includes('404') && !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
      await tp.context.close();
    }
  });

  it('offers the upgrade instead of a new project to a user without a plan, on a phone-sized screen too', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await signUpIn(tp.context, h.server.origin, 'free');
    await tp.page.goto(`${h.server.origin}${cambridge}#base=street&${cambridgeView}&a=new-project`);
    await tp.page.getByTestId('new-project-upsell').waitFor();
    expect(await tp.page.getByTestId('new-project-upsell').textContent()).toContain(
      'Saved projects are available to Pro customers.',
    );
    await screenshot(tp.page, 'project-upsell-phone');
    await tp.page.goto(`${h.server.origin}/profile`);
    await tp.page.getByTestId('projects-upsell').waitFor();
    const box = await tp.page.getByTestId('projects-upsell').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });
});
