// `npm run import` records its run where the admin page reads it: the real command-line entry runs in
// a child process over the test database, and its row (started from the command line, with progress,
// the report or the error, and the finished time) comes back from the admin route. A command killed
// mid-run is failed by the next reap, never queued for a worker that cannot read its file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createDb, type Sql } from '../../../db/client.ts';
import { repoRoot } from '../../../paths.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import type { TestBrowser } from '../../../testing/http-client.ts';
import { claimImport, createImport, importById, reapInterruptedImports } from './queries.ts';
import type { ImportRun } from '@parcel-map/contracts/ops/imports';

const sql = testDb(3);
const dir = mkdtempSync(join(tmpdir(), 'import-command-'));
const app = createApp({ config: loadConfig({ DATA_DIR: dir }), sql, logger: createLogger('silent') });
let admin: TestBrowser;
beforeAll(async () => {
  admin = await signedInAdmin(app, sql);
});
afterAll(async () => {
  await sql.end();
  rmSync(dir, { recursive: true, force: true });
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
const parcelsFile = join(dir, 'county-parcels.geojson');
writeFileSync(
  parcelsFile,
  JSON.stringify({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { PID: 'C-1' }, geometry: { type: 'Polygon', coordinates: square(-71.1, 42.39) } },
      {
        type: 'Feature',
        properties: { PID: 'C-2' },
        geometry: { type: 'Polygon', coordinates: square(-71.101, 42.39) },
      },
      { type: 'Feature', properties: { PID: 'C-3' }, geometry: null },
    ],
  }),
);
const mappingFile = join(dir, 'mapping.json');
writeFileSync(mappingFile, JSON.stringify({ parcelnumb: 'PID' }));

/** `npm run import -- ...` as the root script runs it (tsx over tileserver/src/cli/import.ts), over the test database. */
function importCommand(args: string[]): { status: number | null; output: string } {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', resolve(repoRoot, 'tileserver/src/cli/import.ts'), ...args],
    {
      cwd: repoRoot,
      // An operator's tool: it migrates and imports as the owner, as a deployment with a serving role does.
      env: {
        ...process.env,
        DATABASE_URL: inject('databaseUrl'),
        MIGRATION_DATABASE_URL: inject('ownerDatabaseUrl'),
        DATA_DIR: dir,
      },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { status: child.status, output: `${child.stdout}${child.stderr}` };
}

async function listed(place: string): Promise<ImportRun | undefined> {
  const answer = await admin.get('/admin/imports_exports/running.json');
  expect(answer.status).toBe(200);
  return (answer.json.imports as ImportRun[]).find((r) => r.place === place);
}

describe('imports started with npm run import', () => {
  it('are listed on the admin imports page as started from the command line, with progress, rows and finished time', async () => {
    const place = `/us/ma/middlesex/cli-import-${process.pid}`;
    const { status, output } = importCommand([parcelsFile, '--place', place, '--mapping', mappingFile, '--dry-run']);
    expect(status, output).toBe(0);
    const run = await listed(place);
    expect(output).toContain(`recorded as import ${run?.id} on the admin imports page`);
    expect(run).toMatchObject({
      kind: 'import',
      place,
      file: parcelsFile,
      status: 'done',
      dry_run: true,
      started_from: 'command_line',
      error: null,
      attempts: 1,
      progress: { phase: 'done', rows: 3, total: 3 },
      report: { read: 3, loaded: 0, skipped: 1 },
    });
    expect(Date.parse(run!.finished_at!)).toBeGreaterThanOrEqual(Date.parse(run!.started_at!));
  });

  it('are listed as failed with the error the command printed', async () => {
    const place = `/us/ma/middlesex/cli-import-bad-${process.pid}`;
    const missing = join(dir, 'no-such-file.geojson');
    const { status, output } = importCommand([missing, '--place', place, '--dry-run']);
    expect(status, output).toBe(1);
    const run = await listed(place);
    expect(run).toMatchObject({ status: 'failed', started_from: 'command_line', report: null });
    expect(run!.error).toBeTruthy();
    expect(output).toContain(`Import failed: ${run!.error}`);
    expect(run!.finished_at).not.toBeNull();
  });

  it('make no row for a malformed place, which is an argument error', async () => {
    const { status, output } = importCommand([parcelsFile, '--place', '/us/MA/Not_A_Place', '--dry-run']);
    expect(status, output).toBe(1);
    expect(output).toContain('--place must look like');
    expect((await sql`SELECT 1 FROM parcel_imports WHERE place = '/us/MA/Not_A_Place'`).length).toBe(0);
  });

  it('are failed, not queued again, when the command dies mid-run', async () => {
    const place = `/us/ma/middlesex/cli-import-killed-${process.pid}`;
    const row = await createImport(sql, {
      place,
      file: parcelsFile,
      source: `import:${place}`,
      dryRun: true,
      replace: false,
      mapping: undefined,
      queue: 'command-line',
      startedBy: null,
      startedFrom: 'command_line',
    });
    // The command's connection holds the liveness lock; ending it is what a killed command does.
    const command: Sql = createDb(inject('databaseUrl'), { max: 1 });
    expect((await claimImport(command, row.id))?.id).toBe(row.id);
    const [backend] = await command<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    expect((await reapInterruptedImports(sql, 2)).failed).not.toContain(row.id);
    await sql`SELECT pg_terminate_backend(${backend!.pid})`;
    await command.end({ timeout: 1 }).catch(() => {});
    let reaped = await reapInterruptedImports(sql, 2, { commandLineOnly: true });
    for (let i = 0; i < 50 && !reaped.failed.includes(row.id); i++) {
      await new Promise((r) => setTimeout(r, 100));
      reaped = await reapInterruptedImports(sql, 2, { commandLineOnly: true });
    }
    expect(reaped.failed).toContain(row.id);
    expect(await importById(sql, row.id)).toMatchObject({
      status: 'failed',
      error:
        'The import command stopped before this import finished. Nothing was changed: the place keeps its previous parcels. Run the command again.',
    });
  });
});
