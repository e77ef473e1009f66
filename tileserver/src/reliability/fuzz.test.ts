// The hostile-input suite: every route of the app's route table, attacked with fast-check. It runs on a
// scratch database of its own (migrated, no parcel data), so that "no stored row changed by a rejected
// request" can be checked over every table without other test files writing beside it, and so that
// the admin caller's accepted requests never touch another test's users.
// npm test runs FUZZ_CASES_PER_FAMILY (1,000) cases per route family; npm run test:soak runs 100,000 in all.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { createApp } from '../app.ts';
import { startJobQueue } from '../jobs/job-queue.ts';
import { prepareServingRole } from '../db/roles.ts';
import { sessionCookieName } from '../auth/sessions.ts';
import { loadConfig } from '../config.ts';
import { createDb, type Sql } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { bodySchemas } from '../http/request-body.ts';
import { createLogger } from '../logger.ts';
import { signedInUser } from '../testing/accounts.ts';
import { scratchDatabase } from '../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../testing/http-client.ts';
import { caseArbitrary, judge, type FuzzCase } from './fuzz-cases.ts';
import { byFamily, routeKey, routeTable, type Route } from './route-table.ts';
import { tableNames } from './table-checksums.ts';
import { installWriteLog, lastWrite, writesSince } from './write-log.ts';
import { stopTestJobs } from '../testing/jobs.ts';

const casesPerFamily = Number(process.env.FUZZ_CASES_PER_FAMILY ?? 1000);
// npm test replays one fixed seed, so a red run is reproducible and CI does not depend on luck;
// `FUZZ_SEED=random` (and the soak, with its 100,000 cases) explores new cases each run.
const seed = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 20261123);

/**
 * Tables a rejected request may change, and why: they record the rejection itself or the caller's
 * activity, which is their purpose. Every other table must be byte-for-byte the same after a 4xx.
 */
const changedByRejections: Record<string, string> = {
  sign_in_failures: 'failed sign-ins are counted to throttle password guessing',
  lookups: 'parcel records opened are metered per day even when the answer is a limit',
  sessions: 'a session’s last-seen time is refreshed by any request that carries it',
  billing_customers:
    'the caller’s processor customer is made once, on the first card request, before the processor judges the card',
  local_customers: 'the same customer on the built-in local processor’s side',
};

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let sql: Sql;
let app: Hono;
let jobs: PgBoss | undefined;
const tally = { cases: 0, status: new Map<number, number>() };

beforeAll(async () => {
  scratch = await scratchDatabase();
  await migrate(scratch.sql);
  // The job queue's schema is made with the roles, as `npm start` does (the queue does not make it).
  await prepareServingRole(scratch.url, scratch.url, false);
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'fuzz-')), SIGN_IN_FAILURES_MAX: '1000000' });
  sql = createDb(scratch.url, { max: 4, statementTimeoutMs: config.TILE_QUERY_TIMEOUT_MS });
  // As `npm start` builds it: with the job queue and the database URL (exports, orders and imports
  // refuse to start without them).
  jobs = await startJobQueue(scratch.url, createLogger('silent'));
  app = createApp({
    config,
    sql,
    logger: createLogger('silent'),
    jobs,
    exportQueue: 'fuzz-exports',
    databaseUrl: scratch.url,
  });
  await seedPlaces();
  await installWriteLog(sql, await tableNames(sql, Object.keys(changedByRejections)));
  await discoverBodySchemas();
});

afterAll(async () => {
  const statuses = [...tally.status]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  console.log(
    `fuzz: ${tally.cases} cases, answers ${statuses}, 5xx ${[...tally.status].filter(([s]) => s >= 500).reduce((n, [, k]) => n + k, 0)}`,
  );
  await stopTestJobs(jobs, scratch?.url);
  await sql?.end();
  await scratch?.drop();
});

/** Two places, so that projects (which need a root place) can be saved in the empty scratch database. */
async function seedPlaces(): Promise<void> {
  const square = 'SRID=4326;MULTIPOLYGON(((-71.2 42.3,-71 42.3,-71 42.5,-71.2 42.5,-71.2 42.3)))';
  await sql`
    INSERT INTO places (path, parent_path, kind, country, name, headline, source, geom, geom_3857)
    VALUES ('/us', NULL, 'country', 'us', 'United States', 'United States', 'fuzz', ${square}::geometry, ST_Transform(${square}::geometry, 3857)),
           ('/us/ma', '/us', 'state', 'us', 'Massachusetts', 'Massachusetts', 'fuzz', ${square}::geometry, ST_Transform(${square}::geometry, 3857))`;
}

