// Browser tests of issue 15: a Pro user builds a two-question survey with logic in a project and
// saves it, colours the map by @status, a surveyor answers it with a photo on a 390x800 phone, and
// the parcel turns green on the open map and the panel's post count moves, without a reload; answers
// made offline are sent once when the connection returns. Property imagery comes from a local image server, and an anonymous
// visitor's meter reaches its limit.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle, setSideNav } from './browser.ts';
import { useHarness } from './harness.ts';

// A tiny PNG served by the local imagery provider; a tiny JPEG as the surveyor's photo.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
]);

let provider: Server;
const env: Record<string, string> = {};
beforeAll(async () => {
  provider = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(png));
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  Object.assign(env, {
    IMAGERY_STREET_URL: `${base}/street/{lat}/{lon}?h={heading}`,
    IMAGERY_BIRDSEYE_URL: `${base}/birdseye/{lat}/{lon}/{angle}`,
  });
});
afterAll(() => new Promise<void>((done) => provider.close(() => done())));
// Registered after the provider's beforeAll, so the server starts with its URLs in env.
const harness = useHarness(env);

const cambridge = '/us/ma/middlesex/cambridge';

async function aParcel(offset = 0): Promise<{ id: number; path: string; lon: number; lat: number }> {
  const rows = await harness().server.sql<{ id: number; path: string; lon: number; lat: number }[]>`
    SELECT id::int AS id, path, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat
    FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND ST_Area(geom::geography) > 400 ORDER BY id OFFSET ${offset} LIMIT 1`;
  return rows[0]!;
}

/** The rule index the style-rule layer draws for a parcel (undefined while not rendered). */
function ruleOf(page: Page, id: number): Promise<number | undefined> {
  return page.evaluate((pid) => {
    const f = window.__map!.queryRenderedFeatures({ layers: ['style-rules-fill'] }).find((x) => Number(x.id) === pid);
    return f ? Number(f.properties.rule) : undefined;
  }, id);
}

