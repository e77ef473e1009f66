// Exports end to end on the real database, queue and GDAL: counts and checks against SQL, the manager
// rule, every format read back by ogrinfo (or parsed), job failure and retry, expiry (410, file gone),
// per-user links, a job enqueued before a restart, the job's clock, and the cart checkout charging once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { invitedMember, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import type { TestBrowser } from '../../../testing/http-client.ts';
import { startJobQueue } from '../../../jobs/job-queue.ts';
import { exportSender, runExport, startExportJob } from './export-job.ts';
import { exportById, insertExport } from './queries.ts';
import { exportFields, selectionSql } from './selection.ts';
import { cambridgeSquare } from '../../../testing/shapes.ts';
import { stopTestJobs } from '../../../testing/jobs.ts';

const sql = testDb(4);
const databaseUrl = inject('databaseUrl');
const dataDir = mkdtempSync(join(tmpdir(), 'exports-test-'));
const config = loadConfig({ DATA_DIR: dataDir, EXPORT_FREE_ROWS_PAID: '300' });
const logger = createLogger('silent');
let clock = new Date();
const now = () => clock;
const queue = `exports-test-${process.pid}`;
const boss = await startJobQueue(databaseUrl, logger);
await startExportJob(boss, { sql, databaseUrl, dataDir, logger, queue });
const payments = new LocalPaymentProvider(sql);
const app = createApp({ config, sql, logger, payments, now, jobs: boss, exportQueue: queue });
afterAll(async () => {
  await stopTestJobs(boss);
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const cambridge = '/us/ma/middlesex/cambridge';
async function proWithProject(level: 'pro' | 'team' = 'pro', filters: Record<string, unknown> = {}) {
  const user = await signedInUser(app, sql, level);
  const project = await user.browser.post('/projects.json', {
    name: 'Export study',
    query: { path: cambridge, filters },
  });
  expect(project.status).toBe(201);
  const focus = await user.browser.post('/neighborhoods.json', { name: 'Small square', shape: cambridgeSquare(0.25) });
  expect(focus.status).toBe(201);
  return { ...user, project: project.json, focusId: focus.json.id as number };
}

async function finished(id: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = (await exportById(sql, id))!;
    if (row.status !== 1) return row;
    if (Date.now() > until) throw new Error(`export ${id} still in progress`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A download as the browser gets it (TestBrowser answers JSON only). */
const download = (browser: TestBrowser, url: string) =>
  app.request(
    url,
    { headers: { Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } },
    { incoming: { socket: { remoteAddress: browser.address } } },
  );

const ogrinfo = (file: string) =>
  execFileSync('ogrinfo', ['-so', '-al', '-ro', file.endsWith('.zip') ? `/vsizip/${file}` : file], {
    encoding: 'utf8',
  });
const featureCount = (info: string) => Number(/Feature Count: (\d+)/.exec(info)![1]);

const countSql = async (path: string, focusId?: number, usecode?: string) => {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM parcels p WHERE p.path LIKE ${`${path}/%`}
      AND (${focusId ?? null}::bigint IS NULL OR ST_Intersects(ST_PointOnSurface(p.geom), (SELECT geom FROM focus_areas WHERE id = ${focusId ?? null})))
      AND (${usecode ?? null}::text IS NULL OR p.usecode = ${usecode ?? null})`;
  return row!.n;
};

describe('export counts and checks', () => {
  it('counts the project, the current selection and all parcels of the place as SQL does', async () => {
    const [{ usecode }] = (await sql<
      { usecode: string }[]
    >`SELECT usecode FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND usecode IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`) as unknown as [
      { usecode: string },
    ];
    const { browser, project, focusId } = await proWithProject('pro', { usecode: [usecode] });
    const counts = await browser.post(`${project.path}/blexts.json`, {
      query: { path: cambridge, parcel: { usecode: [usecode] }, focus_area_id: focusId },
    });
    expect(counts.status).toBe(200);
    expect(counts.json).toEqual({
      projectCount: await countSql(cambridge, undefined, usecode),
      currentCount: await countSql(cambridge, focusId, usecode),
      allCount: await countSql(cambridge, focusId),
      withDatasetCount: await countSql(cambridge, focusId, usecode),
    });
    expect(counts.json.currentCount).toBeGreaterThan(0);
  });

  it('prices a check from the counted selection and the month’s free rows, with every warning', async () => {
    const { browser, project, focusId } = await proWithProject();
    const n = await countSql(cambridge, focusId);
    const csv = await browser.post(`${project.path}/exports/check`, {
      fmt: 'csv',
      all_parcels: 'false',
      query: { path: cambridge, focus_area_id: focusId },
    });
    expect(csv.json.count).toBe(n);
    const free = Math.min(n, 300);
    expect(csv.json.limits).toEqual({ price: (n - free) * 10, remaining: 300, requested: n, monthly: 300 });
    expect(csv.json.review_label).toBe(n <= 300 ? 'Review Data & Download' : 'Review Data & Proceed to Cart');
    const shp = await browser.post(`${project.path}/exports/check`, {
      fmt: 'shp',
      query: { path: cambridge, focus_area_id: focusId },
    });
    expect(shp.json.limits.price).toBe(n * 15);
    const empty = await browser.post(`${project.path}/exports/check`, {
      fmt: 'csv',
      query: { path: cambridge, parcel: { usecode: ['no-such-code'] } },
    });
    expect(empty.json.warnings.map((w: { code: string }) => w.code)).toEqual(['empty']);
    // The multi-county warning appears exactly when the state's parcels lie in more than one county.
    const [counties] =
      await sql`SELECT count(DISTINCT split_part(path, '/', 4))::int AS n FROM parcels WHERE path LIKE '/us/ma/%'`;
    const state = await browser.post(`${project.path}/exports/check`, { fmt: 'shp', query: { path: '/us/ma' } });
    expect(state.json.warnings.some((w: { code: string }) => w.code === 'multi-county')).toBe(counties!.n > 1);
    const bad = await browser.post(`${project.path}/exports/check`, { fmt: 'pdf', query: { path: cambridge } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('BAD_REQUEST');
  });

  it('reports each exported field’s fill percentage in the selection as SQL counts it', async () => {
    const { browser, project, focusId } = await proWithProject();
    const res = await browser.post(`${project.path}/exports/coverage.json`, {
      fmt: 'csv',
      query: { path: cambridge, focus_area_id: focusId },
    });
    expect(res.status).toBe(200);
    const n = await countSql(cambridge, focusId);
    const [owners] =
      await sql`SELECT count(p.owner)::int AS n FROM parcels p WHERE p.path LIKE ${`${cambridge}/%`} AND ST_Intersects(p.geom, (SELECT geom FROM focus_areas WHERE id = ${focusId}))`;
    expect(res.json).toMatchObject({
      path: cambridge,
      sampled: n,
      verse_record: { headline: expect.stringContaining('Cambridge') },
      county: { admin1: 'Massachusetts' },
      schema: { owner: 'Owner' },
    });
    expect(res.json.coverage_fields.find((f: { name: string }) => f.name === 'owner').percent).toBe(
      Math.round((1000 * owners!.n) / n) / 10,
    );
    expect(res.json.top_fields).toHaveLength(10);
  });

  it('lets only managers download or add to the cart', async () => {
    const manager = await proWithProject('team');
    const member = await invitedMember(app, config, manager.browser);
    const check = await member.post(`${manager.project.path}/exports/check`, {
      fmt: 'csv',
      query: { path: cambridge, focus_area_id: manager.focusId },
    });
    expect(check.json).toMatchObject({
      is_manager: false,
      manager_message: 'Only available to managers. Please contact your account admin to change your user permissions.',
      quote: { can_download: false },
    });
    const start = await member.post(`${cambridge}/exports/start.json`, {
      fmt: 'csv',
      all_parcels: 'false',
      map_id: manager.project.id,
      query: { path: cambridge, focus_area_id: manager.focusId },
    });
    expect(start.status).toBe(403);
    expect(start.json.error.message).toBe(
      'Only available to managers. Please contact your account admin to change your user permissions.',
    );
    const cart = await member.post('/orders/cart/add_export_items.json', {
      items: [{ fmt: 'shp', map_id: manager.project.id, query: { path: cambridge, focus_area_id: manager.focusId } }],
    });
    expect(cart.status).toBe(403);
    const stranger = await signedInUser(app, sql, 'pro');
    expect(
      (await stranger.browser.post(`${manager.project.path}/exports/check`, { fmt: 'csv', query: { path: cambridge } }))
        .status,
    ).toBe(404);
  });
});

describe('export files', () => {
  it('gives ogr2ogr a statement that starts with SELECT, which GDAL streams through a cursor', () => {
    // Any other statement (WITH ...) GDAL runs whole into memory: 9 GB for the 1M-parcel county.
    const text = selectionSql(
      { query: { parcel: true, path: cambridge, filters: { usecode: ['101'] } }, focus_area_id: 1 },
      { exportId: 7 },
      'p.id',
    );
    expect(text.startsWith('SELECT ')).toBe(true);
    expect(text).not.toMatch(/\bWITH\b/);
  });

  async function freeCsv(browser: TestBrowser, mapId: number, focusId: number) {
    const start = await browser.post(`${cambridge}/exports/start.json`, {
      fmt: 'csv',
      all_parcels: 'false',
      map_id: mapId,
      query: { path: cambridge, focus_area_id: focusId },
    });
    expect(start.status, JSON.stringify(start.json)).toBe(201);
    return start.json as { id: number; url: string };
  }

  it('downloads a free csv whose rows, fields and values equal the database, for the caller’s level only', async () => {
    const { browser, project, focusId } = await proWithProject();
    const started = await freeCsv(browser, project.id, focusId);
    const res = await download(browser, started.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="parcels-ma-middlesex-cambridge-\d+\.csv"$/,
    );
    const [header, ...lines] = (await res.text()).trim().split('\n');
    const names = header!.split(',').map((h) => h.replace(/"/g, ''));
    expect(names[0]).toBe('WKT');
    expect(names.slice(1)).toEqual(exportFields('pro'));
    expect(names).not.toContain(exportFields('team').find((f) => !exportFields('pro').includes(f)));
    expect(lines.length).toBe(await countSql(cambridge, focusId));
    const row = (await exportById(sql, started.id))!;
    expect(row).toMatchObject({ status: 2, free_rows: lines.length, progress: 100 });
    const history = await browser.get(`${project.path}/exports.json`);
    expect(history.json).toMatchObject({
      show_history: true,
      downloaded_parcels_sum: lines.length,
      downloaded_parcels_remaining: 300 - lines.length,
    });
    expect(history.json.exports[0]).toMatchObject({
      id: started.id,
      status: 2,
      status_text: 'Download available',
      format: 'csv',
    });
  });

  it('exports exactly the hand-picked parcels, and refuses a parcel outside the place or a list over 5,000', async () => {
    const { browser, project } = await proWithProject('pro', { usecode: ['no-such-code'] });
    // Picked across the city, whatever the project's filters say: the picked parcels are the selection.
    const picked = (
      await sql<{ path: string }[]>`
        SELECT path FROM parcels WHERE path LIKE ${`${cambridge}/%`} ORDER BY md5(path) LIMIT 7`
    ).map((r) => r.path);
    const query = { path: cambridge, parcel: { usecode: ['no-such-code'] }, parcels: [...picked, picked[0]] };
    const checked = await browser.post(`${project.path}/exports/check`, { fmt: 'csv', query });
    expect(checked.status, JSON.stringify(checked.json)).toBe(200);
    expect(checked.json.count).toBe(7);
    const counted = await browser.post(`${project.path}/blexts.json`, { query });
    expect(counted.json).toMatchObject({ currentCount: 7, allCount: await countSql(cambridge) });
    const started = await browser.post(`${cambridge}/exports/start.json`, {
      fmt: 'csv',
      map_id: project.id,
      query,
    });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const res = await download(browser, started.json.url);
    expect(res.status).toBe(200);
    const [, ...lines] = (await res.text()).trim().split('\n');
    expect(lines.length).toBe(7);
    // Each row is one picked parcel (its path as a whole csv cell; WKT cells hold commas, so no split).
    const cell = (path: string) => new RegExp(`(^|,)"?${path}"?(,|$)`);
    for (const path of picked) expect(lines.filter((l) => cell(path).test(l)).length, path).toBe(1);

    const elsewhere = (
      await sql<{ path: string }[]>`SELECT path FROM parcels WHERE path NOT LIKE ${`${cambridge}/%`} LIMIT 1`
    )[0]!.path;
    const outside = await browser.post(`${project.path}/exports/check`, {
      fmt: 'csv',
      query: { path: cambridge, parcels: [picked[0], elsewhere] },
    });
    expect(outside.status).toBe(400);
    expect(outside.json.error.message).toBe(`1 of the 2 chosen parcels are not in ${cambridge}`);
    const tooMany = await browser.post(`${project.path}/exports/check`, {
      fmt: 'csv',
      query: { path: cambridge, parcels: Array.from({ length: 5001 }, (_, i) => `${cambridge}/${i}`) },
    });
    expect(tooMany.status).toBe(400);
  });

  it('writes every format so that GDAL reads the selection back in EPSG:4326', async () => {
    const { userId, browser, project, focusId } = await proWithProject();
    const n = await countSql(cambridge, focusId);
    const ids: Record<string, number> = {};
    const send = await exportSender(boss, queue);
    for (const format of ['shp', 'kml', 'geojson', 'gpkg', 'sql'] as const) {
      ids[format] = await insertExport(sql, {
        groupId: null,
        userId,
        projectId: project.id,
        orderId: null,
        kind: 'export',
        path: cambridge,
        format,
        product: null,
        level: format === 'gpkg' ? 'free' : 'pro',
        definition: { query: { parcel: true, path: cambridge, filters: {} }, focus_area_id: focusId },
        requested: n,
        freeRows: 0,
        priceCents: 0,
        token: `tok-${format}-${userId}`,
        createdAt: clock,
        expiresAt: new Date(clock.getTime() + 86400_000),
      });
      await send.enqueue(ids[format]!);
    }
    for (const format of ['shp', 'kml', 'geojson', 'gpkg'] as const) {
      const row = await finished(ids[format]!);
      expect(row.status).toBe(2);
      const file = join(dataDir, 'exports', row.filename!);
      const info = ogrinfo(file);
      expect(featureCount(info)).toBe(n);
      expect(info).toMatch(/WGS[ _]84|WGS_1984|EPSG[",]*4326/);
      if (format === 'gpkg') {
        // A free level's file has no premium (Pro) columns.
        expect(info).toContain('parcelnumb:');
        expect(info).not.toContain('zoning_type:');
      }
      if (format === 'geojson') {
        const json = JSON.parse(readFileSync(file, 'utf8'));
        const sample = json.features.find((f: { properties: { ll_uuid: string } }) => f.properties.ll_uuid);
        const [db] =
          await sql`SELECT parcelnumb, owner, address, ll_uuid::text AS ll_uuid FROM parcels WHERE ll_uuid = ${sample.properties.ll_uuid}`;
        expect({
          parcelnumb: sample.properties.parcelnumb,
          owner: sample.properties.owner,
          address: sample.properties.address,
          ll_uuid: sample.properties.ll_uuid,
        }).toEqual(db);
        expect(Object.keys(sample.properties)).toEqual(exportFields('pro'));
      }
    }
    const dump = readFileSync(join(dataDir, 'exports', (await finished(ids.sql!)).filename!), 'utf8');
    expect(dump).toContain('CREATE TABLE');
    const shpRes = await browser.get(`/exports/${ids.shp}/download?t=tok-shp-${userId}`);
    expect(shpRes.status).toBe(200);
  });

  it('marks a job that keeps failing as could not be completed, and a retry makes the file', async () => {
    const { userId, browser, project } = await proWithProject();
    const send = await exportSender(boss, queue);
    // A value PostgreSQL cannot cast makes ogr2ogr fail on every attempt.
    const id = await insertExport(sql, {
      groupId: null,
      userId,
      projectId: project.id,
      orderId: null,
      kind: 'export',
      path: cambridge,
      format: 'csv',
      product: null,
      level: 'pro',
      definition: { query: { parcel: true, path: cambridge, filters: { yearbuilt: { gte: 'not-a-year' } } } },
      requested: 1,
      freeRows: 0,
      priceCents: 0,
      token: `tok-fail-${userId}`,
      createdAt: clock,
      expiresAt: new Date(clock.getTime() + 86400_000),
    });
    await send.enqueue(id);
    const failed = await finished(id, 90_000);
    expect(failed).toMatchObject({ status: 3, error: 'Could not be completed', filename: null, attempts: 3 });
    expect((await browser.get(`/exports/${id}/download?t=tok-fail-${userId}`)).json.error.message).toBe(
      'Could not be completed',
    );
    await sql`UPDATE exports SET definition = ${sql.json({ query: { parcel: true, path: cambridge, filters: { yearbuilt: { gte: 2100 } } } })} WHERE id = ${id}`;
    const retried = await browser.post(`/exports/${id}/retry.json`, {});
    expect(retried.json).toMatchObject({ status: 1 });
    expect((await finished(id)).status).toBe(2);
  }, 120_000);

  it('answers 410 after 30 days and deletes the file; another user’s link is 404', async () => {
    const { browser, project, focusId } = await proWithProject();
    const started = await freeCsv(browser, project.id, focusId);
    expect((await browser.get(started.url)).status).toBe(200);
    const row = (await exportById(sql, started.id))!;
    const file = join(dataDir, 'exports', row.filename!);
    expect(existsSync(file)).toBe(true);
    const other = await signedInUser(app, sql, 'pro');
    expect((await other.browser.get(started.url)).status).toBe(404);
    expect((await browser.get(`/exports/${started.id}/download?t=wrong`)).status).toBe(404);
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + 30 * 86400_000 + 1000);
      const gone = await browser.get(started.url);
      expect(gone.status).toBe(410);
      expect(gone.json.error.code).toBe('GONE');
      expect(existsSync(file)).toBe(false);
      expect((await exportById(sql, started.id))!.status).toBe(4);
    } finally {
      clock = saved;
    }
  });

  it('finishes a job that was enqueued before a restart', async () => {
    const { userId, project, focusId } = await proWithProject();
    const restartQueue = `${queue}-restart`;
    const before = await startJobQueue(databaseUrl, logger);
    const id = await insertExport(sql, {
      groupId: null,
      userId,
      projectId: project.id,
      orderId: null,
      kind: 'export',
      path: cambridge,
      format: 'geojson',
      product: null,
      level: 'pro',
      definition: { query: { parcel: true, path: cambridge, filters: {} }, focus_area_id: focusId },
      requested: 1,
      freeRows: 0,
      priceCents: 0,
      token: `tok-restart-${userId}`,
      createdAt: clock,
      expiresAt: new Date(clock.getTime() + 86400_000),
    });
    await (await exportSender(before, restartQueue)).enqueue(id);
    await stopTestJobs(before);
    expect((await exportById(sql, id))!.status).toBe(1);
    const after = await startJobQueue(databaseUrl, logger);
    try {
      await startExportJob(after, { sql, databaseUrl, dataDir, logger, queue: restartQueue });
      expect((await finished(id)).status).toBe(2);
    } finally {
      await stopTestJobs(after);
    }
  });

  it('stamps a file the job finishes with the time of the job’s clock', async () => {
    const { userId, project, focusId } = await proWithProject();
    const at = new Date('2026-03-04T05:06:07Z');
    const id = await insertExport(sql, {
      groupId: null,
      userId,
      projectId: project.id,
      orderId: null,
      kind: 'export',
      path: cambridge,
      format: 'csv',
      product: null,
      level: 'pro',
      definition: { query: { parcel: true, path: cambridge, filters: {} }, focus_area_id: focusId },
      requested: 1,
      freeRows: 0,
      priceCents: 0,
      token: `tok-clock-${userId}`,
      createdAt: clock,
      expiresAt: new Date(clock.getTime() + 86400_000),
    });
    expect(await runExport(id, { sql, databaseUrl, dataDir, logger, clock: () => at })).toBe(2);
    expect((await exportById(sql, id))!.finished_at).toEqual(at);
  });
});

describe('the cart', () => {
  it('buys a shapefile over the allowance once per idempotency key and lists its file', async () => {
    const { browser, project, focusId } = await proWithProject();
    const n = await countSql(cambridge, focusId);
    const added = await browser.post('/orders/cart/add_export_items.json', {
      items: [
        { fmt: 'shp', all_parcels: 'false', map_id: project.id, query: { path: cambridge, focus_area_id: focusId } },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ url: '/orders/cart', total: n * 15, count: 1 });
    expect(added.json.items[`${cambridge}:shp`]).toMatchObject({
      path: cambridge,
      fmt: 'shp',
      count: n,
      price: n * 15,
      map_id: project.id,
    });
    const pm = (
      await browser.post('/payments/local/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        name: 'Pat Pro',
      })
    ).json.id;
    const first = await browser.post('/orders/cart/checkout.json', {
      payment_method_id: pm,
      idempotency_key: 'cart-key-123',
    });
    expect(first.status).toBe(201);
    const again = await browser.post('/orders/cart/checkout.json', {
      payment_method_id: pm,
      idempotency_key: 'cart-key-123',
    });
    expect(again.json).toMatchObject({ order_id: first.json.order_id, repeated: true });
    const [charges] =
      await sql`SELECT count(*)::int AS n, sum(amount_cents)::int AS cents FROM local_charges WHERE payment_method_id = ${pm}`;
    expect(charges).toEqual({ n: 1, cents: n * 15 });
    const [order] = await sql`SELECT kind, amount_cents FROM orders WHERE id = ${first.json.order_id}`;
    expect(order).toEqual({ kind: 'data', amount_cents: n * 15 });
    expect((await browser.get('/orders/cart.json')).json).toMatchObject({ total: 0, count: 0 });
    const file = await finished(first.json.exports[0]);
    expect(featureCount(ogrinfo(join(dataDir, 'exports', file.filename!)))).toBe(n);
    const listed = (await browser.get('/profile/exports.json')).json.exports.find(
      (e: { id: number }) => e.id === file.id,
    );
    expect(listed).toMatchObject({ status: 2, order_id: first.json.order_id, format: 'shp' });
    expect((await browser.get(listed.url)).status).toBe(200);
  });

  it('removes an item by {path}:{variant}', async () => {
    const { browser, project, focusId } = await proWithProject();
    await browser.post('/orders/cart/add_export_items.json', {
      items: [{ fmt: 'kml', map_id: project.id, query: { path: cambridge, focus_area_id: focusId } }],
    });
    const removed = await browser.post('/orders/cart/remove.json', { path: `${cambridge}:kml` });
    expect(removed.json).toMatchObject({ count: 0, total: 0 });
    expect((await browser.post('/orders/cart/remove.json', { path: `${cambridge}:kml` })).status).toBe(404);
  });
});