/**
 * Routes record the zod schema they validate with when they first parse a body; one well-formed call
 * per route by a group manager and by an admin fills the registry, so bodies are built from each
 * route's own schema. Parameters name the manager's own project, so object routes reach their body.
 */
async function discoverBodySchemas(): Promise<void> {
  const pro = (await signedInUser(app, sql, 'pro')).browser;
  const admin = (await signedInUser(app, sql, 'admin')).browser;
  const project = await pro.post('/projects.json', { name: 'Fuzz discovery', query: { path: '/us/ma' } });
  const [, group, slug] = /^\/g\/([^/]+)\/maps\/([^/.]+)/.exec(String(project.json?.path ?? '')) ?? [];
  const values: Record<string, string> = { group: group ?? 'x', slug: slug ?? 'x', id: '1', token: 'pm_abcdef123' };
  // Signing out or in as someone else would end the discovering sessions: those go last.
  const routes = routeTable(app).filter((r) => r.method !== 'GET');
  const last = (r: Route) => r.method === 'DELETE' || /sign_out|sign_in_as/.test(r.path);
  for (const route of [...routes.filter((r) => !last(r)), ...routes.filter(last)]) {
    const path = route.path
      .replace(
        /:(\w+)(\{[^}]*\})?/g,
        (_m, name: string, pattern?: string) => `${values[name] ?? 'x'}${pattern?.includes('json') ? '.json' : ''}`,
      )
      .replace(/\*/, 'x');
    for (const who of [pro, admin]) if (!schemaOf(route)) await who.request(route.method, path, {});
  }
}

const schemaOf = (route: Route) => bodySchemas.get(routeKey(route));

interface Callers {
  browsers: (TestBrowser | undefined)[];
}

/** Anonymous, free, pro (a group manager) and admin: fresh per family, since a fuzz case may sign one out. */
async function makeCallers(): Promise<Callers> {
  const free = await signedInUser(app, sql, 'free');
  const pro = await signedInUser(app, sql, 'pro');
  const admin = await signedInUser(app, sql, 'admin');
  return { browsers: [undefined, free.browser, pro.browser, admin.browser] };
}

