import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { signedInUser } from '../../testing/accounts.ts';
import { testDb } from '../../testing/db.ts';
import { TestBrowser } from '../../testing/http-client.ts';
import { providerUrl } from './routes.ts';

const sql = testDb(3);
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

// The provider is a real local HTTP server: it records the URLs asked and fails for angle 270.
const asked: string[] = [];
let provider: Server;
let app: ReturnType<typeof createApp>;
let parcelPath: string;

beforeAll(async () => {
  provider = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url?.includes('angle=270')) return res.writeHead(500).end('down');
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
  });
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  app = createApp({
    config: loadConfig({ IMAGERY_STREET_URL: `${base}/street?loc={lat},{lon}&heading={heading}&key={key}`, IMAGERY_BIRDSEYE_URL: `${base}/birdseye?loc={lat},{lon}&angle={angle}&key={key}`, IMAGERY_KEY: 'secret-key' }),
    sql,
    logger: createLogger('silent'),
  });
  const rows = await sql<{ path: string }[]>`SELECT path FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 1`;
  parcelPath = rows[0]!.path;
});
afterAll(async () => {
  provider.close();
  await sql.end();
});

const image = (browser: TestBrowser, kind: 'street' | 'birdseye', extra = '') => browser.get(`/imagery/${kind}.jpg?path=${encodeURIComponent(parcelPath)}${extra}`);

describe('property imagery', () => {
  it('fills the provider template with the parcel point, heading and key, encoded', () => {
    expect(providerUrl('https://x/i?l={lat},{lon}&h={heading}&k={key}', { lat: 42.1, lon: -71.2, heading: 90, key: 'a b' })).toBe('https://x/i?l=42.100000,-71.200000&h=90&k=a%20b');
  });

  it('gives an anonymous visitor 5 images counted by their cookie, then asks them to register', async () => {
    const visitor = new TestBrowser(app);
    expect((await visitor.get('/users/0/img_limits')).json).toMatchObject({ metered: true, allowed: true, need: 'register', remaining: 5, used: 0, total: 5, initialized: true, providers: { street: true, birdseye: true } });
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
    expect(refused.json.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', details: { img_limits: { allowed: false } } });
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
    expect((await browser.get(`/users/${userId}/img_limits`)).json).toMatchObject({ metered: false, allowed: true, remaining: null, total: null });
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
