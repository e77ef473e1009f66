// Place insights against the real parcels: every figure equals an oracle computed from the raw rows
// (Cambridge, Somerville, a Cambridge neighborhood, a focus area; the synthetic county's sub-place is
// checked in fixtures/src/synth), gating per level and place level, and the external providers
// against local servers that speak their formats (configured, failing and unconfigured).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { columns, expectFigures, type Row } from '../../../testing/insights-oracle.ts';
import { mayAsk, sectionAccess } from './policy.ts';
import { encyclopediaTitle } from './providers.ts';

const cambridge = '/us/ma/middlesex/cambridge';
const somerville = '/us/ma/middlesex/somerville';
const sql = testDb(4);
const dataDir = mkdtempSync(join(tmpdir(), 'insights-test-'));

// One local server speaks the three provider formats; `fail` makes every route answer 500.
const seen: { path: string; body: any; auth?: string }[] = [];
let fail = false;
let provider: Server;
let base = '';
beforeAll(async () => {
  provider = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    seen.push({ path: req.url ?? '', body, auth: req.headers.authorization });
    const send = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (fail) return send(500, { error: 'down' });
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/wiki/page/summary/')) {
      const title = decodeURIComponent(url.pathname.slice('/wiki/page/summary/'.length));
      return send(200, {
        type: 'standard',
        title,
        extract: `${title.replace(/_/g, ' ')} is a city.`,
        content_urls: { desktop: { page: `https://en.wikipedia.org/wiki/${title}` } },
      });
    }
    if (url.pathname === '/native/index.php') {
      return send(200, [
        {
          type: 'Feature',
          properties: {
            Name: 'Massa-adchu-es-et',
            ID: 'massachusett',
            Slug: 'massachusett',
            description: 'https://native-land.ca/maps/territories/massachusett',
          },
          geometry: null,
        },
        {
          type: 'Feature',
          properties: {
            Name: 'Pawtucket',
            ID: 'pawtucket',
            description: 'https://native-land.ca/maps/territories/pawtucket',
          },
          geometry: null,
        },
      ]);
    }
    if (url.pathname === '/ai/chat/completions' && req.method === 'POST') {
      return send(200, {
        id: 'c1',
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: `Answer about: ${body.messages[1].content.split('\n')[0]}` },
            finish_reason: 'stop',
          },
        ],
      });
    }
    send(404, { error: 'no route' });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  provider.close();
  await sql.end();
});

const appWith = (env: Record<string, string> = {}, db: Sql = sql) =>
  createApp({
    config: loadConfig({ DATA_DIR: dataDir, PROVIDER_TIMEOUT_MS: '2000', ...env }),
    sql: db,
    logger: createLogger('silent'),
  });
const plain = appWith();
const withProviders = () =>
  appWith({
    WIKIPEDIA_API_URL: `${base}/wiki`,
    NATIVE_LAND_API_URL: `${base}/native`,
    NATIVE_LAND_API_KEY: 'nl-key',
    AI_BASE_URL: `${base}/ai`,
    AI_API_KEY: 'sk-test',
    AI_MODEL: 'test-model',
  });

