import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { startJobQueue } from '../../../jobs/job-queue.ts';
import { startImportJob } from './import-job.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import type { TestBrowser } from '../../../testing/http-client.ts';
import { stopTestJobs } from '../../../testing/jobs.ts';

const sql = testDb();
const dataDir = mkdtempSync(join(tmpdir(), 'imports-route-'));
const logger = createLogger('silent');
const jobs = await startJobQueue(inject('databaseUrl'), logger);
// A queue of this file's own: other test files' workers never take its imports.
const importQueue = `imports-routes-${process.pid}-${Date.now().toString(36)}`;
const worker = await startImportJob(jobs, {
  sql,
  databaseUrl: inject('databaseUrl'),
  dataDir,
  logger,
  queue: importQueue,
  resendQueued: false,
});
const app = createApp({
  config: loadConfig({ DATA_DIR: dataDir, IMPORT_UPLOAD_MAX_MB: '1' }),
  sql,
  logger,
  jobs,
  importQueue,
  databaseUrl: inject('databaseUrl'),
});
let admin: TestBrowser;

beforeAll(async () => {
  admin = await signedInAdmin(app, sql);
});
afterAll(async () => {
  worker.stop();
  await stopTestJobs(jobs);
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(browser: TestBrowser, name: string, body: Uint8Array<ArrayBuffer> | string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream', 'X-CSRF-Token': browser.csrf };
  headers.Cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.request(
    `/admin/imports/uploads?name=${encodeURIComponent(name)}`,
    { method: 'POST', headers, body },
    { incoming: { socket: { remoteAddress: browser.address } } },
  );
}

// Three lots in Somerville with a county's own column names; one has no geometry.
const square = (x: number, y: number, d = 0.0002) => [
  [
    [x, y],
    [x + d, y],
    [x + d, y + d],
    [x, y + d],
    [x, y],
  ],
];
const geojson = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { PID: 'A-1', OWNER1: 'SMITH JOHN' },
      geometry: { type: 'Polygon', coordinates: square(-71.1, 42.39) },
    },
    {
      type: 'Feature',
      properties: { PID: 'A-2', OWNER1: 'DOE JANE' },
      geometry: { type: 'Polygon', coordinates: square(-71.101, 42.39) },
    },
    { type: 'Feature', properties: { PID: 'A-3', OWNER1: null }, geometry: null },
  ],
});