describe('surveys in the browser', () => {
  it('builds a two-question survey with logic, takes a phone answer with a photo, and recolours the parcel live', async () => {
    const h = harness();
    const parcel = await aParcel();
    const owner = await openPage(h.browser, h.server.origin);
    const { page } = owner;
    await signUpIn(owner.context, h.server.origin, 'pro');
    const csrf = (await (await owner.context.request.get(`${h.server.origin}/api/v1/session.json`)).json())
      .csrf_token as string;
    const made = await owner.context.request.post(`${h.server.origin}/projects.json`, {
      data: { name: 'Field walk', query: { path: cambridge } },
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(made.status()).toBe(201);
    const project = await made.json();
    await page.goto(
      `${h.server.origin}${project.path}#base=street&map=18.00/${parcel.lat.toFixed(6)}/${parcel.lon.toFixed(6)}`,
    );
    await waitForIdle(page);

    // The editor: "You are creating a new survey.", two questions, Yes ends the survey.
    await setSideNav(page, true);
    await page.getByTestId('nav-surveys').click();
    await expect
      .poll(() => page.getByTestId('survey-message').textContent(), { timeout: 30_000 })
      .toBe('You are creating a new survey.');
    await page.getByTestId('survey-name').fill('Occupancy walk');
    await page.getByTestId('question-text-0').fill('Is it occupied?');
    await page.getByTestId('answer-0-0').fill('Yes');
    await page.getByTestId('add-answer-0').click();
    await page.getByTestId('answer-0-1').fill('No');
    await page.getByTestId('add-question').click();
    await page.getByTestId('question-text-1').fill('Why is it empty?');
    await page.getByTestId('question-type-1').selectOption('text');
    await page.getByTestId('question-required-1').check();
    await page.getByTestId('answer-next-0-0').selectOption('end');
    // A third, empty question is dropped on save.
    await page.getByTestId('add-question').click();
    await page.getByTestId('survey-save').click();
    await expect.poll(() => page.getByTestId('survey-saved').textContent(), { timeout: 30_000 }).toBe('Survey saved.');
    const [survey] = await h.server.sql<
      { id: number; questions: { answers: unknown }[] }[]
    >`SELECT id::int AS id, questions FROM surveys WHERE project_id = ${project.id}`;
    expect(survey!.questions).toHaveLength(2);
    expect(survey!.questions[0]!.answers).toEqual([
      { label: 'Yes', value: 1, next: 'end' },
      { label: 'No', value: 2 },
    ]);
    await screenshot(page, 'survey-editor');

    // Colour by @status: not surveyed yet, so the parcel takes the default (last) rule.
    await page.getByTestId('survey-colour').click();
    await expect.poll(() => ruleOf(page, parcel.id), { timeout: 30_000 }).toBe(2);
    expect(await page.getByTestId('survey-post-count').textContent()).toBe('0 posts');

    // The surveyor, on a phone: No leads to the required text; the photo is attached.
    const phone = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    await phone.context.addCookies(await owner.context.cookies());
    await phone.page.goto(`${h.server.origin}/survey/${survey!.id}?parcel=${encodeURIComponent(parcel.path)}`);
    await phone.page.getByTestId('survey-form').waitFor();
    await phone.page.getByLabel('No', { exact: true }).check();
    await phone.page.getByTestId('survey-submit').click();
    await expect
      .poll(() => phone.page.getByTestId('survey-form-errors').textContent())
      .toContain('"Why is it empty?" is required');
    await phone.page.getByLabel('Why is it empty?').fill('Boarded up');
    await phone.page
      .getByTestId('survey-photo')
      .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(phone.page, 'survey-form-phone');
    const posted = Date.now();
    await phone.page.getByTestId('survey-submit').click();
    await expect
      .poll(() => phone.page.getByTestId('survey-form-notice').textContent(), { timeout: 30_000 })
      .toBe('Saved. The map shows it now.');

    // The open map turns the parcel green (rule 0, @status is 2) without a reload.
    await expect.poll(() => ruleOf(page, parcel.id), { timeout: 10_000, interval: 100 }).toBe(0);
    const recoloured = Date.now() - posted;
    console.log(`survey post to recoloured parcel: ${recoloured} ms`);
    // The panel's count follows the same live event as the map.
    await expect.poll(() => page.getByTestId('survey-post-count').textContent(), { timeout: 10_000 }).toBe('1 post');
    await screenshot(page, 'survey-recoloured');

    // Offline: the answers wait on the device, then go once when the connection returns.
    await phone.context.setOffline(true);
    await phone.page.getByLabel('Yes', { exact: true }).check();
    await phone.page
      .getByTestId('survey-photo')
      .setInputFiles({ name: 'again.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await phone.page.getByTestId('survey-submit').click();
    await expect
      .poll(() => phone.page.getByTestId('survey-form-notice').textContent(), { timeout: 30_000 })
      .toContain('Saved on this device');
    expect(await phone.page.getByTestId('survey-form-waiting').textContent()).toContain('1 survey waits');
    await phone.context.setOffline(false);
    await expect
      .poll(
        async () =>
          (await h.server.sql`SELECT count(*)::int AS n FROM survey_posts WHERE survey_id = ${survey!.id}`)[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(2);
    await expect.poll(() => page.getByTestId('survey-post-count').textContent(), { timeout: 10_000 }).toBe('2 posts');
    await phone.page.waitForTimeout(500);
    expect(
      (await h.server.sql`SELECT count(*)::int AS n FROM survey_posts WHERE survey_id = ${survey!.id}`)[0]!.n,
    ).toBe(2);
    await phone.context.close();
    await owner.context.close();
  });

  it('shows imagery from the local provider and stops an anonymous visitor at 5 images with the register message', async () => {
    const h = harness();
    const parcel = await aParcel(1);
    const visitor = await openPage(h.browser, h.server.origin);
    const { page } = visitor;
    await page.goto(
      `${h.server.origin}${parcel.path}#base=street&map=18.00/${parcel.lat.toFixed(6)}/${parcel.lon.toFixed(6)}`,
    );
    await page.getByTestId('imagery-panel').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('imagery-meter').textContent(), { timeout: 30_000 })
      .toBe('You can view 5 free images. Register for a free account to keep viewing imagery.');
    for (let i = 0; i < 5; i++) {
      // Alternate views: each switch resets the view, so each image needs its own Show image.
      await page.getByTestId(i % 2 ? 'imagery-birdseye' : 'imagery-street').click();
      await page.getByTestId('imagery-show').click();
      await page.getByTestId('imagery-image').waitFor();
      expect(await page.getByTestId('imagery-image').evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    }
    await page.getByTestId('imagery-street').click();
    await expect
      .poll(() => page.getByTestId('imagery-meter').textContent(), { timeout: 30_000 })
      .toBe('You have viewed your 5 free images. Register for a free account to see more.');
    expect(await page.getByTestId('imagery-show').count()).toBe(0);
    await screenshot(page, 'imagery-limit');
    await visitor.context.close();
  });
});