let addressCount = 0;
async function send(
  callers: Callers,
  fuzz: FuzzCase,
): Promise<{ status: number; contentType: string | null; text: string }> {
  const browser = callers.browsers[fuzz.caller];
  const headers: Record<string, string> = {};
  if (fuzz.contentType) headers['Content-Type'] = fuzz.contentType;
  const cookie = browser ? [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  let path = fuzz.path;
  switch (fuzz.credential) {
    case 'session':
      if (cookie) headers.Cookie = cookie;
      if (browser?.csrf) headers['X-CSRF-Token'] = browser.csrf;
      break;
    case 'session-no-csrf':
      if (cookie) headers.Cookie = cookie;
      break;
    case 'session-forged-csrf':
      if (cookie) headers.Cookie = cookie;
      headers['X-CSRF-Token'] = 'forged-csrf-token-000000000000000000000';
      break;
    case 'forged-cookie':
      headers.Cookie = `${sessionCookieName}=${'A'.repeat(43)}`;
      break;
    case 'forged-bearer':
      headers.Authorization = 'Bearer forged-token-0123456789abcdef';
      break;
    case 'bad-authorization':
      headers.Authorization = 'Basic YWRtaW46YWRtaW4=';
      break;
    case 'forged-query-token':
      path += `${path.includes('?') ? '&' : '?'}token=forged-${addressCount}`;
      break;
  }
  // A different client address per case, so per-address limits do not turn the whole run into 429s.
  const remoteAddress = `198.18.${Math.floor(addressCount / 250) % 250}.${(addressCount++ % 250) + 1}`;
  let res: Response;
  try {
    res = await app.request(
      `http://localhost${path.startsWith('/') ? '' : '/'}${path}`,
      { method: fuzz.route.method, headers, body: fuzz.body },
      { incoming: { socket: { remoteAddress } } },
    );
  } catch (error) {
    // A URL the WHATWG parser itself refuses never reaches a server; nothing to judge.
    if (error instanceof TypeError && /URL/i.test(error.message))
      return {
        status: 400,
        contentType: 'application/json',
        text: '{"error":{"code":"BAD_REQUEST","message":"unparseable URL","requestId":"-"}}',
      };
    throw error;
  }
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

/** A good request of each kind still works after the attack. */
async function goodRequestsWork(): Promise<void> {
  expect((await app.request('/api/health')).status).toBe(200);
  const visitor = new TestBrowser(app);
  const email = uniqueEmail('after-fuzz');
  expect((await visitor.register(email)).status).toBe(201);
  expect((await visitor.session()).user.email.toLowerCase()).toBe(email.toLowerCase());
  expect((await visitor.get('/plans.json')).status).toBe(200);
  const search = await visitor.get('/search.json?q=main');
  expect(search.status, JSON.stringify(search.json)).toBe(200);
  const pro = (await signedInUser(app, sql, 'pro')).browser;
  expect((await pro.post('/projects.json', { name: 'After the fuzz', query: { path: '/us/ma' } })).status).toBe(201);
}

describe('hostile input on every route of the table', () => {
  it('covers every route, and finds the body schema of most routes that take a body', () => {
    const routes = routeTable(app);
    expect(routes.length).toBeGreaterThan(50);
    const withBodies = routes.filter((r) => r.method !== 'GET');
    const found = withBodies.filter((r) => schemaOf(r));
    console.log(
      `fuzz: ${routes.length} routes in ${byFamily(routes).size} families; body schemas found for ${found.length} of ${withBodies.length} body routes`,
    );
    console.log(
      withBodies
        .filter((r) => !schemaOf(r))
        .map(routeKey)
        .join('\n'),
    );
    expect(found.length / withBodies.length).toBeGreaterThan(0.5);
  });

  it('answers every route with prototype member names as its parameters without a 5xx', async () => {
    // Parameters reach lookups in plain objects: `__proto__` as a static layer name must find no layer,
    // not Object.prototype (the soak run's inputs include such names).
    const callers = await makeCallers();
    for (const route of routeTable(app)) {
      for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, name).replace('*', name);
        for (const caller of [1, 3]) {
          const answer = await send(callers, {
            route,
            path,
            caller,
            credential: 'session',
            contentType: 'application/json',
            body: route.method === 'GET' ? undefined : `{"${name}":{"admin":true}}`,
          });
          const verdict = judge(answer.status, answer.contentType, answer.text);
          expect(verdict.problem ?? 'ok', `${route.method} ${path}`).toBe('ok');
        }
      }
    }
  });

  // FUZZ_FAMILIES (comma-separated) runs some families only: to finish a soak run that stopped early.
  const only = process.env.FUZZ_FAMILIES?.split(',').map((f) => f.trim());
  const families = () => [...byFamily(routeTable(app))].filter(([family]) => !only || only.includes(family));
  // The families are known only once the app exists; one test walks them all, with a failure naming
  // the family, route and request.
  it(`answers every family's ${casesPerFamily} hostile requests without a 5xx, in the one error shape, with no stored row changed by a rejection`, async () => {
    for (const [family, routes] of families()) {
      const callers = await makeCallers();
      const started = performance.now();
      let last = await lastWrite(sql);
      await fc.assert(
        fc.asyncProperty(caseArbitrary(routes, schemaOf, callers.browsers.length), async (fuzz) => {
          const answer = await send(callers, fuzz);
          tally.cases++;
          tally.status.set(answer.status, (tally.status.get(answer.status) ?? 0) + 1);
          const verdict = judge(answer.status, answer.contentType, answer.text);
          if (!verdict.ok)
            throw new Error(`[${family}] ${fuzz.route.method} ${fuzz.path} (${fuzz.credential}): ${verdict.problem}`);
          const since = await writesSince(sql, last);
          if (answer.status >= 400 && since.writes.length) {
            throw new Error(
              `[${family}] ${fuzz.route.method} ${fuzz.path} answered ${answer.status} but wrote ${since.writes.join(', ')}`,
            );
          }
          last = since.last;
        }),
        { numRuns: casesPerFamily, endOnFailure: true, ...(seed === undefined ? {} : { seed }) },
      );
      console.log(
        `fuzz: ${family}: ${routes.length} routes, ${casesPerFamily} cases in ${Math.round(performance.now() - started)} ms`,
      );
      await goodRequestsWork();
    }
  }, 3_600_000);
});