describe('insights figures equal an oracle over the raw parcels', () => {
  it.each([cambridge, somerville])('for %s', async (path) => {
    const { browser } = await signedInUser(plain, sql, 'pro');
    const res = await browser.get(`${path}/insights.json`);
    expect(res.status).toBe(200);
    const rows = await sql<Row[]>`SELECT ${columns(sql)} FROM parcels p WHERE p.path LIKE ${`${path}/%`}`;
    expect(rows.length).toBeGreaterThan(1000);
    expectFigures(res.json, rows);
    expect(res.json.placeInfo).toMatchObject({ path, kind: 'city', country: 'us' });
    // Cambridge's assessor data has no owner names (fixtures/data/SOURCES.md): its list is honestly empty.
    if (path === somerville) expect(res.json.owners.length).toBeGreaterThan(8);
    else expect(res.json.owners).toEqual([]);
  });

  it('for a Cambridge neighborhood (parcels whose point-on-surface lies inside its outline)', async () => {
    const [hood] = await sql<
      { path: string }[]
    >`SELECT path FROM places WHERE kind = 'neighborhood' AND parent_path = ${cambridge} ORDER BY path LIMIT 1`;
    const { browser } = await signedInUser(plain, sql, 'pro');
    const res = await browser.get(`${hood!.path}/insights.json`);
    expect(res.status).toBe(200);
    const rows = await sql<
      Row[]
    >`SELECT ${columns(sql)} FROM parcels p, places n WHERE n.path = ${hood!.path} AND ST_Within(ST_PointOnSurface(p.geom), n.geom)`;
    expect(rows.length).toBeGreaterThan(50);
    expectFigures(res.json, rows);
  });

  it('for a focus area of the caller’s group, which another group gets 404 for', async () => {
    const { browser } = await signedInUser(plain, sql, 'pro');
    const d = 0.004;
    const shape = {
      type: 'Polygon',
      coordinates: [
        [
          [-71.11 - d, 42.37 - d],
          [-71.11 + d, 42.37 - d],
          [-71.11 + d, 42.37 + d],
          [-71.11 - d, 42.37 + d],
          [-71.11 - d, 42.37 - d],
        ],
      ],
    };
    const saved = await browser.post('/neighborhoods.json', { name: 'Insights square', shape });
    expect(saved.status).toBe(201);
    const res = await browser.get(`${saved.json.path}/insights.json`);
    expect(res.status).toBe(200);
    const rows = await sql<
      Row[]
    >`SELECT ${columns(sql)} FROM parcels p, focus_areas f WHERE f.id = ${saved.json.id} AND ST_Within(ST_PointOnSurface(p.geom), f.geom)`;
    expect(rows.length).toBeGreaterThan(10);
    expectFigures(res.json, rows);
    expect(res.json.placeInfo).toMatchObject({ kind: 'focus', headline: 'Insights square' });
    const { browser: other } = await signedInUser(plain, sql, 'pro');
    expect((await other.get(`${saved.json.path}/insights.json`)).status).toBe(404);
    expect((await new TestBrowser(plain).get(`${saved.json.path}/insights.json`)).status).toBe(404);
  });
});

describe('insights gating on the server', () => {
  it.each([
    ['anonymous', 'city', { general: 'open', ownership: 'open', landUse: 'pro', vacancy: 'pro' }],
    ['free', 'county', { general: 'open', ownership: 'open', landUse: 'pro', vacancy: 'pro' }],
    ['pro', 'neighborhood', { general: 'open', ownership: 'open', landUse: 'open', vacancy: 'open' }],
    ['team', 'focus', { general: 'open', ownership: 'open', landUse: 'open', vacancy: 'open' }],
    ['pro', 'state', { general: 'open', ownership: 'region', landUse: 'region', vacancy: 'region' }],
    ['admin', 'country', { general: 'open', ownership: 'region', landUse: 'region', vacancy: 'region' }],
  ] as const)('a %s caller on a US %s sees %j', (level, kind, access) => {
    expect(sectionAccess(level, { country: 'us', kind })).toEqual(access);
  });

  it('offers no US-only section in Canada, paid or not', () => {
    expect(sectionAccess('team', { country: 'ca', kind: 'city' })).toEqual({
      general: 'open',
      ownership: 'region',
      landUse: 'region',
      vacancy: 'region',
    });
  });

  it('leaves gated sections out of the answer: anonymous on Somerville gets owners but no land use or vacancy; Pro on the state gets neither', async () => {
    const anon = await new TestBrowser(plain).get(`${somerville}/insights.json`);
    expect(anon.status).toBe(200);
    expect(anon.json.access).toEqual({ general: 'open', ownership: 'open', landUse: 'pro', vacancy: 'pro' });
    expect(anon.json.owners.length).toBeGreaterThan(0);
    expect(anon.json).not.toHaveProperty('lbcs');
    expect(anon.json).not.toHaveProperty('premium');
    const { browser: pro } = await signedInUser(plain, sql, 'pro');
    const state = await pro.get('/us/ma/insights.json');
    expect(state.status).toBe(200);
    expect(state.json.access.ownership).toBe('region');
    for (const key of ['lbcs', 'premium', 'owners']) expect(state.json).not.toHaveProperty(key);
    expect(state.json.numeric.parcels).toBeGreaterThan(0);
  });

  it('answers bad paths with 400, unknown places with 404, in the one error shape', async () => {
    const bad = await new TestBrowser(plain).get('/us/MA!/insights.json');
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('BAD_REQUEST');
    const missing = await new TestBrowser(plain).get('/us/ma/middlesex/atlantis/insights.json');
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('NOT_FOUND');
    const question = await new TestBrowser(plain).get(`${cambridge}/ask_chatgpt?question_key=drop_table`);
    expect(question.status).toBe(400);
  });
});

