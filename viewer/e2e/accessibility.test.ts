// The accessibility part of the conformance suite: axe-core (WCAG 2 A and AA rules) on every page of
// page-routes.tsx and on the map screen with a parcel open and with the insights pane, at desktop
// (1440x900) and phone (390x844) width, each as the caller who sees it fully (a visitor for the
// signed-out pages, a Team manager with real data for the account pages and the map, an admin for the
// admin pages). The pages are enumerated from page-routes.tsx's table, so a page added there fails
// this test until it is given a sample URL here (or a stated reason to skip it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { createAdmin } from '@parcel-map/tileserver/features/people/admin/create-admin';
import { insertOrder } from '@parcel-map/tileserver/features/commerce/billing/queries';
import { pages } from '../src/pages/page-routes.tsx';
import { signUpIn } from './accounts.ts';
import { openPage, waitForIdle, type TestPage } from './browser.ts';
import { project, useHarness } from './harness.ts';

const harness = useHarness();
// Injected by evaluation rather than a script tag: the viewer's Content-Security-Policy (script-src 'self')
// rightly refuses an inline script, and the test keeps that policy on.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');
const widths = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const wait = { timeout: 30_000 };

type Role = 'visitor' | 'team' | 'admin';
/** What the samples' URLs are made from (seeded before the sweep). */
interface Seeds {
  groupPath: string;
  surveyId: number;
  parcelPath: string;
  countyPath: string;
}
interface Sample {
  role: Role;
  url: (s: Seeds) => string;
  /** A selector that shows once the page has its content (else its first heading). */
  ready?: string;
}

/** One entry per path pattern of page-routes.tsx: the URLs that show it, or why it is not checked. */
const samples: Record<string, Sample[] | { skip: string }> = {
  '/coverage': [{ role: 'visitor', url: () => '/coverage' }],
  '/users': [{ role: 'team', url: () => '/users', ready: '[data-testid=members-group]' }],
  '/users/edit': [{ role: 'team', url: () => '/users/edit' }],
  '/users/password/new': [{ role: 'visitor', url: () => '/users/password/new' }],
  '/users/password/edit': [
    { role: 'visitor', url: () => '/users/password/edit?reset_password_token=not-a-real-token' },
  ],
  '/users/invitation': [{ role: 'visitor', url: () => '/users/invitation?invitation_token=not-a-real-token' }],
  '/admin': [{ role: 'admin', url: () => '/admin' }],
  '/admin/users': [{ role: 'admin', url: () => '/admin/users' }],
  '/admin/user_profiles': [{ role: 'admin', url: () => '/admin/user_profiles' }],
  '/admin/requests': [{ role: 'admin', url: () => '/admin/requests' }],
  '/admin/search_feedback': [{ role: 'admin', url: () => '/admin/search_feedback' }],
  '/admin/orders': [{ role: 'admin', url: () => '/admin/orders' }],
  '/admin/codes': [{ role: 'admin', url: () => '/admin/codes' }],
  '/admin/api_trials': [{ role: 'admin', url: () => '/admin/api_trials' }],
  '/admin/imports_exports/running': [{ role: 'admin', url: () => '/admin/imports_exports/running' }],
  '/admin/metrics': [{ role: 'admin', url: () => '/admin/metrics' }],
  '/admin/map': [{ role: 'admin', url: () => '/admin/map', ready: '[data-testid=admin-map-sources] td' }],
  '/admin/notify': [{ role: 'admin', url: () => '/admin/notify', ready: '[data-testid=notify-form]' }],
  '/admin/pages': [{ role: 'admin', url: () => '/admin/pages', ready: '[data-testid=site-page-form]' }],
  '/admin/neighborhoods/new': [
    { role: 'admin', url: () => '/admin/neighborhoods/new', ready: '[data-testid=neighborhood-form]' },
  ],
  '/admin/*': [{ role: 'admin', url: () => '/admin/not-built-yet' }],
  '/hs/terms': [{ role: 'visitor', url: () => '/hs/terms' }],
  '/hs/terms/:name': [{ role: 'visitor', url: () => '/hs/terms/privacy' }],
  '/plans': [{ role: 'team', url: () => '/plans' }],
  '/profile/orders': [{ role: 'team', url: () => '/profile/orders' }],
  '/g/:group/settings/billing': [{ role: 'team', url: (s) => `${s.groupPath}/settings/billing` }],
  // Swagger UI renders the reference after the page: its operations are part of the page.
  '/api': [{ role: 'team', url: () => '/api', ready: '.api-reference .swagger-ui .opblock' }],
  // A visitor sees the account form, a signed-in user the county chooser.
  '/users/sign_up': [
    { role: 'visitor', url: () => '/users/sign_up?flow=api_sandbox' },
    { role: 'team', url: () => '/users/sign_up?flow=api_sandbox', ready: '[data-testid=sandbox-counties]' },
  ],
  '/profile': [{ role: 'team', url: () => '/profile' }],
  '/notify/follows': [{ role: 'team', url: () => '/notify/follows', ready: '[data-testid=bookmark-row]' }],
  '/store': [{ role: 'visitor', url: () => '/store' }],
  // A visitor sees how to get an API plan, the team manager its service URLs.
  '/store/esri': [
    { role: 'visitor', url: () => '/store/esri' },
    { role: 'team', url: () => '/store/esri' },
  ],
  '/survey/:id': [
    {
      role: 'team',
      url: (s) => `/survey/${s.surveyId}?parcel=${encodeURIComponent(s.parcelPath)}`,
      ready: '[data-testid=survey-form]',
    },
  ],
  '/store/*': [
    { role: 'team', url: () => '/store/us/ma' },
    { role: 'team', url: (s) => `/store${s.countyPath}?product=premium`, ready: '[data-testid=product-picker]' },
  ],
  '/orders/cart': [{ role: 'team', url: () => '/orders/cart', ready: '[data-testid=cart-item]' }],
  '/orders/esri/cart': [{ role: 'team', url: () => '/orders/esri/cart' }],
  '/settings/property-details': [{ role: 'team', url: () => '/settings/property-details' }],
  '/dashboard': [{ role: 'team', url: () => '/dashboard', ready: '[data-testid=dashboard-lookups]' }],
  '/g/:group/dashboard': [
    { role: 'team', url: (s) => `${s.groupPath}/dashboard`, ready: '[data-testid=dashboard-lookups]' },
  ],
  '/settings': [{ role: 'team', url: () => '/settings' }],
  '/g/:group/settings': [{ role: 'team', url: (s) => `${s.groupPath}/settings` }],
  '/bulk': [{ role: 'visitor', url: () => '/bulk', ready: '[data-testid=bulk-coverage]' }],
  '/admin/bulk_requests': [{ role: 'admin', url: () => '/admin/bulk_requests' }],
};

