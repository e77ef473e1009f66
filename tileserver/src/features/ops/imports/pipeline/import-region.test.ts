// A file covering towns of two states, imported in one run with --place /us: real Cambridge parcels
// and the same outlines moved into Nashua, NH (ST_Translate), with a TOWN column, a few lots out in
// the Atlantic and a row without geometry. Each parcel lands in its county by its inside point and in
// its city by the town column (an existing city matched by name, a new one outlined from its parcels),
// one report per place and a summary; a state run keeps to its state; a zip of two databases is
// staged database by database and imported the same way.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '@parcel-map/tileserver/db/client';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { repoRoot } from '@parcel-map/tileserver/paths';
import { scratchDatabase } from '@parcel-map/tileserver/testing/db';
import { loadSources } from '../../../../data/load-real-data.ts';
import { realSources } from '../../../../data/sources.ts';
import type { Db } from '../../../../data/staging.ts';
import { importParcels, importSource, type ImportOptions } from './import-parcels.ts';
import { formatRegionSummary, isRegionReport, type RegionReport } from './import-region.ts';
import { regionOf, resolveTowns, townColumn, townSlug } from './place-split.ts';

const cambridge = '/us/ma/middlesex/cambridge';
const main = createDb(inject('databaseUrl'), { max: 1 });
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let dir: string;
let file: string;
let nashua: string;
const silent = () => {};
const progress: { phase: string; placesDone?: number; places?: number }[] = [];

async function run(options: Partial<ImportOptions> & Pick<ImportOptions, 'place'>): Promise<RegionReport> {
  const report = await importParcels(scratch.sql, scratch.url, {
    file,
    log: silent,
    mappingFile: join(dir, 'mapping.json'),
    progress: (p) => progress.push(p),
    ...options,
  });
  if (!isRegionReport(report)) throw new Error('expected a report over places');
  return report;
}

interface Feature {
  type: 'Feature';
  properties: Record<string, string | null>;
  geometry: unknown;
}
const collection = (features: Feature[]) => JSON.stringify({ type: 'FeatureCollection', features });
let ma: Feature[];
let nh: Feature[];

beforeAll(async () => {
  scratch = await scratchDatabase();
  await migrate(scratch.sql);
  const wanted = new Set(['us_states', 'us_counties', 'cambridge_city_boundary']);
  await scratch.sql.begin((tx) =>
    loadSources(
      tx as unknown as Db,
      realSources.filter((s) => wanted.has(s.id)),
      silent,
    ),
  );
  // Cambridge parcels; the same outlines 0.37° west and north are in Nashua, NH; 3° east is the sea.
  const rows = await main<{ pid: string; owner: string | null; here: string; nh: string; sea: string }[]>`
    SELECT parcelnumb AS pid, owner, ST_AsGeoJSON(geom, 8) AS here, ST_AsGeoJSON(ST_Translate(geom, -0.37, 0.37), 8) AS nh,
      ST_AsGeoJSON(ST_Translate(geom, 3, 0), 8) AS sea
    FROM parcels WHERE source = 'cambridge_parcels_fy2014' AND parcelnumb IS NOT NULL ORDER BY id LIMIT 40`;
  const feature = (pid: string, town: string | null, owner: string | null, geometry: string | null): Feature => ({
    type: 'Feature',
    properties: { PID: pid, TOWN: town, OWNER: owner },
    geometry: geometry ? JSON.parse(geometry) : null,
  });
  // 35 in Cambridge (5 without a town: placed by the city boundary), 30 in Nashua.
  ma = rows.slice(0, 35).map((r, i) => feature(r.pid, i < 30 ? 'CAMBRIDGE' : null, r.owner, r.here));
  nh = rows.slice(0, 30).map((r) => feature(`NH-${r.pid}`, 'Nashua', r.owner, r.nh));
  const elsewhere = [
    ...rows.slice(35, 38).map((r) => feature(`SEA-${r.pid}`, 'NOWHERE', null, r.sea)),
    feature('NO-GEOMETRY', 'CAMBRIDGE', null, null),
  ];
  dir = mkdtempSync(join(tmpdir(), 'import-region-'));
  file = join(dir, 'two-states.geojson');
  writeFileSync(file, collection([...ma, ...nh, ...elsewhere]));
  writeFileSync(join(dir, 'mapping.json'), JSON.stringify({ parcelnumb: 'PID', owner: 'OWNER' }));
  const [county] = await scratch.sql<{ path: string }[]>`
    SELECT path FROM places WHERE kind = 'county' AND path LIKE '/us/nh/%' AND ST_Intersects(geom, ST_SetSRID(ST_Point(-71.47, 42.75), 4326))`;
  nashua = `${county!.path}/nashua`;
}, 240_000);

