// The phone sweep: every page of page-routes.tsx and every panel of the map screen at 390x800, side by
// side, with real data (a saved project, a survey, a bookmark, a cart item). Each view must not scroll
// sideways, must not cut a control or a line of text at the right edge, must show its heading, and must
// log no console error. Each view leaves a phone screenshot (and the pages a desktop one, to check that
// phone fixes keep the desktop layout) in test-artifacts/e2e/phone-sweep/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAdmin } from '@parcel-map/tileserver/features/people/admin/create-admin';
import { insertOrder } from '@parcel-map/tileserver/features/commerce/billing/queries';
import { signUpIn } from './accounts.ts';
import { artifactsDir, openPage, waitForIdle, type TestPage } from './browser.ts';
import { project, useHarness } from './harness.ts';

const harness = useHarness();
const phone = { width: 390, height: 800 };
const desktop = { width: 1280, height: 800 };
const dir = resolve(artifactsDir, 'phone-sweep');
const cambridge = '/us/ma/middlesex/cambridge';
const wait = { timeout: 30_000 };

interface Fit {
  scrollWidth: number;
  /** Layout defects: controls and text cut at the right edge, boxes that scroll sideways, a squeezed map, a panel over the place header. */
  cut: string[];
  /** Visible h1/h2 texts that lie fully on screen. */
  headings: string[];
  /** The map screen's place name (its heading) and the width it is given, when there is one. */
  place: { text: string; width: number } | null;
}

/** Measures the page as laid out now: document width, what sticks out right, the headings on screen. */
function measure(page: Page): Promise<Fit> {
  return page.evaluate((width) => {
    const visible = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    // Only a table may scroll sideways, inside its own wrapper narrower than the screen: content there
    // is reachable, not cut. Any other box that scrolls sideways (the page's own scroller, a panel) is a defect.
    const scrollsX = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const tableScroller = (el: Element) =>
      scrollsX(el) && el.querySelector('table') !== null && el.getBoundingClientRect().width <= width + 1;
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (tableScroller(p)) return true;
      return false;
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent || (el as HTMLInputElement).name || (el as HTMLInputElement).placeholder || '').trim().slice(0, 40)}"`;
    const cut: string[] = [];
    let scrollWidth = document.scrollingElement!.scrollWidth;
    for (const el of document.querySelectorAll('body *')) {
      if (!scrollsX(el) || tableScroller(el) || !visible(el) || el.scrollWidth <= el.clientWidth + 1) continue;
      // A box as wide as the screen that scrolls sideways is the page scrolling sideways.
      if (el.clientWidth >= width - 20) scrollWidth = Math.max(scrollWidth, el.scrollWidth);
      else cut.push(`${name(el)} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`);
    }
    for (const el of document.querySelectorAll(
      'button, input:not([type=hidden]), select, textarea, a[href], summary',
    )) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= 0) continue;
      if (r.right > width + 1 && !inScroller(el))
        cut.push(`cut at the right edge: ${name(el)} right=${Math.round(r.right)}`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (
        !parent ||
        !node.textContent?.trim() ||
        !visible(parent) ||
        ['SCRIPT', 'STYLE', 'OPTION'].includes(parent.tagName)
      )
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width === 0 || r.right <= 0) continue;
      if (r.right > width + 1 && !inScroller(parent))
        cut.push(`text cut at the right edge: ${name(parent)} right=${Math.round(r.right)}`);
    }
    // A map squeezed to nothing by its neighbours (a fixed-width side column) is a defect too.
    // (The map's container, not its canvas: a canvas keeps its last size, hidden under the neighbour.)
    for (const map of document.querySelectorAll('.maplibregl-map')) {
      const r = map.getBoundingClientRect();
      if (visible(map) && (r.width < 100 || r.height < 100))
        cut.push(`a map squeezed to ${Math.round(r.width)}x${Math.round(r.height)}px`);
    }
    const headings = [...document.querySelectorAll('h1, h2')]
      .filter((h) => visible(h))
      .filter((h) => {
        const r = h.getBoundingClientRect();
        return r.width > 0 && r.left >= -1 && r.right <= width + 1;
      })
      .map((h) => (h.textContent ?? '').trim());
    // A panel or a full-height sheet starts below the place header, so the place and search stay usable.
    const header = document.querySelector('[data-testid=place-header]');
    if (header && visible(header)) {
      const bottom = header.getBoundingClientRect().bottom;
      for (const over of document.querySelectorAll('section.panel, .side-sheet[data-snap=full]')) {
        const top = over.getBoundingClientRect().top;
        if (visible(over) && top < bottom - 1 && top > 0)
          cut.push(
            `${name(over).slice(0, 40)} starts at ${Math.round(top)}px, over the place header (to ${Math.round(bottom)}px)`,
          );
      }
    }
    const place = document.querySelector('[data-testid=current-place]');
    const placeBox =
      place && visible(place) ? { text: place.textContent ?? '', width: place.getBoundingClientRect().width } : null;
    return { scrollWidth, cut: [...new Set(cut)], headings, place: placeBox };
  }, page.viewportSize()!.width);
}

