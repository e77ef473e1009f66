import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig, type Config } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { imageCsp, providerUrl } from './routes.ts';

const sql = testDb(3);
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

// The provider is a real local HTTP server: it records the URLs asked, fails for angle 270 and answers
// an SVG for angle 180.
const asked: string[] = [];
let provider: Server;
let app: ReturnType<typeof createApp>;
let config: Config;
let parcelPath: string;

beforeAll(async () => {
  provider = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url?.includes('angle=270')) return res.writeHead(500).end('down');
    // A provider (or whoever answers in its place) serving script in an SVG.
    if (req.url?.includes('angle=180'))
      return res
        .writeHead(200, { 'Content-Type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
  });
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  config = loadConfig({
    IMAGERY_STREET_URL: `${base}/street?loc={lat},{lon}&heading={heading}&key={key}`,
    IMAGERY_BIRDSEYE_URL: `${base}/birdseye?loc={lat},{lon}&angle={angle}&key={key}`,
    IMAGERY_KEY: 'secret-key',
  });
  app = createApp({ config, sql, logger: createLogger('silent') });
  const rows = await sql<
    { path: string }[]
  >`SELECT path FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 1`;
  parcelPath = rows[0]!.path;
});
afterAll(async () => {
  provider.close();
  await sql.end();
});

const image = (browser: TestBrowser, kind: 'street' | 'birdseye', extra = '') =>
  browser.get(`/imagery/${kind}.jpg?path=${encodeURIComponent(parcelPath)}${extra}`);