describe('the admin imports API', () => {
  it('answers 404 to anyone but an admin', async () => {
    const { browser } = await signedInUser(app, sql, 'free');
    expect((await browser.get('/admin/imports_exports/running.json')).status).toBe(404);
    expect((await upload(browser, 'x.geojson', geojson)).status).toBe(404);
    expect(
      (await browser.post('/admin/imports', { upload: '0123456789abcdef-x.geojson', place: '/us/ma/middlesex' }))
        .status,
    ).toBe(404);
  });

  it('refuses an upload over IMPORT_UPLOAD_MAX_MB and keeps nothing of it', async () => {
    const res = await upload(admin, 'big.csv', new Uint8Array(1024 * 1024 + 10).fill(65));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(readdirSync(join(dataDir, 'imports')).filter((f) => f.endsWith('big.csv'))).toEqual([]);
  });

  it('validates the start request and answers 404 for an unknown upload', async () => {
    const bad = await admin.post('/admin/imports', { upload: 'nope', place: 'middlesex' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('BAD_REQUEST');
    const missing = await admin.post('/admin/imports', {
      upload: '0123456789abcdef-x.geojson',
      place: '/us/ma/middlesex/x',
    });
    expect(missing.status).toBe(404);
  });

  it('27.3: starting an import into a place that does not exist answers 400 naming the closest real places, and queues nothing', async () => {
    const { upload: name } = await (await upload(admin, 'williamsburg.geojson', geojson)).json();
    const res = await admin.post('/admin/imports', { upload: name, place: '/us/va/williamsburg', dry_run: true });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('BAD_REQUEST');
    expect(res.json.error.message).toContain(
      'there is no place /us/va/williamsburg: did you mean /us/va/williamsburg-city',
    );
    expect(res.json.error.details.suggestions[0]).toEqual({
      path: '/us/va/williamsburg-city',
      headline: expect.stringContaining('Williamsburg'),
    });
    expect((await sql`SELECT 1 FROM parcel_imports WHERE place = '/us/va/williamsburg'`).length).toBe(0);
  });

  it('streams an upload to disk, runs a dry-run import with a mapping and lists it with its report', async () => {
    const uploaded = await upload(admin, 'county parcels.geojson', geojson);
    expect(uploaded.status).toBe(201);
    const { upload: name, bytes } = await uploaded.json();
    expect(name).toMatch(/^[a-f0-9]{16}-county_parcels\.geojson$/);
    expect(bytes).toBe(Buffer.byteLength(geojson));
    const started = await admin.post('/admin/imports', {
      upload: name,
      place: '/us/ma/middlesex/admin-import-test',
      dry_run: true,
      mapping: { parcelnumb: 'PID', owner: 'OWNER1' },
    });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ kind: 'import', place: '/us/ma/middlesex/admin-import-test', dry_run: true });
    let run = started.json;
    for (let i = 0; i < 240 && (run.status === 'queued' || run.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      run = (await admin.get(`/admin/imports/${run.id}`)).json;
    }
    expect(run.error).toBeNull();
    expect(run.status).toBe('done');
    expect(run.report).toMatchObject({ read: 3, loaded: 0, skipped: 1, details: { null_geometry: 1 } });
    expect(run.report.fill.find((f: { field: string }) => f.field === 'owner')).toMatchObject({
      source: 'OWNER1',
      share: 1,
    });
    const listed = await admin.get('/admin/imports_exports/running.json');
    expect(listed.json.imports.find((r: { id: number }) => r.id === run.id)).toMatchObject({ status: 'done' });
    const [parcels] =
      await sql`SELECT count(*)::int AS n FROM parcels WHERE source = 'import:/us/ma/middlesex/admin-import-test'`;
    expect(parcels!.n).toBe(0);
  });

  it('answers 503 when the process has no job queue to run imports', async () => {
    const apiOnly = createApp({ config: loadConfig({ DATA_DIR: dataDir }), sql, logger });
    const apiAdmin = await signedInAdmin(apiOnly, sql);
    const { upload: name } = await (await upload(admin, 'queue.geojson', geojson)).json();
    const res = await apiAdmin.post('/admin/imports', {
      upload: name,
      place: '/us/ma/middlesex/no-queue',
      dry_run: true,
    });
    expect(res.status).toBe(503);
    expect(res.json.error).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Imports cannot start in this process (no job queue)',
    });
    expect((await sql`SELECT 1 FROM parcel_imports WHERE place = '/us/ma/middlesex/no-queue'`).length).toBe(0);
  });

  it('writes an import row and its job together or not at all, so a failed send does not hold the place', async () => {
    // A queue that does not exist makes the job's insert fail after the row's: before the fix the
    // row stayed "queued" with no job, and every later start of the place answered 409.
    const broken = createApp({
      config: loadConfig({ DATA_DIR: dataDir }),
      sql,
      logger,
      jobs,
      importQueue: `missing-${process.pid}`,
    });
    const brokenAdmin = await signedInAdmin(broken, sql);
    const { upload: name } = await (await upload(admin, 'no-job.geojson', geojson)).json();
    const place = `/us/ma/middlesex/no-job-${process.pid}`;
    const failed = await brokenAdmin.post('/admin/imports', { upload: name, place, dry_run: true });
    expect(failed.status).toBe(500);
    expect(failed.json.error).toMatchObject({ code: 'INTERNAL' });
    expect(await sql`SELECT id FROM parcel_imports WHERE place = ${place}`).toEqual([]);
    const retried = await admin.post('/admin/imports', {
      upload: name,
      place,
      dry_run: true,
      mapping: { parcelnumb: 'PID' },
    });
    expect(retried.status).toBe(202);
    let run = retried.json;
    for (let i = 0; i < 240 && (run.status === 'queued' || run.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      run = (await admin.get(`/admin/imports/${run.id}`)).json;
    }
    expect(run.status).toBe('done');
  });

  it('answers 409 to a second import of a place while the first is queued or running', async () => {
    const { upload: name } = await (await upload(admin, 'one.geojson', geojson)).json();
    const place = `/us/ma/middlesex/admin-busy-${process.pid}`;
    // A queued row of this place stands for an import in progress (its job is never sent).
    const [queued] = await sql<
      { id: number }[]
    >`INSERT INTO parcel_imports (place, file, source, dry_run) VALUES (${place}, ${name}, ${`import:${place}`}, true) RETURNING id::int`;
    try {
      const second = await admin.post('/admin/imports', { upload: name, place, dry_run: true });
      expect(second.status).toBe(409);
      expect(second.json.error).toMatchObject({
        code: 'CONFLICT',
        message: `An import of ${place} is already queued or running (import ${queued!.id}): wait for it to finish`,
      });
      expect((await sql`SELECT 1 FROM parcel_imports WHERE place = ${place}`).length).toBe(1);
    } finally {
      await sql`UPDATE parcel_imports SET status = 'failed' WHERE id = ${queued!.id}`;
    }
    // Once it ended, the place takes a new import.
    const third = await admin.post('/admin/imports', {
      upload: name,
      place,
      dry_run: true,
      mapping: { parcelnumb: 'PID' },
    });
    expect(third.status).toBe(202);
    let run = third.json;
    for (let i = 0; i < 240 && (run.status === 'queued' || run.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      run = (await admin.get(`/admin/imports/${run.id}`)).json;
    }
    expect(run.status).toBe('done');
  });

  it("lists every user's exports beside the imports, running ones first, with progress and error", async () => {
    const { userId, email } = await signedInUser(app, sql, 'free');
    const made = await sql<{ id: number }[]>`
      INSERT INTO exports (user_id, kind, path, format, level, definition, status, requested, progress, error, token, created_at, expires_at)
      VALUES (${userId}, 'export', '/us/ma/middlesex/cambridge', 'csv', 'pro', '{"query":{"path":"/us/ma/middlesex/cambridge"}}', 3, 40, 0, 'Could not be completed', 'tok-a', now() - interval '1 minute', now() + interval '1 day'),
             (${userId}, 'export', '/us/ma/middlesex/somerville', 'gpkg', 'pro', '{"query":{"path":"/us/ma/middlesex/somerville"}}', 1, 1200, 45, NULL, 'tok-b', now() - interval '1 hour', now() + interval '1 day')
      RETURNING id::int`;
    const listed = (await admin.get('/admin/imports_exports/running.json')).json;
    const mine = listed.exports.filter((e: { id: number }) => made.some((m) => m.id === e.id));
    expect(mine).toEqual([
      expect.objectContaining({
        id: made[1]!.id,
        status: 1,
        status_text: 'In progress',
        progress: 45,
        requested: 1200,
        format: 'gpkg',
        user_email: email,
        error: null,
      }),
      expect.objectContaining({
        id: made[0]!.id,
        status: 3,
        status_text: 'Could not be completed',
        error: 'Could not be completed',
        path: '/us/ma/middlesex/cambridge',
      }),
    ]);
    const statuses: number[] = listed.exports.map((e: { status: number }) => e.status);
    expect(statuses.slice(statuses.findIndex((s) => s !== 1)).includes(1)).toBe(false);
    // Not left "in progress": the admin page would poll for it in other tests.
    await sql`UPDATE exports SET status = 3 WHERE id = ${made[1]!.id}`;
  });
});
