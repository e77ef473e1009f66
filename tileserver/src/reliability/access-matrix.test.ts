// The authorisation matrix, generated from the app's route table: every route is called by every role
// with the objects of one Team group (its project, its member, its manager's follow...) in the path,
// and the answer's class must be the one access-matrix.json expects. A route without an entry fails
// the test by name, with the answers it gave as a ready-to-review entry: a merged route must be
// decided, not inherited. Classes: "ok" (2xx, or 400/409/422: the input was judged, so access was
// granted), "401", "402", "403", "404".
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { signedInUser } from '../testing/accounts.ts';
import { testDb } from '../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../testing/http-client.ts';
import { mailedToken } from '../testing/outbox.ts';
import { routeKey, routeTable, type Route } from './route-table.ts';

const roles = ['anonymous', 'free', 'pro', 'other', 'guest', 'member', 'manager', 'admin', 'team'] as const;
type Role = (typeof roles)[number];
type Expected = Record<Role, string>;

const matrix = JSON.parse(readFileSync(join(import.meta.dirname, 'access-matrix.json'), 'utf8')) as {
  roles: Record<Role, string>;
  routes: Record<string, Expected>;
};

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'access-')), SIGN_IN_FAILURES_MAX: '1000000' });
const sql = testDb(3);
const app = createApp({ config, sql, logger: createLogger('silent') });

const browsers = {} as Record<Role, TestBrowser>;
const values: Record<string, string> = {};

async function invite(
  manager: TestBrowser,
  role: 'member' | 'manager',
): Promise<{ browser: TestBrowser; userId: number }> {
  const email = uniqueEmail(role).toLowerCase();
  expect((await manager.post('/users/invitations.json', { email, role })).status).toBe(201);
  const browser = new TestBrowser(app);
  const userId = (await browser.register(email, 'secret-pass-1', `${role} of the team`)).json.user.id as number;
  expect(
    (await browser.post('/users/invitations/accept.json', { token: mailedToken(config, email, 'token') })).status,
  ).toBe(200);
  return { browser, userId };
}

beforeAll(async () => {
  browsers.anonymous = new TestBrowser(app);
  browsers.free = (await signedInUser(app, sql, 'free')).browser;
  browsers.pro = (await signedInUser(app, sql, 'pro')).browser;
  browsers.other = (await signedInUser(app, sql, 'team')).browser;
  browsers.guest = (await signedInUser(app, sql, 'free')).browser;
  browsers.admin = (await signedInUser(app, sql, 'admin')).browser;
  const team = await signedInUser(app, sql, 'team');
  browsers.team = team.browser;
  expect((await browsers.admin.put(`/admin/users/${team.userId}/plan.json`, { tier: 'team', seats: 6 })).status).toBe(
    200,
  );
  const member = await invite(team.browser, 'member');
  browsers.member = member.browser;
  // The member that member routes (change role, remove) act on: not the member role's own account.
  const victim = await invite(team.browser, 'member');
  browsers.manager = (await invite(team.browser, 'manager')).browser;
  const project = await team.browser.post('/projects.json', {
    name: 'Access matrix',
    query: { path: '/us/ma/middlesex/cambridge' },
  });
  expect(project.status).toBe(201);
  const [, group, slug] = /^\/g\/([^/]+)\/maps\/([^/.]+)/.exec(project.json.path)!;
  Object.assign(values, { group: group!, slug: slug!, member: String(victim.userId) });
});
afterAll(() => sql.end());

/** The team's objects in the route's parameters; '1' or 'x' where no object of the team fits. */
function concretePath(route: Route): string {
  return route.path
    .replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string, pattern?: string) => {
      const json = pattern?.includes('json') ? '.json' : '';
      if (name === 'group' || name === 'slug') return values[name]! + json;
      if (name === 'id')
        return (
          (route.path.includes('/members/') || route.path.includes('/admin/users/') || route.path.includes('sign_in_as')
            ? values.member!
            : '999999999') + json
        );
      if (name === 'token') return `pm_matrix000${json}`;
      if (name === 'collectionId') return 'parcels';
      // The FeatureServer's services are layer names (the static layers' names are fema and wetlands).
      if (name === 'layer' && route.path.startsWith('/arcgis/')) return 'parcels';
      if (/^[xyz]$/.test(name)) return '1';
      if (name === 'tile') return '1.png';
      return 'x';
    })
    .replace('*', 'us/ma/middlesex/cambridge');
}

/** Routes that end a session or switch identity run after all others. */
const last = (r: Route) =>
  r.method === 'DELETE' || /sign_out|sign_in_as|api_token|password|invitations\/accept/.test(r.path);

function classOf(status: number): string {
  if (status < 400 || status === 400 || status === 409 || status === 422 || status === 413 || status === 415)
    return 'ok';
  return String(status);
}

async function answerOf(role: Role, route: Route): Promise<string> {
  let path = concretePath(route);
  if (role === 'guest' && path.includes(`/g/${values.group}/maps/`)) {
    // A guest holds a fresh share link of the team's project (a new link revokes the old one).
    const share = await browsers.team.post(`/g/${values.group}/maps/${values.slug}/share.json`);
    path += `${path.includes('?') ? '&' : '?'}share=${share.json.share}`;
  }
  const body = route.method === 'GET' ? undefined : {};
  return classOf((await browsers[role].request(route.method, path, body)).status);
}

describe('the access-control matrix of the route table', () => {
  it('has an entry for every route of the table, and none for routes that are gone', () => {
    const keys = routeTable(app).map(routeKey);
    const missing = keys.filter((k) => !matrix.routes[k]);
    const stale = Object.keys(matrix.routes).filter((k) => !keys.includes(k));
    expect(missing, `routes without an entry in reliability/access-matrix.json: ${missing.join(', ')}`).toEqual([]);
    expect(
      stale,
      `entries in reliability/access-matrix.json for routes that no longer exist: ${stale.join(', ')}`,
    ).toEqual([]);
  });

  it('answers every route for every role as the matrix expects', async () => {
    const routes = routeTable(app);
    const ordered = [
      ...routes.filter((r) => !last(r)),
      ...routes.filter(last).sort((a, b) => Number(/sign_out/.test(a.path)) - Number(/sign_out/.test(b.path))),
    ];
    const wrong: string[] = [];
    const unlisted: Record<string, Expected> = {};
    for (const route of ordered) {
      const observed = {} as Expected;
      for (const role of roles) observed[role] = await answerOf(role, route);
      const expected = matrix.routes[routeKey(route)];
      if (!expected) unlisted[routeKey(route)] = observed;
      else
        for (const role of roles)
          if (expected[role] !== observed[role])
            wrong.push(`${routeKey(route)} as ${role}: expected ${expected[role]}, got ${observed[role]}`);
    }
    if (Object.keys(unlisted).length)
      console.log(`answers of routes without an entry (review before adding):\n${JSON.stringify(unlisted, null, 1)}`);
    expect(wrong).toEqual([]);
    expect(Object.keys(unlisted)).toEqual([]);
  });
});