describe('property imagery', () => {
  it('fills the provider template with the parcel point, heading and key, encoded', () => {
    expect(
      providerUrl('https://x/i?l={lat},{lon}&h={heading}&k={key}', { lat: 42.1, lon: -71.2, heading: 90, key: 'a b' }),
    ).toBe('https://x/i?l=42.100000,-71.200000&h=90&k=a%20b');
  });

  it('gives an anonymous visitor 5 images counted by their cookie, then asks them to register', async () => {
    const visitor = new TestBrowser(app);
    expect((await visitor.get('/users/0/img_limits')).json).toMatchObject({
      metered: true,
      allowed: true,
      need: 'register',
      remaining: 5,
      used: 0,
      total: 5,
      initialized: true,
      providers: { street: true, birdseye: true },
    });
    for (let i = 0; i < 5; i++) {
      const res = await image(visitor, i % 2 ? 'birdseye' : 'street', i % 2 ? '&angle=90' : '&heading=45');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    expect(asked.some((u) => u.startsWith('/birdseye?') && u.endsWith('angle=90&key=secret-key'))).toBe(true);
    expect(asked.some((u) => u.startsWith('/street?') && u.includes('&heading=45&'))).toBe(true);
    const limits = (await visitor.get('/users/0/img_limits')).json;
    expect(limits).toMatchObject({ allowed: false, remaining: 0, used: 5, need: 'register' });
    expect(limits.message).toBe('You have viewed your 5 free images. Register for a free account to see more.');
    const refused = await image(visitor, 'street');
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      details: { img_limits: { allowed: false } },
    });
    // Another visitor (no cookie) starts with a fresh allowance.
    expect((await image(new TestBrowser(app), 'street')).status).toBe(200);
    // Without a heading, the camera on the nearest street faces the parcel.
    expect(asked.find((u) => u.startsWith('/street?') && !u.includes('&heading=45&'))).toMatch(/&heading=\d{1,3}&/);
  });

  it('counts concurrent requests atomically: never more than the allowance', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'free');
    const answers = await Promise.all(Array.from({ length: 8 }, () => image(browser, 'street')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    const limits = (await browser.get(`/users/${userId}/img_limits`)).json;
    expect(limits).toMatchObject({ need: 'upgrade', used: 5, allowed: false });
    expect(limits.message).toBe('You have viewed your 5 free images. Upgrade to Pro for unlimited imagery.');
    expect((await browser.get(`/users/${userId + 1}/img_limits`)).status).toBe(404);
  });

  it('gives a failed image back and says imagery is unavailable there', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'free');
    const failed = await image(browser, 'birdseye', '&angle=270');
    expect(failed.status).toBe(503);
    expect(failed.json.error.message).toBe('Imagery is unavailable here');
    expect((await browser.get(`/users/${userId}/img_limits`)).json).toMatchObject({ used: 0, remaining: 5 });
    expect((await image(browser, 'birdseye', '&angle=45')).status).toBe(400);
  });

  it('does not meter Pro users', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'pro');
    for (let i = 0; i < 7; i++) expect((await image(browser, 'street')).status).toBe(200);
    expect((await browser.get(`/users/${userId}/img_limits`)).json).toMatchObject({
      metered: false,
      allowed: true,
      remaining: null,
      total: null,
    });
  });

  it('M8: visitors without a cookie are metered by client address too: 30 parallel cookie-less requests from one address make 20 provider calls', async () => {
    const before = asked.length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => image(new TestBrowser(app, '198.51.100.8'), 'street')),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json.error.message).toBe(
      'You have viewed your 5 free images. Register for a free account to see more.',
    );
    expect(asked.length - before).toBe(20);
    // Each visitor's own cookie count was given back when the address refused it.
    const [row] = await sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM image_views WHERE subject LIKE 'visitor:%' AND used = 0`;
    expect(row!.n).toBeGreaterThanOrEqual(10);
  });

  it("M8: the deployment's daily cap IMAGERY_DAILY_MAX holds under parallel requests of unmetered users: 503 with a plain message, no provider call past it", async () => {
    const [row] = await sql<
      { used: number }[]
    >`SELECT used FROM provider_calls WHERE day = (now() AT TIME ZONE 'UTC')::date AND subject = 'imagery:deployment'`;
    const capped = createApp({
      config: { ...config, IMAGERY_DAILY_MAX: (row?.used ?? 0) + 4 },
      sql,
      logger: createLogger('silent'),
    });
    const { browser } = await signedInUser(capped, sql, 'pro');
    const before = asked.length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => image(browser, 'street')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const over = answers.filter((a) => a.status === 503);
    expect(over).toHaveLength(8);
    expect(over[0]!.json.error).toMatchObject({
      code: 'UNAVAILABLE',
      message: "Property imagery has reached this server's limit for today; it is available again after midnight UTC",
      details: { limit: 'deployment' },
    });
    expect(Number(over[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(asked.length - before).toBe(4);
  });

  it('M8: property images are under the per-minute limit of the expensive routes (IMAGERY_PER_MINUTE)', async () => {
    const limited = createApp({ config: { ...config, IMAGERY_PER_MINUTE: 3 }, sql, logger: createLogger('silent') });
    const { browser } = await signedInUser(limited, sql, 'pro');
    const before = asked.length;
    for (let i = 0; i < 3; i++) expect((await image(browser, 'street')).status).toBe(200);
    const over = await image(browser, 'street');
    expect(over.status).toBe(429);
    expect(over.json.error.message).toBe('Too many property image requests; wait a minute and try again');
    expect(asked.length - before).toBe(3);
  });

  it('L21: serves only raster images typed by their bytes, under a CSP; an SVG from the provider is refused and given back', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'free');
    const ok = await image(browser, 'street');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(ok.headers.get('content-security-policy')).toBe(imageCsp);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await image(browser, 'birdseye', '&angle=180');
    expect(svg.status).toBe(503);
    expect(svg.headers.get('content-type')).toContain('application/json');
    expect((await browser.get(`/users/${userId}/img_limits`)).json).toMatchObject({ used: 1, remaining: 4 });
  });

  it('says plainly when no provider is configured', async () => {
    const bare = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
    const visitor = new TestBrowser(bare);
    expect((await visitor.get('/users/0/img_limits')).json.providers).toEqual({ street: false, birdseye: false });
    const res = await visitor.get(`/imagery/street.jpg?path=${encodeURIComponent(parcelPath)}`);
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe('Property imagery is not configured on this server.');
  });
});
