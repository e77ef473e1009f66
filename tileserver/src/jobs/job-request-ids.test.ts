// Request ids end to end for background work: the request that starts an export puts its X-Request-Id
// into the job's data, and every log line of the job carries it (exports and imports alike), so one id finds the request and the work it caused (a load
// balancer's id included). Logs are captured from the real logger (pino, JSON lines).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { signedInAdmin, signedInUser } from '../testing/accounts.ts';
import { testDb } from '../testing/db.ts';
import { startJobQueue } from './job-queue.ts';
import { startExportJob } from '../features/commerce/exports/export-job.ts';
import { startImportJob } from '../features/ops/imports/import-job.ts';
import { stopTestJobs } from '../testing/jobs.ts';

interface LogLine {
  msg: string;
  requestId?: string;
  exportId?: number;
  import?: number;
}

const lines: LogLine[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  }),
);

const sql = testDb(3);
const dataDir = mkdtempSync(join(tmpdir(), 'export-job-test-'));
const databaseUrl = inject('databaseUrl');
const queue = `exports-request-id-${process.pid}`;
const boss = await startJobQueue(databaseUrl, logger);
await startExportJob(boss, { sql, databaseUrl, dataDir, logger, queue });
const importQueue = `imports-request-id-${process.pid}`;
const importWorker = await startImportJob(boss, {
  sql,
  databaseUrl,
  dataDir,
  logger,
  queue: importQueue,
  resendQueued: false,
});
const app = createApp({
  config: loadConfig({ DATA_DIR: dataDir, EXPORT_FREE_ROWS_PAID: '100000000' }),
  sql,
  logger,
  jobs: boss,
  exportQueue: queue,
  importQueue,
  databaseUrl,
});
afterAll(async () => {
  importWorker.stop();
  await stopTestJobs(boss);
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const cambridge = '/us/ma/middlesex/cambridge';

async function finished(id: number): Promise<number> {
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    const [row] = await sql<{ status: number }[]>`SELECT status FROM exports WHERE id = ${id}`;
    if (row!.status !== 1) return row!.status;
  }
  throw new Error(`export ${id} still in progress`);
}

describe('request ids in job logs', () => {
  it('logs the export job with the request id of the request that started it, a caller-given one included', async () => {
    const { browser } = await signedInUser(app, sql, 'team');
    const project = await browser.post('/projects.json', { name: 'Traced', query: { path: cambridge } });
    expect(project.status).toBe(201);
    const start = (requestId?: string) =>
      browser.post(
        `${cambridge}/exports/start.json`,
        { fmt: 'csv', all_parcels: 'false', map_id: project.json.id, query: { path: cambridge } },
        requestId ? { 'X-Request-Id': requestId } : {},
      );

    const own = await start();
    expect(own.status).toBe(201);
    const ownId = own.headers.get('x-request-id')!;
    expect(ownId).toMatch(/\S{8,}/);
    const given = await start('lb-trace-0123456789');
    expect(given.headers.get('x-request-id')).toBe('lb-trace-0123456789');

    for (const [answer, requestId] of [
      [own, ownId],
      [given, 'lb-trace-0123456789'],
    ] as const) {
      expect(await finished(answer.json.id)).toBe(2);
      // The last line is written just after the status.
      await expect.poll(() => lines.filter((l) => l.exportId === answer.json.id).length).toBe(2);
      const jobLines = lines.filter((l) => l.exportId === answer.json.id);
      expect(jobLines.map((l) => l.msg)).toEqual(['export started', 'export finished']);
      for (const line of jobLines) expect(line.requestId).toBe(requestId);
    }
  });
});

describe('request ids in import logs', () => {
  it('logs an import with the request id of the request that started it', async () => {
    const admin = await signedInAdmin(app, sql);
    const square = (x: number) => [
      [
        [x, 42.39],
        [x + 0.0002, 42.39],
        [x + 0.0002, 42.3902],
        [x, 42.3902],
        [x, 42.39],
      ],
    ];
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { PID: 'R-1' }, geometry: { type: 'Polygon', coordinates: square(-71.1) } },
      ],
    });
    const headers = {
      'Content-Type': 'application/octet-stream',
      'X-CSRF-Token': admin.csrf,
      Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const uploaded = await app.request(
      '/admin/imports/uploads?name=traced.geojson',
      { method: 'POST', headers, body: geojson },
      { incoming: { socket: { remoteAddress: admin.address } } },
    );
    expect(uploaded.status).toBe(201);
    const started = await admin.post(
      '/admin/imports',
      { upload: (await uploaded.json()).upload, place: '/us/ma/middlesex/request-id-test', dry_run: true },
      { 'X-Request-Id': 'import-trace-0123456789' },
    );
    expect(started.status).toBe(202);
    let run = started.json;
    for (let i = 0; i < 240 && (run.status === 'queued' || run.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      run = (await admin.get(`/admin/imports/${run.id}`)).json;
    }
    expect(run.status).toBe('done');
    const importLines = lines.filter((l) => l.import === run.id);
    expect(importLines.length).toBeGreaterThan(0);
    for (const line of importLines) expect(line.requestId).toBe('import-trace-0123456789');
  });
});