/** Saves a screenshot; `whole` grows the window to the page's scrolled height first (pages scroll inside
 * their own box, so a full-page screenshot alone shows the first screen only), then restores it. */
async function shot(page: Page, name: string, whole: boolean): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize()!;
  if (whole) {
    const height = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll('body *')].map((el) => el.scrollHeight)),
    );
    await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 8000) });
  }
  writeFileSync(resolve(dir, `${name}.png`), await page.screenshot());
  if (whole) await page.setViewportSize(size);
}

/** Waits until no "Loading..." text shows (lists and panes fill after their requests). */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(() => !/Loading/.test(document.body.innerText), undefined, wait);
}

/** Problems found so far in the running test, one line each, so one run reports every view it checks. */
const problems: string[] = [];

/** Each test reports only its own views' problems. */
function takeProblems(): string[] {
  return problems.splice(0);
}

/** Checks the view as it is now, saves its screenshot, and clears the console errors it logged. */
async function check(tp: TestPage, name: string, heading?: string | RegExp): Promise<void> {
  const fit = await measure(tp.page);
  if (fit.scrollWidth > phone.width + 1) problems.push(`${name}: scrolls sideways (${fit.scrollWidth}px)`);
  for (const c of fit.cut) problems.push(`${name}: ${c}`);
  if (name.startsWith('map-')) {
    // The map screen's heading is the place name in the place header: it must keep room to be read.
    if (!fit.place || fit.place.width < 60)
      problems.push(`${name}: the place name has ${Math.round(fit.place?.width ?? 0)}px ("${fit.place?.text ?? ''}")`);
  } else if (fit.headings.length === 0) problems.push(`${name}: no heading on screen`);
  if (heading && !fit.headings.some((h) => (typeof heading === 'string' ? h === heading : heading.test(h)))) {
    problems.push(`${name}: heading ${heading} not on screen (${fit.headings.join(' | ')})`);
  }
  for (const e of tp.errors.splice(0)) problems.push(`${name}: ${e}`);
  await shot(tp.page, `${name}-phone`, !name.startsWith('map-'));
}

/** Opens a page at phone size once its heading shows and its requests are done; checks it, then shoots it at desktop size. */
async function sweepPage(tp: TestPage, origin: string, path: string, name: string, ready?: string): Promise<void> {
  await tp.page.setViewportSize(phone);
  await tp.page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await tp.page
    .locator(ready ? `[data-testid="${ready}"]` : 'h1, h2')
    .first()
    .waitFor(wait);
  await loaded(tp.page);
  await check(tp, name);
  await tp.page.setViewportSize(desktop);
  await shot(tp.page, `${name}-desktop`, true);
}

// The sweep is four tests over one Pro user's data (made once, by the first test that needs it), so each
// has its own time budget on a loaded machine instead of one 180 s test for everything.
interface ProFixture {
  pro: TestPage;
  saved: { id: number; path: string };
  surveyId: number;
  parcel: { path: string; lon: number; lat: number };
  county: { path: string };
  session: { csrf_token: string; group: { path: string } };
}

