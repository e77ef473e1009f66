// Places of an import: a brand-new city under an existing county (the `$7` bug), its outline derived
// from the parcels and marked so, and a clear error with nothing half-written when the database
// connection is lost mid-import.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@parcel-map/tileserver/app';
import { loadConfig } from '@parcel-map/tileserver/config';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { createLogger } from '@parcel-map/tileserver/logger';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { scratchDatabase } from '@parcel-map/tileserver/testing/db';
import { loadSources } from '../../../../data/load-real-data.ts';
import { realSources } from '../../../../data/sources.ts';
import type { Db } from '../../../../data/staging.ts';
import { importParcels, importSource, type ImportOptions } from './import-parcels.ts';

let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let dir: string;
const silent = () => {};
const run = (options: Partial<ImportOptions> & Pick<ImportOptions, 'file' | 'place'>) =>
  importParcels(scratch.sql, scratch.url, { log: silent, ...options });

/** A grid of `n` 30 m lots around (lon, lat), as a GeoJSON file with a county's column names. */
function lotsFile(name: string, lon: number, lat: number, n: number, extra: (i: number) => object = () => ({})) {
  const side = Math.ceil(Math.sqrt(n));
  const d = 0.0003;
  const features = Array.from({ length: n }, (_, i) => {
    const x = lon + (i % side) * d * 1.2;
    const y = lat + Math.floor(i / side) * d * 1.2;
    return {
      type: 'Feature',
      properties: { PID: `${name}-${i}`, OWNER: `OWNER ${i}`, ...extra(i) },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [x, y],
            [x + d, y],
            [x + d, y + d],
            [x, y + d],
            [x, y],
          ],
        ],
      },
    };
  });
  const file = join(dir, `${name}.geojson`);
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
  return file;
}

beforeAll(async () => {
  scratch = await scratchDatabase();
  await migrate(scratch.sql);
  const wanted = new Set(['us_states', 'us_counties']);
  await scratch.sql.begin((tx) =>
    loadSources(
      tx as unknown as Db,
      realSources.filter((s) => wanted.has(s.id)),
      silent,
    ),
  );
  dir = mkdtempSync(join(tmpdir(), 'import-places-'));
}, 240_000);

afterAll(async () => {
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an import into a place', () => {
  it('imports a small file into a brand-new city under an existing county', async () => {
    // The town column mapped to scity left the place's own name as an unused, untyped parameter ($7).
    const file = lotsFile('easthampton', -72.67, 42.266, 40, () => ({ CITY: 'EASTHAMPTON' }));
    const mappingFile = join(dir, 'easthampton.mapping.json');
    writeFileSync(mappingFile, JSON.stringify({ parcelnumb: 'PID', owner: 'OWNER', scity: 'CITY' }));
    const place = '/us/ma/hampshire/easthampton';
    const dry = await run({ file, place, mappingFile, dryRun: true });
    expect(dry.skipped).toBe(0);
    const report = await run({ file, place, mappingFile });
    expect(report.loaded).toBe(40);
    expect(report.placesCreated).toEqual([place]);
    const [row] = await scratch.sql<{ n: number; city: string }[]>`
      SELECT count(*)::int AS n, min(city) AS city FROM parcels WHERE source = ${importSource(place)}`;
    expect(row).toEqual({ n: 40, city: 'easthampton' });
  });

  it('outlines the new city from its parcels, covering every one, and says the outline is derived', async () => {
    const place = '/us/ma/hampshire/easthampton';
    const [city] = await scratch.sql<{ outline_derived: boolean; uncovered: number; parent_path: string }[]>`
      SELECT c.outline_derived, c.parent_path,
        (SELECT count(*)::int FROM parcels p WHERE p.source = ${importSource(place)} AND NOT ST_Covers(c.geom, p.geom)) AS uncovered
      FROM places c WHERE c.path = ${place}`;
    expect(city).toEqual({ outline_derived: true, uncovered: 0, parent_path: '/us/ma/hampshire' });
    const app = createApp({ config: loadConfig(), sql: scratch.sql, logger: createLogger('silent') });
    const derived = await (await app.request(`${place}/boundaries.json`)).json();
    expect(derived.properties).toMatchObject({ path: place, outline_derived: true });
    // The county's outline is the 1:500k boundary file's.
    const county = await (await app.request('/us/ma/hampshire/boundaries.json')).json();
    expect(county.properties).toMatchObject({ path: '/us/ma/hampshire', outline_derived: false });
  });
});

/** `npm run import -- ...` as the root script runs it, over the scratch database; resolves when it exits. */
function importCommand(args: string[]): { exited: Promise<{ status: number | null; output: string }> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(repoRoot, 'tileserver/src/cli/import.ts'), ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: scratch.url, DATA_DIR: dir },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { exited: new Promise((done) => child.on('close', (status) => done({ status, output }))) };
}

describe('an import whose database connection is lost', () => {
  it('stops with a clear message and exit 1, and the place keeps its previous parcels', async () => {
    const place = '/us/ma/hampshire/easthampton';
    const before = await scratch.sql<{ ll_uuid: string }[]>`
      SELECT ll_uuid::text FROM parcels WHERE source = ${importSource(place)} ORDER BY ll_uuid`;
    expect(before).toHaveLength(40);
    // The import's last write (its data_loads row) waits behind this lock, inside its transaction, after
    // it has deleted the previous parcels and inserted the new ones: its backend is then terminated.
    const holder = await scratch.sql.reserve();
    await holder`BEGIN`;
    await holder`LOCK TABLE data_loads IN EXCLUSIVE MODE`;
    const file = lotsFile('easthampton-2', -72.67, 42.266, 25, () => ({ CITY: 'EASTHAMPTON' }));
    const command = importCommand([
      file,
      '--place',
      place,
      '--replace',
      '--mapping',
      join(dir, 'easthampton.mapping.json'),
    ]);
    let terminated = 0;
    const deadline = Date.now() + 120_000;
    while (terminated === 0 && Date.now() < deadline) {
      const [killed] = await scratch.sql<{ n: number }[]>`
        SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'parcel-map import' AND wait_event_type = 'Lock'`;
      terminated = killed?.n ?? 0;
      if (terminated === 0) await new Promise((r) => setTimeout(r, 200));
    }
    await holder`ROLLBACK`;
    holder.release();
    expect(terminated).toBe(1);
    const { status, output } = await command.exited;
    expect(status).toBe(1);
    expect(output).toMatch(
      /Import failed: The database connection was lost during the import \(phase [a-z]+\)\. Nothing was changed: the import of \/us\/ma\/hampshire\/easthampton is one transaction/,
    );
    // A clear message, not the client's stack.
    expect(output).not.toMatch(/^\s+at /m);
    const after = await scratch.sql<{ ll_uuid: string }[]>`
      SELECT ll_uuid::text FROM parcels WHERE source = ${importSource(place)} ORDER BY ll_uuid`;
    expect(after).toEqual(before);
    const stage =
      await scratch.sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'import_stage'`;
    expect(stage).toEqual([]);
    const [row] = await scratch.sql<{ status: string; error: string }[]>`
      SELECT status, error FROM parcel_imports WHERE place = ${place} ORDER BY id DESC LIMIT 1`;
    expect(row?.status).toBe('failed');
    expect(row?.error).toMatch(/connection was lost/);
  }, 180_000);
});