/** The violations axe-core finds on the page as it is now, one readable line per violation. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResults> } }).axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa'],
      resultTypes: ['violations'],
    }),
  );
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`,
  );
}

/** Waits until no "Loading…" text shows (lists and panes fill after their requests). */
function loaded(page: Page): Promise<unknown> {
  return page.waitForFunction(() => !/Loading/.test(document.body.innerText), undefined, wait);
}

describe('accessibility of every page (axe-core, WCAG 2 A and AA)', () => {
  it('lists every page of page-routes.tsx with a sample URL (a path of that page) or a reason to skip it', () => {
    expect(Object.keys(samples).sort()).toEqual(pages.map((p) => p.path).sort());
    const seeds: Seeds = { groupPath: '/g/a-group', surveyId: 1, parcelPath: '/us/ma/a/b/1', countyPath: '/us/ma/a' };
    for (const [pattern, list] of Object.entries(samples)) {
      if (!Array.isArray(list)) continue;
      const route = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+').replace(/\*$/, '.*')}/?$`);
      for (const sample of list) expect(new URL(sample.url(seeds), 'http://x').pathname).toMatch(route);
    }
  });

  it('finds no violation on any page, the map with a parcel open or the insights pane, at desktop and phone width', async () => {
    const h = harness();
    const { origin, sql } = h.server;
    const started = Date.now();
    const [parcel] = await sql<{ path: string; lon: number; lat: number }[]>`
      SELECT path, ST_X(p) AS lon, ST_Y(p) AS lat
      FROM (SELECT path, ST_PointOnSurface(geom) AS p FROM parcels WHERE parcelnumb = '127-123' AND address = '23 ROCKWELL ST' LIMIT 1) s`;
    const [county] = await sql<
      { path: string }[]
    >`SELECT path FROM county_coverage WHERE parcels > 0 ORDER BY parcels DESC LIMIT 1`;

    // The Team manager: a project with a survey, a bookmark, a cart item and an order.
    const team = await openPage(h.browser, origin);
    const user = await signUpIn(team.context, origin, 'team');
    const session = (await (await team.context.request.get(`${origin}/api/v1/session.json`)).json()) as {
      csrf_token: string;
      group: { path: string };
    };
    const headers = { 'X-CSRF-Token': session.csrf_token };
    const made = await team.context.request.post(`${origin}/projects.json`, {
      data: { name: 'North Cambridge lots', query: { path: '/us/ma/middlesex/cambridge' } },
      headers,
    });
    expect(made.status()).toBe(201);
    const projectId = ((await made.json()) as { id: number }).id;
    const survey = await team.context.request.post(`${origin}/surveys.json`, {
      data: {
        map_id: projectId,
        name: 'Occupancy walk',
        photo_required: false,
        questions: [
          {
            id: 'q1',
            question: 'Is the lot occupied?',
            column: 'occupied',
            answers: [{ label: 'Yes' }, { label: 'No' }],
          },
          { id: 'q2', question: 'What do you see?', column: 'seen', answers: 'textarea' },
        ],
      },
      headers,
    });
    expect(survey.status()).toBe(201);
    const bookmark = await team.context.request.post(`${origin}${parcel!.path}/bookmark.json`, { data: {}, headers });
    expect(bookmark.status()).toBe(201);
    const cart = await team.context.request.post(`${origin}/orders/cart/add.json`, {
      data: { path: county!.path, product: 'premium' },
      headers,
    });
    expect(cart.status()).toBe(200);
    const [membership] = await sql<
      { group_id: number }[]
    >`SELECT group_id::int AS group_id FROM memberships WHERE user_id = ${user.id}`;
    await insertOrder(sql, {
      groupId: membership!.group_id,
      userId: user.id,
      kind: 'data',
      description: `Premium Parcel Data, ${county!.path}, CSV`,
      amountCents: 692_00,
      chargeId: 'ch_local_accessibility',
      key: `accessibility-${process.pid}-${Date.now()}`,
    });
    const seeds: Seeds = {
      groupPath: session.group.path,
      surveyId: ((await survey.json()) as { id: number }).id,
      parcelPath: parcel!.path,
      countyPath: county!.path,
    };

    const email = `axe-admin-${process.pid}-${Date.now().toString(36)}@example.org`;
    const { password } = await createAdmin(sql, email, 'Ada Admin');
    const admin = await openPage(h.browser, origin);
    const signIn = await admin.context.request.post(`${origin}/users/sign_in.json`, { data: { email, password } });
    expect(signIn.status()).toBe(200);
    const contexts: Record<Role, TestPage> = { visitor: await openPage(h.browser, origin), team, admin };

    const problems: string[] = [];
    const check = async (tp: TestPage, name: string) => {
      for (const v of await axeViolations(tp.page)) problems.push(`${name}: ${v}`);
    };
    /** Opens one view and checks it; a view that does not open is a problem too, and the sweep goes on. */
    const visit = async (name: string, open: () => Promise<TestPage>) => {
      try {
        await check(await open(), name);
      } catch (error) {
        problems.push(`${name}: did not open (${(error as Error).message.split('\n')[0]})`);
      }
    };
    // Each page opens once and is checked at desktop width, then at phone width: pages lay themselves out
    // with CSS media queries alone, so a resized page is the page a phone opens.
    const [desktop, phone] = widths;
    for (const [pattern, list] of Object.entries(samples)) {
      if (!Array.isArray(list)) continue;
      for (const sample of list) {
        const tp = contexts[sample.role];
        const url = sample.url(seeds);
        const name = `${pattern} ${url} as ${sample.role}`;
        await visit(`${name} at desktop`, async () => {
          await tp.page.setViewportSize(desktop!);
          await tp.page.goto(`${origin}${url}`, { waitUntil: 'networkidle' });
          await tp.page
            .locator(sample.ready ?? 'h1, h2')
            .first()
            .waitFor(wait);
          await loaded(tp.page);
          return tp;
        });
        await visit(`${name} at phone`, async () => {
          await tp.page.setViewportSize(phone!);
          await tp.page.evaluate(() => new Promise(requestAnimationFrame));
          return tp;
        });
      }
    }

    // The map screen with the parcel's pane open, and the insights pane, as the Team manager, each opened
    // at its width (the map screen chooses its phone layout when it starts).
    const { page } = team;
    for (const size of widths) {
      await visit(`map with a parcel open at ${size.name}`, async () => {
        await page.setViewportSize(size);
        await page.goto(`${origin}/#base=street&map=18/${parcel!.lat}/${parcel!.lon}`);
        await waitForIdle(page);
        const point = await project(team, [parcel!.lon, parcel!.lat]);
        await page.mouse.click(point.x, point.y);
        await page.getByTestId('parcel-number').filter({ hasText: '127-123' }).waitFor(wait);
        await loaded(page);
        return team;
      });
      await visit(`insights pane at ${size.name}`, async () => {
        await page.goto(`${origin}/us/ma/middlesex/cambridge#insights&base=street&map=13/42.375/-71.11`);
        await page.getByTestId('insights-highlights').waitFor(wait);
        await loaded(page);
        return team;
      });
    }
    for (const tp of Object.values(contexts)) await tp.context.close();
    console.log(`accessibility sweep: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);
});
