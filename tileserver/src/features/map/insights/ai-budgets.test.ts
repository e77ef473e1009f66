// Ask A.I.'s daily budgets against a local server speaking the chat-completions protocol, which counts
// every call it gets: per client address, per account and for the whole deployment, held in PostgreSQL
// under parallel requests and across app instances; cached answers cost nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { aiTexts } from './policy.ts';

const sql = testDb(4);
let calls = 0;
let fail = false;
let provider: Server;
let base = '';
let places: string[] = [];

beforeAll(async () => {
  provider = createServer(async (req, res) => {
    for await (const _ of req);
    calls += 1;
    // A slow answer, so parallel requests really overlap at the budget.
    await new Promise((done) => setTimeout(done, 50));
    if (fail) return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `Answer ${calls}` } }] }));
  });
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  // Neighborhoods, then counties without parcels (their figures are quick): places nobody asked about yet.
  places = (
    await sql<{ path: string }[]>`
    SELECT path FROM places WHERE kind = 'neighborhood' OR (kind = 'county' AND path LIKE '/us/n%')
    ORDER BY kind DESC, path LIMIT 24`
  ).map((r) => r.path);
});
afterAll(async () => {
  provider.close();
  await sql.end();
});

const appWith = (env: Record<string, string>) =>
  createApp({
    config: loadConfig({ AI_BASE_URL: base, PROVIDER_TIMEOUT_MS: '2000', ...env }),
    sql,
    logger: createLogger('silent'),
  });
const ask = (browser: TestBrowser, place: string) => browser.get(`${place}/ask_chatgpt?question_key=overview`);
const usedBy = async (subject: string) =>
  (
    await sql<
      { used: number }[]
    >`SELECT used FROM provider_calls WHERE day = (now() AT TIME ZONE 'UTC')::date AND subject = ${subject}`
  )[0]?.used ?? 0;

describe('Ask A.I. daily budgets', () => {
  it('M9: one anonymous address causes at most AI_PER_DAY_ANON provider calls a day, in parallel and across processes; cached answers are free', async () => {
    expect(places.length).toBeGreaterThanOrEqual(20);
    const app = appWith({ AI_PER_DAY_ANON: '2', AI_DAILY_MAX: '0' });
    const address = '198.51.100.21';
    const before = calls;
    expect((await ask(new TestBrowser(app, address), places[0]!)).status).toBe(200);
    // The same question again, from a visitor without cookies on that address: the cached answer.
    const again = await ask(new TestBrowser(app, address), places[0]!);
    expect(again.status).toBe(200);
    expect(calls - before).toBe(1);
    const answers = await Promise.all(places.slice(1, 9).map((place) => ask(new TestBrowser(app, address), place)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.json.error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: aiTexts.anonSpent(2),
      details: { limit: 'daily' },
    });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(calls - before).toBe(2);
    expect(await usedBy(`ai:address:${address}`)).toBe(2);
    // Another server process (its own answer cache) reads the same count from PostgreSQL.
    const other = appWith({ AI_PER_DAY_ANON: '2', AI_DAILY_MAX: '0' });
    expect((await ask(new TestBrowser(other, address), places[10]!)).status).toBe(429);
    expect(calls - before).toBe(2);
    // Another address has its own budget.
    expect((await ask(new TestBrowser(app, '198.51.100.22'), places[10]!)).status).toBe(200);
  });

  it('M9: an account causes at most AI_PER_DAY_USER provider calls a day, whatever its address', async () => {
    const app = appWith({ AI_PER_DAY_USER: '1', AI_DAILY_MAX: '0' });
    const { browser, userId } = await signedInUser(app, sql, 'free');
    const before = calls;
    expect((await ask(browser, places[11]!)).status).toBe(200);
    const refused = await ask(browser, places[12]!);
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toBe(aiTexts.userSpent(1));
    expect(calls - before).toBe(1);
    expect(await usedBy(`ai:user:${userId}`)).toBe(1);
  });

  it('M9: the deployment cap AI_DAILY_MAX holds under parallel requests from many addresses (503 with a plain message), and a failed call is given back', async () => {
    const start = await usedBy('ai:deployment');
    const app = appWith({ AI_PER_DAY_ANON: '5', AI_DAILY_MAX: String(start + 3) });
    const before = calls;
    const answers = await Promise.all(
      places.slice(13, 23).map((place, i) => ask(new TestBrowser(app, `198.51.100.${40 + i}`), place)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const capped = answers.filter((a) => a.status === 503);
    expect(capped).toHaveLength(7);
    expect(capped[0]!.json.error).toMatchObject({ code: 'UNAVAILABLE', details: { limit: 'deployment' } });
    expect(capped[0]!.json.error.message).toBe(
      "Ask A.I. has reached this server's limit for today; it is available again after midnight UTC",
    );
    expect(calls - before).toBe(3);
    expect(await usedBy('ai:deployment')).toBe(start + 3);

    // A provider failure costs neither the address nor the deployment anything.
    const roomy = appWith({ AI_PER_DAY_ANON: '5', AI_DAILY_MAX: String(start + 10) });
    fail = true;
    try {
      expect((await ask(new TestBrowser(roomy, '198.51.100.60'), places[23]!)).status).toBe(503);
    } finally {
      fail = false;
    }
    expect(await usedBy('ai:address:198.51.100.60')).toBe(0);
    expect(await usedBy('ai:deployment')).toBe(start + 3);
  });
});