describe('every page and map panel at phone size', () => {
  let fixture: Promise<ProFixture> | undefined;
  const proFixture = () => {
    fixture ??= makeProFixture();
    return fixture;
  };

  async function makeProFixture(): Promise<ProFixture> {
    const h = harness();
    const { origin, sql } = h.server;
    const [parcel] = await sql<{ path: string; lon: number; lat: number }[]>`
      SELECT path, ST_X(p) AS lon, ST_Y(p) AS lat
      FROM (SELECT path, ST_PointOnSurface(geom) AS p FROM parcels WHERE parcelnumb = '127-123' AND address = '23 ROCKWELL ST' LIMIT 1) s`;
    const [county] = await sql<
      { path: string }[]
    >`SELECT path FROM county_coverage WHERE parcels > 0 ORDER BY parcels DESC LIMIT 1`;

    // A Pro user with a saved project (a long name, as users type them), a survey in it, and a cart item.
    const pro = await openPage(h.browser, origin, phone);
    const user = await signUpIn(pro.context, origin, 'pro');
    const session = (await (await pro.context.request.get(`${origin}/api/v1/session.json`)).json()) as {
      csrf_token: string;
      group: { path: string };
    };
    const headers = { 'X-CSRF-Token': session.csrf_token };
    const made = await pro.context.request.post(`${origin}/projects.json`, {
      data: { name: 'North Cambridge vacant-lot-survey-2026-spring-walk', query: { path: cambridge } },
      headers,
    });
    expect(made.status()).toBe(201);
    const saved = (await made.json()) as { id: number; path: string };
    const survey = await pro.context.request.post(`${origin}/surveys.json`, {
      data: {
        map_id: saved.id,
        name: 'Occupancy walk',
        photo_required: false,
        questions: [
          {
            id: 'q1',
            question: 'Is the lot occupied?',
            column: 'occupied',
            answers: [{ label: 'Yes', next: 'end' }, { label: 'No' }],
          },
          {
            id: 'q2',
            question: 'Why is it empty? Describe what you see from the street.',
            column: 'why',
            answers: 'textarea',
            required: true,
          },
        ],
      },
      headers,
    });
    expect(survey.status()).toBe(201);
    const surveyId = ((await survey.json()) as { id: number }).id;
    const cart = await pro.context.request.post(`${origin}/orders/cart/add.json`, {
      data: { path: county!.path, product: 'premium' },
      headers,
    });
    expect(cart.status()).toBe(200);
    // Rows for the lists a phone squeezes most: an order (on /profile/orders and /admin/orders), search
    // feedback and a place request, with the long unbroken tokens people paste.
    const [membership] = await sql<
      { group_id: number }[]
    >`SELECT group_id::int AS group_id FROM memberships WHERE user_id = ${user.id}`;
    await insertOrder(sql, {
      groupId: membership!.group_id,
      userId: user.id,
      kind: 'data',
      description: `Premium Parcel Data, ${county!.path}, CSV, with Standardized Zoning`,
      amountCents: 692_00,
      chargeId: `ch_local_${'0123456789abcdef'.repeat(3)}`,
      key: `sweep-${process.pid}-${Date.now()}`,
    });
    await sql`INSERT INTO search_feedback (query, additional_information, user_id) VALUES (${'https://maps.example.org/place/23+Rockwell+St,+Cambridge,+MA+02139/@42.3629,-71.1114,18z'}, ${'Pasted from another map; nothing was found.'}, ${user.id})`;
    await sql`INSERT INTO place_requests (path, name, contact, comment, user_id) VALUES (${'/us/nh/hillsborough'}, ${'Hillsborough County, NH'}, ${'parcel-requests.north-east-surveyors@example.org'}, ${'Our crews work there weekly.'}, ${user.id})`;

    return { pro, saved, surveyId, parcel: parcel!, county: county!, session };
  }

  it('fits the map screen, its panels, the side nav and search in 390 pixels', async () => {
    const { origin } = harness().server;
    const { pro, saved, parcel } = await proFixture();
    // The map screen in project mode, zoomed to a parcel: each panel of the controls and the side nav.
    const { page } = pro;
    await page.goto(`${origin}${saved.path}#base=street&map=18/${parcel.lat - 0.0004}/${parcel.lon}`);
    await waitForIdle(page);
    await check(pro, 'map-screen');
    for (const panel of ['project', 'layers', 'style', 'legend', 'colors', 'tools', 'print', 'help']) {
      await page.getByTestId(`open-${panel}`).click();
      await page
        .locator(panel === 'help' ? '[data-testid=help-modal]' : 'section.panel')
        .first()
        .waitFor(wait);
      await loaded(page);
      if (panel === 'style') {
        // A rule row and a filter row: the widest parts of the panel (colour, field, operator, value).
        await page.getByTestId('add-style-rule').click();
        await page.getByTestId('add-filter').click();
      }
      await check(pro, `map-panel-${panel}`);
      await page.keyboard.press('Escape');
    }
    for (const entry of ['nav-focus-areas', 'nav-surveys']) {
      await page.getByTestId('nav-toggle').click();
      await page.getByTestId('side-nav').waitFor(wait);
      if (entry === 'nav-focus-areas') await check(pro, 'map-side-nav');
      await page.getByTestId(entry).click();
      await loaded(page);
      await check(pro, `map-${entry.replace('nav-', '')}`);
      await page.keyboard.press('Escape');
    }
    // The side nav's Surveys entry is aligned on every width: the desktop menu, for comparison.
    await page.setViewportSize(desktop);
    await page.getByTestId('nav-toggle').click();
    await page.getByTestId('side-nav').waitFor(wait);
    await waitForIdle(page);
    await shot(page, 'map-side-nav-desktop', false);
    await page.getByTestId('nav-toggle').click();
    await page.setViewportSize(phone);
    const search = page.getByTestId('search-input');
    await search.fill('Cambridge');
    await page
      .getByTestId('search-results')
      .getByRole('button', { name: /Cambridge, MA/ })
      .first()
      .waitFor(wait);
    await check(pro, 'map-search');
    await search.fill('');
    await page.keyboard.press('Escape');

    expect(takeProblems()).toEqual([]);
  }, 150_000);

  it('fits the parcel pane, the property page and the insights and export tabs in 390 pixels', async () => {
    const { origin } = harness().server;
    const { pro, saved, parcel } = await proFixture();
    const { page } = pro;
    // The parcel pane (peek, actions menu, full height); Follow bookmarks the parcel for the follows page.
    const point = await project(pro, [parcel.lon, parcel.lat]);
    await page.mouse.click(point.x, point.y);
    await page.getByTestId('parcel-number').filter({ hasText: '127-123' }).waitFor(wait);
    await check(pro, 'map-parcel-peek');
    await page.getByTestId('parcel-actions').getByRole('button', { name: 'Actions ▾' }).click(wait);
    await check(pro, 'map-parcel-actions');
    await page.getByTestId('parcel-follow').filter({ hasText: 'Follow' }).click();
    await page.getByTestId('parcel-follow-message').filter({ hasText: 'Bookmarked.' }).waitFor(wait);
    await page.getByTestId('sheet-handle').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=side-sheet]')?.getAttribute('data-snap') === 'full',
      undefined,
      wait,
    );
    // The sheet eases to full height (its top under the place header) before it is measured.
    await page.waitForFunction(
      () => document.querySelector('[data-testid=side-sheet]')!.getBoundingClientRect().top < 100,
      undefined,
      wait,
    );
    await check(pro, 'map-parcel-full');
    // The property page: the parcel's own address opens the map with its pane.
    await page.goto(`${origin}${parcel.path}`);
    await page.getByTestId('parcel-number').filter({ hasText: '127-123' }).waitFor(wait);
    await check(pro, 'map-property-page');
    // The #insights and #export tabs from the side nav, in the project at the parcel's zoom (these links
    // used to fly the map back to the project home without opening the tab).
    await page.goto(`${origin}${saved.path}#base=street&map=18/${parcel.lat}/${parcel.lon}`);
    await waitForIdle(page);
    for (const [tab, ready, title] of [
      ['insights', 'insights-headline', 'Insights'],
      ['export', 'export-tab', 'Export'],
    ] as const) {
      await page.getByTestId('nav-toggle').click();
      await page.getByTestId(`nav-${tab}`).click();
      await page.getByTestId(ready).waitFor(wait);
      await loaded(page);
      expect(await page.evaluate(() => window.__map!.getZoom())).toBeCloseTo(18, 1);
      await check(pro, `map-${tab}`);
      await page.getByRole('button', { name: `Close ${title}` }).click();
    }

    expect(takeProblems()).toEqual([]);
  }, 150_000);

  it('fits every page a Pro user sees in 390 pixels', async () => {
    const { origin } = harness().server;
    const { pro, surveyId, parcel, county, session } = await proFixture();
    // Every page of page-routes.tsx that a Pro user sees.
    const pages: [path: string, name: string, ready?: string][] = [
      ['/coverage', 'coverage'],
      ['/users', 'users'],
      ['/users/edit', 'users-edit'],
      ['/users/password/new', 'users-password-new'],
      ['/users/password/edit?reset_password_token=not-a-real-token', 'users-password-edit'],
      ['/users/invitation?invitation_token=not-a-real-token', 'users-invitation'],
      ['/hs/terms', 'terms'],
      ['/hs/terms/privacy', 'terms-privacy'],
      ['/plans', 'plans'],
      ['/profile/orders', 'profile-orders'],
      [`${session.group.path}/settings/billing`, 'billing'],
      ['/api', 'api'],
      ['/users/sign_up?flow=api_sandbox', 'api-sandbox-sign-up'],
      ['/profile', 'profile'],
      ['/notify/follows', 'follows', 'bookmark-row'],
      ['/store', 'store'],
      [`/survey/${surveyId}?parcel=${encodeURIComponent(parcel.path)}`, 'survey-form', 'survey-form'],
      ['/store/us/ma', 'store-state'],
      [`/store${county.path}?product=premium`, 'store-county', 'product-picker'],
      ['/orders/cart', 'cart', 'cart-item'],
      ['/orders/esri/cart', 'esri-cart'],
      ['/settings/property-details', 'property-details'],
    ];
    for (const [path, name, ready] of pages) await sweepPage(pro, origin, path, name, ready);

    await pro.context.close();
    expect(takeProblems()).toEqual([]);
  }, 150_000);

  it('fits every admin page in 390 pixels', async () => {
    const h = harness();
    const { origin, sql } = h.server;
    // The admin pages, as an admin.
    const email = `sweep-admin-${process.pid}-${Date.now().toString(36)}@example.org`;
    const { password } = await createAdmin(sql, email, 'Ada Admin');
    const admin = await openPage(h.browser, origin, phone);
    const signIn = await admin.context.request.post(`${origin}/users/sign_in.json`, { data: { email, password } });
    expect(signIn.status()).toBe(200);
    // An offer code, so the codes page shows its table with a row.
    const adminCsrf = ((await signIn.json()) as { csrf_token: string }).csrf_token;
    const offer = await admin.context.request.post(`${origin}/admin/codes.json`, {
      data: {
        code: `SWEEP-${process.pid}`,
        name: 'Spring county-assessors-association offer',
        plan: 'level1',
        cycle: 'annual',
        price_cents: 49_00,
        expires_at: '2030-01-01',
      },
      headers: { 'X-CSRF-Token': adminCsrf },
    });
    expect(offer.status()).toBe(201);
    const adminPages = [
      '/admin',
      '/admin/users',
      '/admin/user_profiles',
      '/admin/requests',
      '/admin/search_feedback',
      '/admin/orders',
      '/admin/codes',
      '/admin/api_trials',
      '/admin/imports_exports/running',
      '/admin/metrics',
      '/admin/not-built-yet',
    ];
    for (const path of adminPages) await sweepPage(admin, origin, path, path.slice(1).replaceAll('/', '-'));
    await admin.context.close();

    expect(takeProblems()).toEqual([]);
  }, 150_000);
});
