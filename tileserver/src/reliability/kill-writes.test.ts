// Killing the server during writes. The real server (main.ts, role all: API, jobs, tiles) runs as a
// child process; clients save projects, post survey answers with photos and buy plans at the same time
// while exports run in its job queue; the process is SIGKILLed in the middle (no shutdown code runs)
// and started again on the same database and DATA_DIR. Asserted afterwards: every acknowledged write
// (2xx received) is there in full, a write in flight at the kill is there whole or not at all, no row
// points at a missing or partial file, the killed export is picked up again by pg-boss and finishes
// with a complete file (its half-made file never downloadable), its log lines carry the request id of
// the request that asked for it, and every checkout retried with its idempotency key after the kill
// ends with exactly one charge and one order.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { customerKey } from '../features/commerce/billing/checkout-steps.ts';
import { startJobQueue } from '../jobs/job-queue.ts';
import { LocalPaymentProvider } from '../payments/local/local-provider.ts';
import { signedInUser } from '../testing/accounts.ts';
import { startChildServer, type ChildServer } from '../testing/child-server.ts';
import { testDb } from '../testing/db.ts';
import { TestBrowser } from '../testing/http-client.ts';
import { noAnswer, remoteApp } from '../testing/remote-app.ts';
import { stopTestJobs } from '../testing/jobs.ts';

const cambridge = '/us/ma/middlesex/cambridge';
const dataDir = mkdtempSync(join(tmpdir(), 'kill-writes-'));
const env = {
  ADMIN_TOKEN: 'kill-writes-test-admin-token-0123456789ab',
  DATA_DIR: dataDir,
  EXPORT_FREE_ROWS_PAID: '100000000',
  EXPORTS_PER_MINUTE: '0',
  LOG_LEVEL: 'info',
};
const sql = testDb(3);
const payments = new LocalPaymentProvider(sql);
// Setup (accounts, a project, a survey, cards) goes through an app in this process; writes under test go to the child.
const app = createApp({ config: loadConfig(env), sql, logger: createLogger('silent'), payments });
let server: ChildServer;

beforeAll(async () => {
  server = await startChildServer(env, { role: 'all' });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The same signed-in user, talking to the child process. */
function remote(browser: TestBrowser): TestBrowser {
  const far = new TestBrowser(remoteApp(server.origin), browser.address);
  far.cookies = new Map(browser.cookies);
  far.csrf = browser.csrf;
  return far;
}

const cookieHeaders = (b: TestBrowser) => ({
  Cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  'X-CSRF-Token': b.csrf,
});

/** A JPEG as the server recognises one (its first bytes), with bytes of its own. */
const photoBytes = () =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, ...randomBytes(2000), 0xff, 0xd9]);