afterAll(async () => {
  await main.end();
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const parcelsOf = (place: string) =>
  scratch.sql<{ path: string; parcelnumb: string; ll_uuid: string }[]>`
    SELECT path, parcelnumb, ll_uuid::text FROM parcels WHERE source = ${importSource(place)} ORDER BY parcelnumb`;

describe('places of a run over a state or the country', () => {
  it('takes the country or a state as a region, finds the town column by its usual names and makes path segments of town names', () => {
    expect(regionOf('/us')).toEqual({ path: '/us', state: null });
    expect(regionOf('/us/ma')).toEqual({ path: '/us/ma', state: 'ma' });
    expect(regionOf('/us/ma/middlesex')).toBeNull();
    expect(townColumn(['LOC_ID', 'TOWN_ID', 'SITE_CITY', 'OWNER'])).toBe('SITE_CITY');
    expect(townColumn(['parcel_id', 'Municipality'])).toBe('Municipality');
    expect(townColumn(['LOC_ID', 'TOWN_ID'])).toBeNull();
    expect(townSlug('NORTH ADAMS')).toBe('north-adams');
    expect(townSlug('Town of Amherst')).toBe('amherst');
    expect(townSlug('MANCHESTER-BY-THE-SEA')).toBe('manchester-by-the-sea');
    expect(townSlug(' 095 ')).toBeNull();
    expect(townSlug('')).toBeNull();
  });

  it("keeps a town's parcels that fall across a county line in the town, under the county holding most of them", () => {
    const cities = [{ path: cambridge, name: 'Cambridge', parent_path: '/us/ma/middlesex' }];
    const resolved = resolveTowns(
      [
        { county: '/us/ma/middlesex', town: 'SOMERVILLE', n: 14_509 },
        // One Somerville lot whose inside point is on the Suffolk side of the 1:500k line.
        { county: '/us/ma/suffolk', town: 'SOMERVILLE', n: 1 },
        { county: '/us/ma/middlesex', town: 'Cambridge', n: 10 },
        { county: '/us/ma/suffolk', town: 'BOSTON', n: 3 },
        { county: '/us/nh/hillsborough', town: 'NASHUA', n: 5 },
        { county: '/us/nh/hillsborough', town: '095', n: 2 },
      ],
      cities,
    );
    expect(resolved.map((r) => [r.county, r.town, r.path])).toEqual([
      ['/us/ma/middlesex', 'SOMERVILLE', '/us/ma/middlesex/somerville'],
      ['/us/ma/suffolk', 'SOMERVILLE', '/us/ma/middlesex/somerville'],
      ['/us/ma/middlesex', 'Cambridge', cambridge],
      ['/us/ma/suffolk', 'BOSTON', '/us/ma/suffolk/boston'],
      ['/us/nh/hillsborough', 'NASHUA', '/us/nh/hillsborough/nashua'],
    ]);
  });
});

describe('a file holding towns of two states, imported with --place /us', () => {
  it('puts every parcel in its county and town, one report per place, and refuses the ones in no county', async () => {
    expect(nashua).toBe('/us/nh/hillsborough/nashua');
    const report = await run({ place: '/us' });
    expect(report.places.map((p) => [p.place, p.loaded])).toEqual([
      [cambridge, 35],
      [nashua, 30],
    ]);
    expect(report.loaded).toBe(65);
    expect(report.read).toBe(69);
    expect(report.details).toMatchObject({ outside_place: 3, no_geometry: 1 });
    expect(report.split.townColumn).toBe('TOWN');
    // Cambridge is the loaded city, matched by name; Nashua is new, outlined from its parcels.
    expect(report.placesCreated).toEqual([nashua]);
    const places = await scratch.sql<{ path: string; outline_derived: boolean; source: string }[]>`
      SELECT path, outline_derived, source FROM places WHERE path IN (${cambridge}, ${nashua}) ORDER BY path`;
    expect(places).toEqual([
      { path: cambridge, outline_derived: false, source: 'cambridge_city_boundary' },
      { path: nashua, outline_derived: true, source: importSource(nashua) },
    ]);
    const inCambridge = await parcelsOf(cambridge);
    expect(inCambridge.map((p) => p.parcelnumb).sort()).toEqual(ma.map((f) => f.properties.PID).sort());
    expect(inCambridge.every((p) => p.path.startsWith(`${cambridge}/`))).toBe(true);
    const inNashua = await parcelsOf(nashua);
    expect(inNashua).toHaveLength(30);
    expect(inNashua.every((p) => p.path.startsWith(`${nashua}/`) && p.parcelnumb.startsWith('NH-'))).toBe(true);
    // Progress over the whole run: places done of all.
    expect(progress.some((p) => p.phase === 'loading' && p.places === 2 && p.placesDone === 1)).toBe(true);
    const summary = formatRegionSummary(report);
    expect(summary).toContain(`${nashua}`);
    expect(summary).toContain('outside /us: 3 parcels in no county of it');
  });

  it('with --place /us/ma keeps to Massachusetts: the Nashua lots are refused as outside the state and left as they were', async () => {
    const nashuaBefore = await parcelsOf(nashua);
    const cambridgeBefore = await parcelsOf(cambridge);
    await expect(run({ place: '/us/ma' })).rejects.toThrow(
      `${cambridge} already has 35 imported parcels; add --replace to swap them for this file`,
    );
    const report = await run({ place: '/us/ma', replace: true });
    expect(report.places.map((p) => [p.place, p.loaded])).toEqual([[cambridge, 35]]);
    expect(report.details).toMatchObject({ outside_place: 33, no_geometry: 1 });
    expect(await parcelsOf(nashua)).toEqual(nashuaBefore);
    // The same parcels re-imported keep their paths and ll_uuids.
    expect(await parcelsOf(cambridge)).toEqual(cambridgeBefore);
  });

  it('imports a zip of two databases (one per state) in one run, each staged on its own', async () => {
    const folder = join(dir, 'towns');
    mkdirSync(folder);
    writeFileSync(join(folder, 'cambridge.geojson'), collection(ma));
    // The second database has a column the first lacks: the merged stage table keeps both.
    writeFileSync(
      join(folder, 'nashua.geojson'),
      collection(nh.map((f) => ({ ...f, properties: { ...f.properties, WARD: '3' } }))),
    );
    const zip = spawnSync('zip', [
      '-qj',
      join(dir, 'towns.zip'),
      join(folder, 'cambridge.geojson'),
      join(folder, 'nashua.geojson'),
    ]);
    expect(zip.status).toBe(0);
    const report = await run({ place: '/us', file: join(dir, 'towns.zip'), replace: true });
    expect(report.files).toHaveLength(2);
    expect(report.places.map((p) => [p.place, p.loaded])).toEqual([
      [cambridge, 35],
      [nashua, 30],
    ]);
    // The same two databases as an unzipped folder (a dry run: counted, nothing changed).
    const dry = await run({ place: '/us', file: folder, dryRun: true });
    expect(dry.files).toHaveLength(2);
    expect(dry.places.map((p) => [p.place, p.read, p.loaded])).toEqual([
      [cambridge, 35, 0],
      [nashua, 30, 0],
    ]);
    const [ward] = await scratch.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcels WHERE source = ${importSource(nashua)} AND raw->>'WARD' = '3'`;
    expect(ward?.n).toBe(30);
  });

  it('stops at a place that fails: the places before it keep their new parcels, it and the rest their previous ones, and the message says so', async () => {
    const before = { cambridge: await parcelsOf(cambridge), nashua: await parcelsOf(nashua) };
    // Nashua's last write waits behind a lock on its data_loads row, after Cambridge has committed;
    // its connection is then terminated.
    const holder = await scratch.sql.reserve();
    await holder`BEGIN`;
    await holder`SELECT 1 FROM data_loads WHERE source = ${importSource(nashua)} FOR UPDATE`;
    const pool = createDb(scratch.url, { max: 2, applicationName: 'region import test' });
    const smaller = join(dir, 'smaller.geojson');
    writeFileSync(smaller, collection([...ma.slice(0, 20), ...nh.slice(0, 20)]));
    const failed = importParcels(pool, scratch.url, {
      file: smaller,
      place: '/us',
      replace: true,
      mappingFile: join(dir, 'mapping.json'),
      log: silent,
    }).catch((error: unknown) => error);
    let terminated = 0;
    const deadline = Date.now() + 120_000;
    while (terminated === 0 && Date.now() < deadline) {
      const [killed] = await scratch.sql<{ n: number }[]>`
        SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'region import test' AND wait_event_type = 'Lock'`;
      terminated = killed?.n ?? 0;
      if (terminated === 0) await new Promise((r) => setTimeout(r, 200));
    }
    await holder`ROLLBACK`;
    holder.release();
    const error = await failed;
    await pool.end({ timeout: 5 });
    expect(terminated).toBe(1);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `The database connection was lost during the import (phase tiles). Nothing of ${nashua} was changed (its transaction was rolled back). ` +
        `1 of 2 places were imported before it and keep their new parcels (each place commits on its own): ${cambridge}. ${nashua} keep their previous parcels.`,
    );
    const cambridgeAfter = await parcelsOf(cambridge);
    expect(cambridgeAfter).toHaveLength(20);
    expect(cambridgeAfter).toEqual(before.cambridge.filter((p) => cambridgeAfter.some((a) => a.ll_uuid === p.ll_uuid)));
    expect(await parcelsOf(nashua)).toEqual(before.nashua);
  }, 180_000);

  it('npm run import prints one report per place, the summary and progress over places (a dry run)', () => {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve(repoRoot, 'tileserver/src/cli/import.ts'),
        file,
        '--place',
        '/us',
        '--dry-run',
        '--mapping',
        join(dir, 'mapping.json'),
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: scratch.url, DATA_DIR: dir },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    const output = `${child.stdout}${child.stderr}`;
    expect(child.status, output).toBe(0);
    expect(output).toContain(`import:${cambridge}: read 35, loaded 0`);
    expect(output).toContain(`import:${nashua}: read 30, loaded 0`);
    expect(output).toContain('summary: 2 places from');
    expect(output).toContain('outside /us: 3 parcels in no county of it');
    expect(output).toMatch(/1\/2 places \(\/us\/nh\/hillsborough\/nashua\)/);
  }, 150_000);
});
