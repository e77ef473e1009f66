// Browser tests of share-link guests and surveys: an anonymous visitor opens a shared project's link
// and sees its survey read-only under the promo message (desktop, with the map coloured by the
// survey's posts), and on a 390x800 phone, where signing in without a plan turns the promo into the
// upgrade message over the same read-only survey.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { surveyTexts } from '@parcel-map/contracts/workspace/surveys';
import { signUpIn } from './accounts.ts';
import { openPage, screenshot, waitForIdle, type TestPage, setSideNav } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness();
const cambridge = '/us/ma/middlesex/cambridge';
const questions = [
  {
    id: 'occupied',
    question: 'Is it occupied?',
    column: 'occupied',
    answers: [{ label: 'Yes', next: 'end' }, { label: 'No' }],
  },
  { id: 'why', question: 'Why is it empty?', column: 'why', answers: 'textarea' },
];

interface SharedSurvey {
  shareUrl: string;
  surveyId: number;
  parcel: { id: number; lat: number; lon: number };
}

/** A Pro owner's project with a survey, one surveyed parcel, and a share link, made through the API. */
async function sharedSurvey(): Promise<SharedSurvey> {
  const h = harness();
  const owner = await openPage(h.browser, h.server.origin);
  await signUpIn(owner.context, h.server.origin, 'pro');
  const api = owner.context.request;
  const csrf = (await (await api.get(`${h.server.origin}/api/v1/session.json`)).json()).csrf_token as string;
  const headers = { 'X-CSRF-Token': csrf };
  const project = await (
    await api.post(`${h.server.origin}/projects.json`, {
      data: { name: 'Shared walk', query: { path: cambridge } },
      headers,
    })
  ).json();
  const survey = await api.post(`${h.server.origin}/surveys.json`, {
    data: { map_id: project.id, name: 'Occupancy walk', questions: JSON.stringify(questions), photo_required: '0' },
    headers,
  });
  expect(survey.status()).toBe(201);
  const surveyId = (await survey.json()).id as number;
  const [parcel] = await h.server.sql<{ id: number; path: string; lon: number; lat: number }[]>`
    SELECT id::int AS id, path, ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat
    FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND ST_Area(geom::geography) > 400 ORDER BY id LIMIT 1`;
  const post = await api.post(`${h.server.origin}/surveys/${surveyId}/posts.json`, {
    data: {
      client_id: crypto.randomUUID(),
      parcel_path: parcel!.path,
      status: '2',
      answers: JSON.stringify({ occupied: 'Yes' }),
    },
    headers,
  });
  expect(post.status()).toBe(201);
  const share = await (await api.post(`${h.server.origin}${project.path}/share.json`, { headers })).json();
  await owner.context.close();
  return { shareUrl: `${h.server.origin}${project.path}?share=${share.share}`, surveyId, parcel: parcel! };
}

async function openSurveys(page: Page): Promise<void> {
  await setSideNav(page, true);
  await page.getByTestId('nav-surveys').click();
}

/** The survey shows read-only: its questions in disabled inputs, no tools, no save, no new survey, no csv. */
async function expectReadOnlySurvey(tp: TestPage): Promise<void> {
  const { page } = tp;
  await expect
    .poll(() => page.getByTestId('question-text-0').inputValue(), { timeout: 30_000 })
    .toBe('Is it occupied?');
  expect(await page.getByTestId('question-text-1').inputValue()).toBe('Why is it empty?');
  expect(await page.getByTestId('answer-0-0').inputValue()).toBe('Yes');
  for (const id of [
    'survey-name',
    'question-text-0',
    'question-text-1',
    'answer-0-0',
    'question-type-0',
    'question-remove-0',
    'add-answer-0',
    'survey-photo-required',
  ]) {
    expect(await page.getByTestId(id).isDisabled(), id).toBe(true);
  }
  for (const id of ['survey-save', 'add-question', 'survey-preset', 'survey-csv', 'survey-form-link']) {
    expect(await page.getByTestId(id).count(), id).toBe(0);
  }
  expect(await page.getByTestId('survey-chooser').locator('option').allTextContents()).toEqual(['Occupancy walk']);
}

/** The rule index the style-rule layer draws for a parcel (undefined while not rendered). */
function ruleOf(page: Page, id: number): Promise<number | undefined> {
  return page.evaluate((pid) => {
    // Asking before the layer exists would log a map error.
    if (!window.__map!.getLayer('style-rules-fill')) return undefined;
    const f = window.__map!.queryRenderedFeatures({ layers: ['style-rules-fill'] }).find((x) => Number(x.id) === pid);
    return f ? Number(f.properties.rule) : undefined;
  }, id);
}

describe("a shared project's surveys for guests", () => {
  it('shows an anonymous guest the survey read-only under the promo message, and colours the map by its posts', async () => {
    const h = harness();
    const { shareUrl, parcel } = await sharedSurvey();
    const guest = await openPage(h.browser, h.server.origin);
    await guest.page.goto(`${shareUrl}#base=street&map=18.00/${parcel.lat.toFixed(6)}/${parcel.lon.toFixed(6)}`);
    await waitForIdle(guest.page);
    await openSurveys(guest.page);
    await expect
      .poll(() => guest.page.getByTestId('survey-message').textContent(), { timeout: 30_000 })
      .toBe(surveyTexts.promo);
    expect(await guest.page.getByTestId('survey-panel').getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    await expectReadOnlySurvey(guest);
    expect(await guest.page.getByTestId('survey-results').textContent()).toContain('1 post');

    // The survey's map layer: the surveyed parcel takes the first (green) rule.
    await guest.page.getByTestId('survey-colour').click();
    await expect.poll(() => ruleOf(guest.page, parcel.id), { timeout: 30_000 }).toBe(0);
    await screenshot(guest.page, 'survey-guest');
    expect(guest.errors).toEqual([]);
  });

  it('fits a 390x800 phone, and shows the upgrade message once the guest signs in without a plan', async () => {
    const h = harness();
    const { shareUrl, parcel } = await sharedSurvey();
    const phone = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const view = `#base=street&map=17.00/${parcel.lat.toFixed(6)}/${parcel.lon.toFixed(6)}`;
    await phone.page.goto(`${shareUrl}${view}`);
    await waitForIdle(phone.page);
    await openSurveys(phone.page);
    await expect
      .poll(() => phone.page.getByTestId('survey-message').textContent(), { timeout: 30_000 })
      .toBe(surveyTexts.promo);
    await expectReadOnlySurvey(phone);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone.page, 'survey-guest-phone');

    await signUpIn(phone.context, h.server.origin, 'free');
    await phone.page.goto(`${shareUrl}${view}`);
    await waitForIdle(phone.page);
    await openSurveys(phone.page);
    await expect
      .poll(() => phone.page.getByTestId('survey-message').textContent(), { timeout: 30_000 })
      .toBe(surveyTexts.upgrade);
    expect(await phone.page.getByTestId('survey-panel').getByRole('link', { name: 'Upgrade to Pro' }).isVisible()).toBe(
      true,
    );
    await expectReadOnlySurvey(phone);
    expect(phone.errors).toEqual([]);
  });
});