async function postSurveyAnswer(
  b: TestBrowser,
  surveyId: number,
  parcelPath: string,
  clientId: string,
  photo: Uint8Array,
): Promise<number> {
  const form = new FormData();
  form.set('client_id', clientId);
  form.set('parcel_path', parcelPath);
  form.set('answers', JSON.stringify({ occupied: 'Yes' }));
  form.set('photo', new Blob([photo as BlobPart], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${server.origin}/surveys/${surveyId}/posts.json`, {
    method: 'POST',
    body: form,
    headers: cookieHeaders(b),
  }).catch(() => undefined);
  await res?.arrayBuffer();
  return res?.status ?? noAnswer;
}

/** ogr2ogr processes writing into this test's DATA_DIR. */
function exportWriters(): string[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      } catch {
        return ''; // gone meanwhile
      }
    })
    .filter((command) => command.includes('ogr2ogr') && command.includes(dataDir));
}

describe('killing the server during writes', () => {
  it('keeps every acknowledged write whole, resumes the export job, and charges a retried checkout once', async () => {
    // --- setup: a Team manager with a project and a photo survey, checkout users with cards
    const owner = await signedInUser(app, sql, 'team');
    const project = await owner.browser.post('/projects.json', { name: 'Kill study', query: { path: cambridge } });
    expect(project.status).toBe(201);
    const questions = [
      {
        id: 'occupied',
        question: 'Is it occupied?',
        column: 'occupied',
        answers: [{ label: 'Yes', next: 'end' }, { label: 'No' }],
      },
    ];
    const survey = await owner.browser.post('/surveys.json', {
      map_id: project.json.id,
      name: 'Occupancy',
      questions: JSON.stringify(questions),
      photo_required: '1',
    });
    expect(survey.status).toBe(201);
    const [parcel] = await sql<
      { path: string }[]
    >`SELECT path FROM parcels WHERE path LIKE ${`${cambridge}/%`} ORDER BY id LIMIT 1`;
    const buyers: {
      browser: TestBrowser;
      userId: number;
      body: Record<string, unknown>;
      key: string;
      acked: string | undefined;
    }[] = [];
    for (let i = 0; i < 10; i++) {
      const { browser, userId } = await signedInUser(app, sql, 'free');
      const pm = (
        await browser.post('/payments/local/payment_methods', {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: 2035,
          cvc: '123',
          name: 'Kim Killtest',
        })
      ).json.id as string;
      const body = {
        plan: 'level1',
        cycle: 'monthly',
        payment_method_id: pm,
        agreement: true,
        group_name: `Kill ${process.pid} ${Date.now().toString(36)} ${i}`,
        idempotency_key: `kill-${process.pid}-${Date.now().toString(36)}-${i}`,
      };
      buyers.push({
        browser: remote(browser),
        userId,
        body,
        key: `sub_${userId}_${body.idempotency_key}`,
        acked: undefined,
      });
    }
    const me = remote(owner.browser);
    const saves = [0, 1, 2].map(() => ({ path: '', acked: -1, sent: -1 }));
    for (const [k, s] of saves.entries())
      s.path = (
        await owner.browser.post('/projects.json', { name: `Saved ${k}`, query: { path: cambridge } })
      ).json.path;

    // --- writers, until the kill
    let alive = true;
    const made: { name: string; path: string }[] = [];
    const posts = new Map<string, { photo: Uint8Array; acked: boolean }>();
    const style = { field: 'yearbuilt', predicate: 'lt', value: '1900', fill: '#ff0000', line: '#880000' };
    const saver = async (k: number) => {
      for (let i = 0; alive; i++) {
        saves[k]!.sent = i;
        const res = await me.put(`${saves[k]!.path}.json`, {
          name: `Saved ${k} v${i}`,
          styles: [{ ...style, value: String(1800 + i) }],
        });
        if (res.status === noAnswer) return;
        expect(res.status).toBe(200);
        saves[k]!.acked = i;
      }
    };
    const creator = async () => {
      for (let i = 0; alive; i++) {
        const name = `Made ${i}`;
        const res = await me.post('/projects.json', {
          name,
          query: { path: cambridge, filters: { usecode: ['101'] } },
          styles: [style],
        });
        if (res.status === noAnswer) return;
        expect(res.status).toBe(201);
        made.push({ name, path: res.json.path });
      }
    };
    const poster = async () => {
      while (alive) {
        const clientId = randomUUID();
        const photo = photoBytes();
        posts.set(clientId, { photo, acked: false });
        const status = await postSurveyAnswer(me, survey.json.id, parcel!.path, clientId, photo);
        if (status === noAnswer) return;
        expect(status).toBe(201);
        posts.get(clientId)!.acked = true;
      }
    };
    const buyer = async (lane: number) => {
      for (const b of buyers.filter((_, i) => i % 2 === lane)) {
        if (!alive) return;
        const res = await b.browser.post('/subscriptions.json', b.body);
        if (res.status === noAnswer) return;
        expect(res.status, JSON.stringify(res.json)).toBe(201);
        b.acked = res.json.charge_id;
        await new Promise((r) => setTimeout(r, 150));
      }
    };
    const writers = [saver(0), saver(1), saver(2), creator(), poster(), poster(), buyer(0), buyer(1)];

    // Two exports of every Cambridge parcel: large enough to be caught half-made.
    const exports: { id: number; url: string; requestId: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.origin}${cambridge}/exports/start.json`, {
        method: 'POST',
        headers: { ...cookieHeaders(me), 'Content-Type': 'application/json' },
        body: JSON.stringify({ fmt: 'csv', all_parcels: 'true', map_id: project.json.id, query: { path: cambridge } }),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { id: number; url: string };
      exports.push({ ...body, requestId: res.headers.get('x-request-id')! });
    }
    const ids = exports.map((e) => e.id);
    // The kill: once an export is running (an attempt counted, not finished) and the writers are busy.
    const started = Date.now();
    for (;;) {
      const [running] = await sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM exports WHERE id = ANY(${ids}) AND status = 1 AND attempts >= 1`;
      if ((running!.n > 0 && Date.now() - started > 700) || Date.now() - started > 30_000) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const atKill = await sql<
      { id: number; status: number; attempts: number }[]
    >`SELECT id::int, status, attempts FROM exports WHERE id = ANY(${ids}) ORDER BY id`;
    await server.kill();
    alive = false;
    await Promise.all(writers);
    // The killed server's ogr2ogr died with it (it would otherwise keep writing beside the retry).
    await expect.poll(() => exportWriters().length, { timeout: 3000 }).toBe(0);
    const firstLife = server.output();
    const killedAt = Date.now();
    server = await startChildServer(env, { role: 'all', port: server.port });
    const restartedAt = Date.now();

    const ackedSaves = saves.reduce((n, s) => n + s.acked + 1, 0);
    const ackedPosts = [...posts.values()].filter((p) => p.acked).length;
    console.log(
      `kill: exports at the kill ${JSON.stringify(atKill)}; acknowledged: ${ackedSaves} project saves, ${made.length} new projects, ${ackedPosts} survey posts, ${buyers.filter((b) => b.acked).length} of ${buyers.length} checkouts`,
    );
    expect(atKill.some((e) => e.status === 1 && e.attempts >= 1)).toBe(true);
    expect(ackedSaves + made.length + ackedPosts).toBeGreaterThan(10);

    // --- projects: each save is the last acknowledged one or the one in flight, never older, never half
    for (const [k, s] of saves.entries()) {
      const [row] = await sql<
        { name: string; styles: { value: string }[] }[]
      >`SELECT name, styles FROM projects WHERE group_id = (SELECT primary_group_id FROM users WHERE id = ${owner.userId}) AND name LIKE ${`Saved ${k}%`}`;
      const version = Number(/v(\d+)$/.exec(row!.name)?.[1] ?? -1);
      expect([s.acked, s.sent]).toContain(version);
      if (version >= 0) expect(String(row!.styles[0]!.value)).toBe(String(1800 + version));
    }
    for (const p of made) {
      const reopened = await me.get(`${p.path}.json`);
      expect(reopened.status).toBe(200);
      expect(reopened.json).toMatchObject({
        name: p.name,
        styles: expect.arrayContaining([expect.objectContaining({ field: 'yearbuilt', predicate: 'lt' })]),
      });
      expect(String(reopened.json.styles[0].value)).toBe('1900');
    }

    // --- survey posts: every acknowledged one with its photo; no row points at a missing or partial file
    const rows = await sql<
      { client_id: string; photo: string | null }[]
    >`SELECT client_id::text, photo FROM survey_posts WHERE survey_id = ${survey.json.id}`;
    const stored = new Map(rows.map((r) => [r.client_id, r.photo]));
    for (const [clientId, p] of posts) {
      if (p.acked) expect(stored.has(clientId), clientId).toBe(true);
      const name = stored.get(clientId);
      if (name)
        expect(Buffer.compare(readFileSync(join(dataDir, 'survey-photos', name)), Buffer.from(p.photo))).toBe(0);
    }
    for (const r of rows) expect(r.photo && existsSync(join(dataDir, 'survey-photos', r.photo))).toBeTruthy();
    // A post in flight at the kill, resent with its client id, is stored once.
    for (const [clientId, p] of [...posts].filter(([, p]) => !p.acked))
      expect([200, 201]).toContain(await postSurveyAnswer(me, survey.json.id, parcel!.path, clientId, p.photo));
    const [perClient] = await sql<
      { n: number; distinct: number }[]
    >`SELECT count(*)::int AS n, count(DISTINCT client_id)::int AS distinct FROM survey_posts WHERE survey_id = ${survey.json.id}`;
    expect(perClient!.n).toBe(perClient!.distinct);
    expect(perClient!.n).toBe(posts.size);

    // --- checkouts: retried with the same key, every one ends with one charge, one order, one plan
    for (const b of buyers) {
      const again = await b.browser.post('/subscriptions.json', b.body);
      expect(again.status, JSON.stringify(again.json)).toBe(201);
      if (b.acked) expect(again.json.charge_id).toBe(b.acked);
      const [charges] = await sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM local_charges WHERE idempotency_key = ${b.key}`;
      const orders = await sql<{ charge_id: string }[]>`SELECT charge_id FROM orders WHERE idempotency_key = ${b.key}`;
      const [plan] = await sql<{ tier: string; subscriptions: number }[]>`
        SELECT g.tier, (SELECT count(*)::int FROM subscriptions s WHERE s.group_id = g.id) AS subscriptions FROM users u JOIN groups g ON g.id = u.primary_group_id WHERE u.id = ${b.userId}`;
      expect({ charges: charges!.n, orders: orders.length, charge: orders[0]?.charge_id, plan }).toEqual({
        charges: 1,
        orders: 1,
        charge: again.json.charge_id,
        plan: { tier: 'pro', subscriptions: 1 },
      });
    }

    // --- exports: the killed job runs again and finishes; only a complete file is ever downloadable
    const exportsDir = join(dataDir, 'exports');
    for (const e of exports) {
      let row: { status: number; filename: string | null; requested: number; attempts: number } | undefined;
      for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
        [row] = await sql<
          { status: number; filename: string | null; requested: number; attempts: number }[]
        >`SELECT status, filename, requested, attempts FROM exports WHERE id = ${e.id}`;
        if (row!.status !== 1) break;
        // Until it is done, the download is the progress page; a file it serves is always complete.
        const pending = await fetch(`${server.origin}${e.url}`, { headers: cookieHeaders(me) });
        const text = await pending.text();
        if ((pending.headers.get('content-type') ?? '').includes('csv'))
          expect(text.trim().split('\n').length - 1).toBe(row!.requested);
        else expect(pending.status).toBe(202);
      }
      expect(row).toMatchObject({ status: 2 });
      console.log(
        `kill: export ${e.id} done ${Math.round((Date.now() - restartedAt) / 1000)} s after the restart (${Math.round((restartedAt - killedAt) / 1000)} s to restart), attempts ${row!.attempts}`,
      );
      const file = await fetch(`${server.origin}${e.url}`, { headers: cookieHeaders(me) });
      expect(file.status).toBe(200);
      const lines = (await file.text()).trim().split('\n');
      expect(lines.length - 1).toBe(row!.requested);
    }
    expect(readdirSync(exportsDir).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
    // No export row without its job: the row and the job are written in one transaction.
    const orphans = await sql`
      SELECT e.id FROM exports e WHERE e.user_id = ${owner.userId}
        AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'exports' AND j.data->>'id' = e.id::text)`;
    expect(orphans).toEqual([]);
    // The killed export's log lines, before and after the kill, carry the request id that asked for it.
    const killed = exports.find((e) => atKill.some((k) => k.id === e.id && k.status === 1 && k.attempts >= 1))!;
    const logLines = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; exportId?: number; requestId?: string });
    expect(logLines(firstLife).find((l) => l.msg === 'export started' && l.exportId === killed.id)?.requestId).toBe(
      killed.requestId,
    );
    expect(
      logLines(server.output()).find((l) => l.msg === 'export finished' && l.exportId === killed.id)?.requestId,
    ).toBe(killed.requestId);
  }, 300_000);

  it('writes an export and its job together or not at all', async () => {
    // A queue that does not exist makes the job's insert fail after the export row's: what a kill
    // between the two would leave is then visible (before the fix: an export "in progress" forever).
    const boss = await startJobQueue(inject('databaseUrl'), createLogger('silent'));
    try {
      const broken = createApp({
        config: loadConfig(env),
        sql,
        logger: createLogger('silent'),
        jobs: boss,
        exportQueue: `missing-${process.pid}`,
      });
      const { browser, userId } = await signedInUser(broken, sql, 'team');
      const project = await browser.post('/projects.json', { name: 'No job', query: { path: cambridge } });
      const start = await browser.post(`${cambridge}/exports/start.json`, {
        fmt: 'csv',
        all_parcels: 'true',
        map_id: project.json.id,
        query: { path: cambridge },
      });
      expect(start.status).toBe(500);
      expect(await sql`SELECT id FROM exports WHERE user_id = ${userId}`).toEqual([]);
    } finally {
      await stopTestJobs(boss);
    }
  });

  it('completes a checkout whose process died between the charge and the commit, on its retry, with the one charge', async () => {
    // What a kill at that moment leaves: the processor's side done (customer, card attached, charge
    // under the checkout's key), nothing of the checkout's own transaction (no account, order, plan).
    const { browser, userId } = await signedInUser(app, sql, 'free');
    const pm = (
      await browser.post('/payments/local/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2035,
        cvc: '123',
        name: 'Kim Killtest',
      })
    ).json.id as string;
    const body = {
      plan: 'level1',
      cycle: 'monthly',
      payment_method_id: pm,
      agreement: true,
      group_name: `Crash ${process.pid} ${Date.now().toString(36)}`,
      idempotency_key: `crash-${process.pid}-${Date.now().toString(36)}`,
    };
    const key = `sub_${userId}_${body.idempotency_key}`;
    const [user] = await sql<{ name: string; email: string }[]>`SELECT name, email FROM users WHERE id = ${userId}`;
    const customer = await payments.createCustomer({ ...user!, idempotencyKey: customerKey({ id: userId, ...user! }) });
    await payments.attachCard(customer.id, pm);
    const charged = await payments.charge({
      customerId: customer.id,
      token: pm,
      amountCents: 9900,
      description: 'Pro (monthly)',
      idempotencyKey: key,
    });

    const retried = await remote(browser).post('/subscriptions.json', body);
    expect(retried.status, JSON.stringify(retried.json)).toBe(201);
    expect(retried.json.charge_id).toBe(charged.id);
    const [charges] = await sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM local_charges WHERE payment_method_id = ${pm}`;
    const [order] = await sql<{ charge_id: string }[]>`SELECT charge_id FROM orders WHERE idempotency_key = ${key}`;
    expect({ charges: charges!.n, order: order?.charge_id }).toEqual({ charges: 1, order: charged.id });
  });
});