describe('the encyclopedia title of a place', () => {
  const place = (kind: string, name: string, state_name: string | null) => ({
    path: '/us/x',
    name,
    headline: name,
    kind,
    country: 'us',
    synthetic: false,
    lon: 0,
    lat: 0,
    state_name,
  });
  it.each([
    ['city', 'Cambridge', 'Massachusetts', 'Cambridge, Massachusetts'],
    ['county', 'Middlesex', 'Massachusetts', 'Middlesex County, Massachusetts'],
    ['county', 'St. Landry Parish', 'Louisiana', 'St. Landry Parish, Louisiana'],
    ['state', 'Massachusetts', null, 'Massachusetts'],
  ])('a %s named %s in %s is “%s”', (kind, name, state, title) => {
    expect(encyclopediaTitle(place(kind, name, state))).toBe(title);
  });
  it('is none for synthetic places and focus areas', () => {
    expect(
      encyclopediaTitle({ ...place('county', 'Synthetic County', 'Synthetic State (ZZ)'), synthetic: true }),
    ).toBeNull();
    expect(encyclopediaTitle({ ...place('focus', 'My area', null), focus_id: 3 })).toBeNull();
  });
});

describe('external providers', () => {
  it('without providers: no extract, an empty Native Land list, providers reported missing, Ask A.I. 503', async () => {
    const res = await new TestBrowser(plain).get(`${cambridge}/insights.json`);
    expect(res.json.wikipedia).toBeNull();
    expect(res.json.nativeLand).toEqual({ items: [] });
    expect(res.json.providers).toEqual({ wikipedia: false, nativeLand: false, ai: false });
    const ask = await new TestBrowser(plain).get(`${cambridge}/ask_chatgpt`);
    expect(ask.status).toBe(503);
    expect(ask.json.error.code).toBe('UNAVAILABLE');
  });

  it('reads the encyclopedia summary and Native Land territories of the place through their formats', async () => {
    const app = withProviders();
    seen.length = 0;
    const res = await new TestBrowser(app).get(`${cambridge}/insights.json`);
    expect(res.json.wikipedia).toEqual({
      extract: 'Cambridge, Massachusetts is a city.',
      link: 'https://en.wikipedia.org/wiki/Cambridge,_Massachusetts',
    });
    expect(res.json.nativeLand.items).toEqual([
      {
        id: 'massachusett',
        headline: 'Massa-adchu-es-et',
        link: 'https://native-land.ca/maps/territories/massachusett',
      },
      { id: 'pawtucket', headline: 'Pawtucket', link: 'https://native-land.ca/maps/territories/pawtucket' },
    ]);
    const nativeCall = new URL(seen.find((s) => s.path.startsWith('/native/'))!.path, 'http://x');
    expect(nativeCall.searchParams.get('maps')).toBe('territories');
    expect(nativeCall.searchParams.get('key')).toBe('nl-key');
    const [lat, lon] = nativeCall.searchParams.get('position')!.split(',').map(Number);
    expect(lat).toBeCloseTo(42.37, 1);
    expect(lon).toBeCloseTo(-71.11, 1);
    // Cached: a second request calls neither provider again.
    const calls = seen.length;
    await new TestBrowser(app).get(`${cambridge}/insights.json`);
    expect(seen.length).toBe(calls);
  });

  it('gives no extract and no territories when the providers fail, and the tab still loads', async () => {
    fail = true;
    try {
      const res = await new TestBrowser(withProviders()).get(`${somerville}/insights.json`);
      expect(res.status).toBe(200);
      expect(res.json.wikipedia).toBeNull();
      expect(res.json.nativeLand.items).toEqual([]);
      expect(res.json.numeric.parcels).toBeGreaterThan(0);
      const ask = await new TestBrowser(withProviders()).get(`${somerville}/ask_chatgpt`);
      expect(ask.status).toBe(503);
    } finally {
      fail = false;
    }
  });

  it('answers the free question from the chat-completions API with a prompt carrying the place’s figures, and caches it', async () => {
    const app = withProviders();
    seen.length = 0;
    const res = await new TestBrowser(app).get(`${cambridge}/ask_chatgpt`);
    expect(res.status).toBe(200);
    expect(res.json.questionKey).toBe('overview');
    expect(res.json.placeQuestions.overview).toBe('Give me an overview of the land and property in Cambridge.');
    expect(res.json.answer).toBe('Answer about: Give me an overview of the land and property in Cambridge.');
    const call = seen.find((s) => s.path === '/ai/chat/completions')!;
    expect(call.auth).toBe('Bearer sk-test');
    expect(call.body.model).toBe('test-model');
    const { count } = (
      await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM parcels WHERE path LIKE ${`${cambridge}/%`}`
    )[0]!;
    expect(call.body.messages[1].content).toContain(`Parcels: ${count}`);
    const { owner } = (
      await sql<
        { owner: string }[]
      >`SELECT owner FROM parcels WHERE path LIKE ${`${somerville}/%`} AND owner IS NOT NULL GROUP BY owner ORDER BY count(*) DESC, owner LIMIT 1`
    )[0]!;
    await new TestBrowser(app).get(`${somerville}/ask_chatgpt`);
    expect(seen.filter((s) => s.path === '/ai/chat/completions').at(-1)!.body.messages[1].content).toContain(
      `Top owners (parcels, acres): ${owner}`,
    );
    // An anonymous caller's prompt holds no section it may not see.
    expect(call.body.messages[1].content).not.toContain('USPS vacancy');
    await new TestBrowser(app).get(`${cambridge}/ask_chatgpt`);
    expect(seen.filter((s) => s.path === '/ai/chat/completions').length).toBe(2);
  });

  it('keeps the other questions for Pro: 403 for free users, an answer with land use figures for Pro', async () => {
    expect(mayAsk('free', 'land_use')).toBe(false);
    const app = withProviders();
    const { browser: free } = await signedInUser(app, sql, 'free');
    const refused = await free.get(`${cambridge}/ask_chatgpt?question_key=land_use`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('FORBIDDEN');
    seen.length = 0;
    const { browser: pro } = await signedInUser(app, sql, 'pro');
    const res = await pro.get(`${cambridge}/ask_chatgpt?question_key=land_use`);
    expect(res.status).toBe(200);
    expect(res.json.questionKey).toBe('land_use');
    expect(seen.find((s) => s.path === '/ai/chat/completions')!.body.messages[1].content).toMatch(
      /Land use \(parcels per LBCS activity category\): unknown \d+, residential \d+/,
    );
  });
});
