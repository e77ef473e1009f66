// The import job across a server stop: a worker's liveness is an advisory lock on its own connection,
// so ending that connection (what a killed process does) leaves a "running" row without its lock. The
// next reap queues it again and a live worker finishes it; on its last attempt it fails with a clear
// error instead. Never "running" forever.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Sql } from '../../../db/client.ts';
import { repoRoot } from '../../../paths.ts';
import { claimImport, importById } from './queries.ts';
import { runQueuedImport, uploadDirOf } from './runner.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { startJobQueue } from '../../../jobs/job-queue.ts';
import { importAttempts, startImportJob } from './import-job.ts';
import { stopTestJobs } from '../../../testing/jobs.ts';

const sql = testDb(3);
const logger = createLogger('silent');
const dataDir = mkdtempSync(join(tmpdir(), 'import-job-'));
mkdirSync(uploadDirOf(dataDir));
const boss = await startJobQueue(inject('databaseUrl'), logger);
const runs = new Map<number, (outcome: string) => void>();
const queue = `imports-job-test-${process.pid}-${Date.now().toString(36)}`;
const worker = await startImportJob(boss, {
  sql,
  databaseUrl: inject('databaseUrl'),
  dataDir,
  logger,
  resendQueued: false,
  queue,
  reapEveryMs: 3_600_000,
  onRun: (id, outcome) => runs.get(id)?.(outcome),
});
afterAll(async () => {
  worker.stop();
  await stopTestJobs(boss);
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const square = (x: number, y: number, d = 0.0002) => [
  [
    [x, y],
    [x + d, y],
    [x + d, y + d],
    [x, y + d],
    [x, y],
  ],
];
const upload = `0123456789abcdef-job-${process.pid}.geojson`;
writeFileSync(
  join(uploadDirOf(dataDir), upload),
  JSON.stringify({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { PID: 'J-1' }, geometry: { type: 'Polygon', coordinates: square(-71.1, 42.39) } },
      {
        type: 'Feature',
        properties: { PID: 'J-2' },
        geometry: { type: 'Polygon', coordinates: square(-71.101, 42.39) },
      },
    ],
  }),
);

