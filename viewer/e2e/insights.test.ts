// Browser tests of the #insights tab: Cambridge's General Info figures and land-use chart as Pro, the
// Top Owners chart and its paging (8 per page), hide, select and the owner highlight toggle on
// Somerville (Cambridge's data has no owner names), the Pro tabs' messages for anonymous visitors, and
// the Ask A.I. panel answering from a local OpenAI-compatible server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle } from './browser.ts';
import { useHarness } from './harness.ts';
import { hoverTooltip } from './tooltip.ts';

const cambridge = '/us/ma/middlesex/cambridge';
const somerville = '/us/ma/middlesex/somerville';
const prompts: string[] = [];
let ai: Server;
// Filled before the harness starts its server (hooks run in the order they are declared).
const env: Record<string, string> = {};
beforeAll(async () => {
  ai = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      const body = JSON.parse(text);
      prompts.push(body.messages[1].content);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Local model says: mostly homes.' },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((done) => ai.listen(0, '127.0.0.1', done));
  env.AI_BASE_URL = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;
});
afterAll(() => void ai?.close());
const harness = useHarness(env);

const insightsUrl = (origin: string, path: string, lat: number, lon: number) =>
  `${origin}${path}#insights&base=street&map=13/${lat}/${lon}`;

describe('the #insights tab in the browser', () => {
  it('shows Cambridge’s General Info figures and land-use chart, and Somerville’s Top Owners with paging, hide, select and the owner highlight, as Pro', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    await signUpIn(tp.context, h.server.origin, 'pro');
    await tp.page.goto(insightsUrl(h.server.origin, cambridge, 42.375, -71.11));
    const tab = tp.page.getByTestId('insights-tab');
    await tab.getByTestId('insights-highlights').waitFor({ timeout: 30_000 });
    const { count } = (
      await h.server.sql<
        { count: number }[]
      >`SELECT count(*)::int AS count FROM parcels WHERE path LIKE ${`${cambridge}/%`}`
    )[0]!;
    expect(await tab.locator('[data-highlight="parcels"] dd').textContent()).toBe(count.toLocaleString('en-US'));
    expect(await tab.getByTestId('insights-headline').textContent()).toContain('Cambridge');
    for (const name of ['General Info', 'Land Use & Zoning', 'Vacancy', 'Ownership'])
      expect(await tab.getByRole('tab', { name }).count()).toBe(1);

    await tab.getByRole('tab', { name: 'Land Use & Zoning' }).click();
    const landUse = tab.getByTestId('land-use-chart');
    await landUse.locator('.chart-bar').first().waitFor();
    expect(await landUse.locator('.chart-bar').count()).toBeGreaterThan(1);
    // Each bar is reachable by keyboard and names its count; focus shows the tooltip.
    await landUse.locator('.chart-bar[data-label="Residential"]').focus();
    expect(await landUse.getByTestId('chart-tooltip').textContent()).toMatch(
      /^ResidentialParcels: [\d,]+ \([\d.<]+%\)$/,
    );
    await screenshot(tp.page, 'insights-land-use');
    const { residential } = (
      await h.server.sql<{ residential: number }[]>`
      SELECT count(*)::int AS residential FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND lbcs_activity >= 1000 AND lbcs_activity < 2000`
    )[0]!;
    expect(await tab.locator('[data-category="residential"] td').nth(1).textContent()).toBe(
      residential.toLocaleString('en-US'),
    );
    await tab.getByRole('tab', { name: 'Ownership' }).click();
    await tab.getByTestId('no-owners').waitFor();

    await tp.page.goto(insightsUrl(h.server.origin, somerville, 42.3875, -71.0995));
    await tab.getByTestId('insights-highlights').waitFor({ timeout: 30_000 });
    await tab.getByRole('tab', { name: 'Ownership' }).click();
    const chart = tab.getByTestId('top-owners-chart');
    await chart.locator('.chart-bar').first().waitFor();
    expect(await chart.locator('.chart-bar').count()).toBe(8);
    expect(await chart.locator('.chart-bar-fill').first().getAttribute('fill')).toBe('#7cb5ec');
    const ticks = await chart.locator('.chart-bar .chart-tick').allTextContents();
    expect(ticks).toHaveLength(8);
    expect(ticks.every((t) => t.length <= 4)).toBe(true);
    const list = tab.getByTestId('owner-list').locator('li');
    expect(await list.count()).toBe(8);
    const firstPage = await list.first().getAttribute('data-owner');
    // Owners are grouped by owner_key: each group named by its most common published spelling.
    const owners = await h.server.sql<{ owner: string; spellings: number }[]>`
      SELECT (array_agg(owner ORDER BY n DESC, owner COLLATE "C"))[1] AS owner, count(*)::int AS spellings, sum(n) AS count
      FROM (SELECT owner, count(*) AS n FROM parcels WHERE path LIKE ${`${somerville}/%`} AND owner IS NOT NULL GROUP BY owner) s
      GROUP BY owner_key(owner) ORDER BY count DESC, owner LIMIT 9`;
    expect(firstPage).toBe(owners[0]!.owner);
    // Somerville spells one trustee two ways: one row, its label, "2 spellings".
    const grouped = owners.slice(0, 8).find((o) => o.spellings > 1)!;
    expect(grouped).toMatchObject({ owner: 'NOLAN ROSEMARY TRSTEE', spellings: 2 });
    const groupedRow = tab.getByTestId('owner-list').locator(`li[data-owner="${grouped.owner}"]`);
    expect(await groupedRow.getAttribute('data-spellings')).toBe('2');
    expect(await groupedRow.textContent()).toContain('7 parcels · 2 spellings');
    expect(await tab.locator('[data-owner="NOLAN ROSEMARY TRUSTEE"]').count()).toBe(0);
    await tab.getByRole('button', { name: 'Next owners' }).click();
    expect(await list.first().getAttribute('data-owner')).toBe(owners[8]!.owner);
    expect(await tab.getByTestId('owner-page').textContent()).toMatch(/^Page 2 of \d+$/);
    await tab.getByRole('button', { name: 'Previous owners' }).click();

    // The eye hides a bar; pressing it again shows it.
    await list.first().getByTestId('owner-eye').click();
    expect(await chart.locator('.chart-bar').count()).toBe(7);
    await list.first().getByTestId('owner-eye').click();
    expect(await chart.locator('.chart-bar').count()).toBe(8);
    // Select toggles the Selected Owner panel.
    await list.first().locator('.owner-name').click();
    expect(await tab.getByTestId('selected-owner').textContent()).toContain(firstPage);
    await list.first().locator('.owner-name').click();
    expect(await tab.getByTestId('selected-owner').textContent()).toContain('Select an owner');
    // Hovering a bar marks its row and names the owner in full; clicking it selects, again unselects.
    const firstBar = chart.locator('.chart-bar').first();
    await firstBar.hover();
    expect(await list.first().getAttribute('data-hovered')).toBe('true');
    expect(await chart.getByTestId('chart-tooltip').textContent()).toContain(firstPage);
    expect(await chart.locator('.chart-bar-fill').first().getAttribute('fill')).toBe('#434348');
    await firstBar.click();
    expect(await tab.getByTestId('selected-owner').textContent()).toContain(firstPage);
    expect(await firstBar.getAttribute('aria-pressed')).toBe('true');
    await firstBar.press('Enter');
    expect(await tab.getByTestId('selected-owner').textContent()).toContain('Select an owner');

    // The owner highlight puts { owner: [name] } in force, and pressing again restores the filters before it.
    const highlight = list.first().getByTestId('owner-list-highlight');
    expect(await highlight.getAttribute('aria-pressed')).toBe('false');
    await highlight.click();
    expect(await highlight.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse((await highlight.getAttribute('data-active-filters'))!)).toEqual({ owner: [firstPage] });
    await screenshot(tp.page, 'insights-top-owners');
    await highlight.click();
    expect(await highlight.getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse((await highlight.getAttribute('data-active-filters'))!)).toEqual({});
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('shows the Pro tabs’ messages to an anonymous visitor, a locked owner highlight, and answers the free A.I. question from the local provider', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    await tp.page.goto(insightsUrl(h.server.origin, somerville, 42.3875, -71.0995));
    const tab = tp.page.getByTestId('insights-tab');
    await tab.getByTestId('insights-highlights').waitFor({ timeout: 30_000 });
    expect(await hoverTooltip(tab.getByRole('tab', { name: 'Land Use & Zoning' }).locator('xpath=..'))).toBe(
      'Land Use & Zoning insights are available to Pro customers',
    );
    expect(await hoverTooltip(tab.getByRole('tab', { name: 'Vacancy' }).locator('xpath=..'))).toBe(
      'Vacancy insights are available to Pro customers',
    );
    await tab.getByRole('tab', { name: 'Vacancy' }).click();
    expect(await tab.getByTestId('insights-gated').textContent()).toContain(
      'Vacancy insights are available to Pro customers',
    );
    await tab.getByRole('tab', { name: 'Ownership' }).click();
    await tab.getByTestId('owner-list').waitFor();
    expect(await tab.getByTestId('owner-list-highlight').first().isDisabled()).toBe(true);
    expect(await hoverTooltip(tab.getByTestId('owner-list-highlight-hint').first())).toBe(
      'Owner highlights are available to Pro customers.',
    );

    await tab.getByRole('tab', { name: 'General Info' }).click();
    const panel = tab.getByTestId('insights-ask-ai');
    expect(await panel.getByTestId('ai-question-land_use').isDisabled()).toBe(true);
    expect(await panel.getByRole('link', { name: 'Upgrade to Pro' }).count()).toBeGreaterThan(0);
    await panel.getByTestId('ai-ask').click();
    await panel.getByTestId('ai-answer').waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('ai-answer').textContent()).toBe('Local model says: mostly homes.');
    expect(prompts.at(-1)).toContain('Place: Somerville, MA');
    expect(await tab.getByTestId('insights-wikipedia').textContent()).toContain(
      "Oops! We couldn't find a Wikipedia page for this place.",
    );
    // A state is too broad for the US-only sections: their tabs say so.
    await tab.getByTestId('insights-place').selectOption('/us/ma');
    await tab.getByTestId('insights-headline').filter({ hasText: 'Massachusetts' }).waitFor({ timeout: 30_000 });
    expect(await hoverTooltip(tab.getByRole('tab', { name: 'Ownership' }).locator('xpath=..'))).toBe(
      'Ownership insights are not available for this region',
    );
    expect(await hoverTooltip(tab.getByRole('tab', { name: 'Land Use & Zoning' }).locator('xpath=..'))).toBe(
      'Land Use & Zoning insights are not available for this region',
    );
    expect(tp.errors).toEqual([]);
    await tp.context.close();
  });

  it('replaces the tabs with a select at phone size and stays within the screen', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await tp.page.goto(insightsUrl(h.server.origin, cambridge, 42.375, -71.11));
    const tab = tp.page.getByTestId('insights-tab');
    await tab.getByTestId('insights-highlights').waitFor({ timeout: 30_000 });
    expect(await tab.getByTestId('insights-tab-select').isVisible()).toBe(true);
    expect(await tab.getByRole('tab', { name: 'General Info' }).isVisible()).toBe(false);
    await tab.getByTestId('insights-tab-select').selectOption('landUse');
    expect(await tab.getByTestId('insights-gated').textContent()).toContain(
      'Land Use & Zoning insights are available to Pro customers',
    );
    expect(await tp.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(tp.page, 'insights-phone');
    // A place without parcels: Place Not Available with the request form.
    await tp.page.goto(`${h.server.origin}/us/tx#insights&base=street&map=6/31/-99`);
    await tab.getByTestId('place-not-available').waitFor({ timeout: 30_000 });
    expect(await tab.getByTestId('insights-tab-select').inputValue()).toBe('unavailable');
    expect(await tab.getByTestId('place-not-available').textContent()).toContain('Place Not Available');
    await tp.context.close();
  });

  it('toggles the owner highlight from the parcel pane as Pro, locks it for free users, and the Buy Data Files link reaches the store’s list of states', async () => {
    const h = harness();
    const [parcel] = await h.server.sql<{ path: string; owner: string; lon: number; lat: number }[]>`
      SELECT path, owner, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat
      FROM parcels WHERE path LIKE ${`${somerville}/%`} AND owner IS NOT NULL ORDER BY path LIMIT 1`;
    const tp = await openPage(h.browser, h.server.origin);
    await signUpIn(tp.context, h.server.origin, 'pro');
    await tp.page.goto(`${h.server.origin}${parcel!.path}#base=street&map=18/${parcel!.lat}/${parcel!.lon}`);
    const button = tp.page.locator('[data-highlight="owner"]').getByTestId('owner-highlight');
    await button.waitFor({ timeout: 30_000 });
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse((await button.getAttribute('data-active-filters'))!)).toEqual({ owner: [parcel!.owner] });
    // The map draws the highlight over exactly the parcels SQL gives that owner.
    await tp.page.waitForFunction(() => Boolean(window.__map?.getLayer('style-rules-fill')), undefined, {
      timeout: 30_000,
    });
    await waitForIdle(tp.page);
    await tp.page.evaluate(() => window.__map!.jumpTo({ zoom: 16 }));
    await waitForIdle(tp.page);
    const drawn = await tp.page.evaluate(() => [
      ...new Set(window.__map!.queryRenderedFeatures({ layers: ['style-rules-fill'] }).map((f) => Number(f.id))),
    ]);
    expect(drawn.length).toBeGreaterThan(0);
    const owners = await h.server.sql<{ owner: string }[]>`SELECT DISTINCT owner FROM parcels WHERE id = ANY(${drawn})`;
    expect(owners.map((o) => o.owner)).toEqual([parcel!.owner]);
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse((await button.getAttribute('data-active-filters'))!)).toEqual({});
    await tp.page.waitForFunction(() => !window.__map!.getLayer('style-rules-fill'), undefined, { timeout: 30_000 });
    await tp.context.close();

    const free = await openPage(h.browser, h.server.origin);
    await signUpIn(free.context, h.server.origin, 'free');
    await free.page.goto(`${h.server.origin}${parcel!.path}#base=street&map=18/${parcel!.lat}/${parcel!.lon}`);
    const locked = free.page.locator('[data-highlight="owner"]').getByTestId('owner-highlight');
    await locked.waitFor({ timeout: 30_000 });
    expect(await locked.isDisabled()).toBe(true);
    expect(await hoverTooltip(free.page.locator('[data-highlight="owner"]').getByTestId('owner-highlight-hint'))).toBe(
      'Owner highlights are available to Pro customers.',
    );

    await free.page.goto(insightsUrl(h.server.origin, somerville, 42.3875, -71.0995));
    await free.page.getByTestId('insights-buy-data').getByRole('link', { name: 'Shop Data Store' }).click();
    await free.page.getByTestId('store-states').waitFor({ timeout: 30_000 });
    expect(
      await free.page.getByTestId('store-states').getByRole('link', { name: 'Massachusetts' }).getAttribute('href'),
    ).toBe('/store/us/ma');
    expect(free.errors).toEqual([]);
    await free.context.close();
  });
});