/** A worker in a process of its own (testing/import-worker-child.ts) on a queue, and all it printed. */
function startWorkerProcess(childQueue: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(repoRoot, 'tileserver/src/testing/import-worker-child.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir, IMPORT_QUEUE: childQueue },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

async function queuedImport(place: string, on = queue): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO parcel_imports (place, file, source, dry_run, mapping, queue) VALUES (${place}, ${upload}, ${`import:${place}`}, true, '{"parcelnumb": "PID"}', ${on})
    RETURNING id::int`;
  return row!.id;
}

/** A worker in a server that is about to die: it claims the import on its own connection, then that connection ends. */
async function claimThenDie(id: number): Promise<void> {
  const doomed: Sql = createDb(inject('databaseUrl'), { max: 1 });
  const claimed = await claimImport(doomed, id);
  expect(claimed?.id).toBe(id);
  const [backend] = await doomed<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  // Still alive: the lock is held, so a reap leaves the run alone.
  expect((await worker.reap()).requeued).not.toContain(id);
  expect((await importById(sql, id))?.status).toBe('running');
  await sql`SELECT pg_terminate_backend(${backend!.pid})`;
  await doomed.end({ timeout: 1 }).catch(() => {});
}

/** Polls until `check` holds or 30 s pass. */
/** Polls for up to a minute: a full parallel test run can keep a killed worker's backend around for a while. */
async function until(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('the import job after a server stop', () => {
  it('runs again to the end an import whose worker process was killed mid-run', async () => {
    const place = `/us/ma/middlesex/job-killed-${process.pid}`;
    // The test holds the import's own per-place lock, so the child's import waits inside its
    // transaction, "running", until the child is killed: no race with a fast import.
    const holder = await sql.reserve();
    await holder`BEGIN`;
    await holder`SELECT pg_advisory_xact_lock(727100016, hashtext(${`import:${place}`}))`;
    const childQueue = `${queue}-child`;
    const id = await queuedImport(place, childQueue);
    const { child, output } = startWorkerProcess(childQueue);
    try {
      expect(await until(async () => output().includes('ready') || child.exitCode !== null), output()).toBe(true);
      await boss.send(childQueue, { id });
      // Staged and waiting for the place's lock inside its transaction.
      const waiting = async () =>
        (
          await sql`
        SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = 727100016
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`
        ).length > 0;
      expect(await until(waiting), output()).toBe(true);
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      await exited;
      expect((await importById(sql, id))?.status).toBe('running');
      // The "restarted server": a worker on the same queue reaps at start; this one's reaper runs now.
      const finished = new Promise<string>((done) => runs.set(id, done));
      const restarted = await startImportJob(boss, {
        sql,
        databaseUrl: inject('databaseUrl'),
        dataDir,
        logger,
        resendQueued: false,
        queue: childQueue,
        reapEveryMs: 3_600_000,
        onRun: (runId, outcome) => runs.get(runId)?.(outcome),
      });
      try {
        // Requeued by the restarted worker's reap at start (or by this poll's); the worker may already
        // have claimed it again, "running" a second attempt, before a loaded machine polls once.
        expect(
          await until(async () => {
            const row = await importById(sql, id);
            return row?.status !== 'running' || row.attempts > 1 || (await restarted.reap()).requeued.includes(id);
          }),
        ).toBe(true);
        await holder`COMMIT`;
        expect(await finished).toBe('done');
      } finally {
        restarted.stop();
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await holder`ROLLBACK`.catch(() => {});
      holder.release();
    }
    expect(await importById(sql, id)).toMatchObject({
      status: 'done',
      attempts: 2,
      error: null,
      report: { read: 2, skipped: 0 },
    });
  }, 150_000);

  it("takes the import's ogr2ogr down with a killed worker process, so it does not write on beside the retry", async () => {
    const place = `/us/ma/middlesex/job-ogr-${process.pid}`;
    const childQueue = `${queue}-ogr`;
    const id = await queuedImport(place, childQueue);
    // ogr2ogr looks up EPSG:4326 in spatial_ref_sys before it writes: a lock held there keeps it
    // running (waiting) for as long as the test needs.
    const holder = await sql.reserve();
    await holder`BEGIN`;
    await holder`LOCK TABLE spatial_ref_sys IN ACCESS EXCLUSIVE MODE`;
    const { child, output } = startWorkerProcess(childQueue);
    const writers = () =>
      readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((pid) => {
          try {
            const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
            return command.some((a) => a.endsWith('ogr2ogr')) && command.some((a) => a.includes(dataDir));
          } catch {
            return false; // gone meanwhile
          }
        });
    try {
      expect(await until(async () => output().includes('ready') || child.exitCode !== null), output()).toBe(true);
      await boss.send(childQueue, { id });
      expect(await until(async () => writers().length > 0), `no ogr2ogr started: ${output()}`).toBe(true);
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      await exited;
      expect(await until(async () => writers().length === 0), 'ogr2ogr outlived its worker').toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await holder`ROLLBACK`.catch(() => {});
      holder.release();
      // Whatever the outcome, this row must not stay running for the other tests' reaps.
      await sql`UPDATE parcel_imports SET status = 'failed' WHERE id = ${id}`;
    }
  });

  it('queues an import whose server died again, and a live worker finishes it', async () => {
    const id = await queuedImport(`/us/ma/middlesex/job-retry-${process.pid}`);
    await claimThenDie(id);
    const finished = new Promise<string>((resolve) => runs.set(id, resolve));
    let reaped = await worker.reap();
    // The backend may take a moment to go after pg_terminate_backend.
    for (let i = 0; i < 50 && !reaped.requeued.includes(id); i++) {
      await new Promise((r) => setTimeout(r, 100));
      reaped = await worker.reap();
    }
    expect(reaped.requeued).toContain(id);
    expect(await finished).toBe('done');
    const run = await importById(sql, id);
    expect(run).toMatchObject({ status: 'done', attempts: 2, error: null });
    expect(run?.report).toMatchObject({ read: 2, loaded: 0, skipped: 0 });
  });

  it(`fails an import interrupted on its last attempt (${importAttempts}) with an error that says what happened`, async () => {
    const id = await queuedImport(`/us/ma/middlesex/job-fail-${process.pid}`);
    await sql`UPDATE parcel_imports SET attempts = ${importAttempts - 1} WHERE id = ${id}`;
    await claimThenDie(id);
    let reaped = await worker.reap();
    for (let i = 0; i < 50 && !reaped.failed.includes(id); i++) {
      await new Promise((r) => setTimeout(r, 100));
      reaped = await worker.reap();
    }
    expect(reaped.failed).toContain(id);
    const run = await importById(sql, id);
    expect(run?.status).toBe('failed');
    expect(run?.error).toBe(
      `The server stopped while this import was running (${importAttempts} attempts). Nothing was changed: the place keeps its previous parcels. Start the import again.`,
    );
    expect(run?.finished_at).not.toBeNull();
  });

  it('drops the stage tables killed imports left behind once they are a day old, and no other', async () => {
    const old = `run_${(Date.now() - 25 * 3600_000).toString(36)}_a1b2c3`;
    const fresh = `run_${Date.now().toString(36)}_d4e5f6`;
    const other = `kept_${process.pid}`;
    for (const name of [old, fresh, other]) await sql.unsafe(`CREATE TABLE import_stage.${name} (_fid int)`);
    try {
      const { stageTablesDropped } = await worker.reap();
      expect(stageTablesDropped).toContain(old);
      const left = await sql<
        { name: string }[]
      >`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'import_stage' AND tablename IN (${old}, ${fresh}, ${other})`;
      expect(left.map((t) => t.name).sort()).toEqual([fresh, other].sort());
    } finally {
      for (const name of [old, fresh, other]) await sql.unsafe(`DROP TABLE IF EXISTS import_stage.${name}`);
    }
  });

  it('marks an import done in the transaction that commits its parcels, so a worker killed after that commit leaves nothing to run again', async () => {
    // Between the parcels' commit and the row's "done" lay ANALYZE parcels: a kill there left the row
    // "running" without its lock, and the reaper ran the import again, which then failed on the parcels
    // it had itself committed ("already has ... imported parcels"). One snapshot must never see the
    // parcels in with the row still running.
    const place = `/us/ma/middlesex/job-commit-${process.pid}`;
    const source = `import:${place}`;
    const [row] = await sql<{ id: number }[]>`
      INSERT INTO parcel_imports (place, file, source, dry_run, mapping, queue) VALUES (${place}, ${upload}, ${source}, false, '{"parcelnumb": "PID"}', ${`${queue}-none`})
      RETURNING id::int`;
    const id = row!.id;
    const watcher = await sql.reserve();
    try {
      let done = false;
      const running = runQueuedImport(id, { sql, databaseUrl: inject('databaseUrl'), dataDir, logger }).finally(
        () => (done = true),
      );
      const seen: string[] = [];
      while (!done) {
        const [state] = await watcher<{ parcels: number; status: string }[]>`
          SELECT (SELECT count(*)::int FROM parcels WHERE source = ${source}) AS parcels, (SELECT status FROM parcel_imports WHERE id = ${id}) AS status`;
        if (state!.parcels > 0) seen.push(state!.status);
        await new Promise((r) => setTimeout(r, 2));
      }
      expect(await running).toBe('done');
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((status) => status === 'running')).toEqual([]);
      expect(await importById(sql, id)).toMatchObject({
        status: 'done',
        attempts: 1,
        error: null,
        report: { read: 2, loaded: 2 },
      });
      // The reaper finds nothing of it to run again.
      expect((await worker.reap()).requeued).not.toContain(id);
    } finally {
      watcher.release();
      await sql`DELETE FROM parcels WHERE source = ${source}`;
      await sql`DELETE FROM places WHERE path = ${place}`.catch(() => {});
    }
  });

  it('runs two imports of one upload at once, each with its own mapping', async () => {
    // Each run writes its row's mapping to a file for the import to read; both wrote the same file
    // (beside the upload), so the run that read it last imported with the other one's mapping.
    const insert = async (place: string, mapping: object) =>
      (
        await sql<{ id: number }[]>`
      INSERT INTO parcel_imports (place, file, source, dry_run, mapping, queue) VALUES (${place}, ${upload}, ${`import:${place}`}, true, ${sql.json(mapping as never)}, ${`${queue}-none`})
      RETURNING id::int`
      )[0]!.id;
    const plain = { parcelnumb: 'PID' };
    const owned = { parcelnumb: 'PID', owner: { const: 'SECOND RUN OWNER' } };
    const first = await insert(`/us/ma/middlesex/job-map-a-${process.pid}`, plain);
    const second = await insert(`/us/ma/middlesex/job-map-b-${process.pid}`, owned);
    const deps = { sql, databaseUrl: inject('databaseUrl'), dataDir, logger };
    expect(await Promise.all([runQueuedImport(first, deps), runQueuedImport(second, deps)])).toEqual(['done', 'done']);
    expect((await importById(sql, first))?.report).toMatchObject({ mapping: plain });
    expect(((await importById(sql, first))?.report as { mapping?: object } | null)?.mapping).not.toHaveProperty(
      'owner',
    );
    expect((await importById(sql, second))?.report).toMatchObject({ mapping: owned });
  });

  it('does nothing for a second job of an import that already ran', async () => {
    const id = await queuedImport(`/us/ma/middlesex/job-twice-${process.pid}`);
    expect(await runQueuedImport(id, { sql, databaseUrl: inject('databaseUrl'), dataDir, logger })).toBe('done');
    expect(await runQueuedImport(id, { sql, databaseUrl: inject('databaseUrl'), dataDir, logger })).toBe('skipped');
    expect(await importById(sql, id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});
