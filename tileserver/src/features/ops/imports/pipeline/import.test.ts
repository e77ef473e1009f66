// npm run import end to end: files the test writes itself with ogr2ogr from the shipped Somerville
// parcels (zipped Shapefile in MA State Plane, GeoPackage and CSV-with-WKT in EPSG:2249 feet, a File
// Geodatabase), imported into a scratch database holding the state and county boundaries, the 2025
// flood map and Cambridge's zoning; then checks, re-imports, --replace under tile traffic, tiles,
// search and insights.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '@parcel-map/tileserver/app';
import { loadConfig } from '@parcel-map/tileserver/config';
import { createDb, type Sql } from '@parcel-map/tileserver/db/client';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { createLogger } from '@parcel-map/tileserver/logger';
import { scratchDatabase } from '@parcel-map/tileserver/testing/db';
import { decodeTile, lonLatToTile } from '@parcel-map/tileserver/testing/tiles';
import { loadSources } from '../../../../data/load-real-data.ts';
import { cambridgeZoning, currentFloodSource, realSources } from '../../../../data/sources.ts';
import type { Db } from '../../../../data/staging.ts';
import { importParcels, importSource, mappingPathFor, type ImportOptions } from './import-parcels.ts';
import { pgConnection } from './ogr.ts';

const parcelCount = 300;
const main = createDb(inject('databaseUrl'), { max: 2 });
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let dir: string;
const files: Record<string, string> = {};
const silent = () => {};

interface Original {
  parcelnumb: string;
  owner: string | null;
  address: string | null;
  yearbuilt: number | null;
  parval: number | null;
  acres: number;
}
let originals: Map<string, Original>;

// Unfamiliar column names, as a county would publish them.
const select = `SELECT parcelnumb AS "MAP_LOT", owner AS "OWNER_NAME", saddno AS "HSE_NUM",
  saddstr || coalesce(' ' || saddsttyp, '') AS "ST_NAME", usecode AS "LUC", parval AS "TOT_ASSESS", yearbuilt AS "YR_BLT", geom
  FROM parcels WHERE source = 'somerville_parcels_2017' AND parcelnumb IS NOT NULL ORDER BY id LIMIT ${parcelCount}`;

function ogr2ogr(args: string[]): void {
  const { conn, env } = pgConnection(inject('databaseUrl'));
  const result = spawnSync('ogr2ogr', [...args.map((a) => (a === 'PG' ? conn : a)), '-sql', select], {
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`ogr2ogr ${args.join(' ')}: ${result.stderr}`);
}

function writeFixture(name: string, driver: string, target: string, srs: string, extra: string[] = []): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  ogr2ogr(['-f', driver, join(folder, target), 'PG', '-t_srs', srs, '-nln', 'somerville', ...extra]);
  return join(folder, target);
}

const run = (options: Partial<ImportOptions> & Pick<ImportOptions, 'file' | 'place'>) =>
  importParcels(scratch.sql, scratch.url, { log: silent, ...options });

beforeAll(async () => {
  scratch = await scratchDatabase();
  await migrate(scratch.sql);
  const wanted = new Set(['us_states', 'us_counties', currentFloodSource, cambridgeZoning]);
  await scratch.sql.begin((tx) =>
    loadSources(
      tx as unknown as Db,
      realSources.filter((s) => wanted.has(s.id)),
      silent,
    ),
  );
  dir = mkdtempSync(join(tmpdir(), 'parcel-import-'));
  files.shp = writeFixture('shp', 'ESRI Shapefile', 'somerville.shp', 'EPSG:26986');
  const zip = spawnSync('zip', [
    '-qj',
    join(dir, 'shp', 'somerville.zip'),
    ...['shp', 'shx', 'dbf', 'prj', 'cpg'].map((e) => join(dir, 'shp', `somerville.${e}`)).filter((f) => existsSync(f)),
  ]);
  if (zip.status !== 0) throw new Error(`zip failed: ${zip.stderr}`);
  for (const e of ['shp', 'shx', 'dbf', 'prj', 'cpg']) rmSync(join(dir, 'shp', `somerville.${e}`), { force: true });
  files.shp = join(dir, 'shp', 'somerville.zip');
  files.gpkg = writeFixture('gpkg', 'GPKG', 'somerville.gpkg', 'EPSG:2249');
  files.csv = writeFixture('csv', 'CSV', 'somerville.csv', 'EPSG:2249', ['-lco', 'GEOMETRY=AS_WKT']);
  files.gdb = writeFixture('gdb', 'OpenFileGDB', 'somerville.gdb', 'EPSG:26986', ['-nlt', 'MULTIPOLYGON']);
  const rows = await main<Original[]>`
    SELECT parcelnumb, owner, yearbuilt, parval, ll_gisacre AS acres,
      NULLIF(concat_ws(' ', NULLIF(btrim(saddno), ''), NULLIF(btrim(saddstr || coalesce(' ' || saddsttyp, '')), '')), '') AS address
    FROM parcels WHERE source = 'somerville_parcels_2017' AND parcelnumb IS NOT NULL ORDER BY id LIMIT ${parcelCount}`;
  originals = new Map(rows.map((r) => [r.parcelnumb, r]));
}, 240_000);

afterAll(async () => {
  await main.end();
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function imported(place: string) {
  return scratch.sql<
    {
      path: string;
      ll_uuid: string;
      parcelnumb: string;
      owner: string | null;
      address: string | null;
      yearbuilt: number | null;
      parval: number | null;
      acres: number;
    }[]
  >`
    SELECT path, ll_uuid::text, parcelnumb, owner, address, yearbuilt, parval, ll_gisacre AS acres FROM parcels WHERE source = ${importSource(place)} ORDER BY path`;
}

describe('npm run import', () => {
  it('proposes a mapping for unfamiliar column names and writes it next to the file', async () => {
    const report = await run({ file: files.shp!, place: '/us/ma/middlesex/import-shp' });
    expect(report.mappingProposed).toBe(true);
    expect(JSON.parse(readFileSync(mappingPathFor(files.shp!), 'utf8'))).toEqual({
      parcelnumb: 'MAP_LOT',
      owner: 'OWNER_NAME',
      saddno: 'HSE_NUM',
      saddstr: 'ST_NAME',
      usecode: 'LUC',
      parval: 'TOT_ASSESS',
      yearbuilt: 'YR_BLT',
      address: { concat: ['HSE_NUM', 'ST_NAME'], separator: ' ' },
    });
    const owner = report.fill.find((f) => f.field === 'owner')!;
    expect(owner.source).toBe('OWNER_NAME');
    expect(owner.samples).toHaveLength(3);
  });

  it.each(['shp', 'gpkg', 'csv', 'gdb'])(
    'imports the %s file with the right counts, field values and areas within half a percent',
    async (format) => {
      const place = `/us/ma/middlesex/import-${format}`;
      const report =
        format === 'shp'
          ? (await scratch.sql`SELECT 1 FROM parcels WHERE source = ${importSource(place)} LIMIT 1`).length
            ? null
            : await run({ file: files.shp!, place })
          : await run({ file: files[format]!, place, srs: format === 'csv' ? 'EPSG:2249' : undefined });
      if (report) {
        expect(report).toMatchObject({ read: parcelCount, loaded: parcelCount, skipped: 0 });
        expect(report.derived?.lbcs).toBeGreaterThan(0);
      }
      const rows = await imported(place);
      expect(rows).toHaveLength(parcelCount);
      for (const row of rows) {
        const original = originals.get(row.parcelnumb)!;
        expect(row.path).toMatch(new RegExp(`^${place}/\\d+$`));
        expect(row.owner).toBe(original.owner);
        expect(row.address).toBe(original.address);
        expect(row.yearbuilt).toBe(original.yearbuilt);
        expect(row.parval).toBe(original.parval);
        expect(Math.abs(row.acres / original.acres - 1)).toBeLessThan(0.005);
      }
    },
  );

  it('asks for --srs when the file has no coordinate reference system', async () => {
    await expect(run({ file: files.csv!, place: '/us/ma/middlesex/import-nosrs' })).rejects.toThrow(
      /no coordinate reference system: give it with --srs/,
    );
  });

  it('changes nothing on a dry run, and still reports the checks and the field fill', async () => {
    const snapshot = () => scratch.sql`
      SELECT (SELECT count(*) FROM parcels) AS parcels, (SELECT count(*) FROM places) AS places,
        (SELECT json_agg(l ORDER BY layer) FROM layer_versions l) AS versions, (SELECT count(*) FROM data_loads) AS loads`;
    const before = await snapshot();
    const report = await run({ file: files.gpkg!, place: '/us/ma/middlesex/import-dry', dryRun: true });
    expect(report).toMatchObject({ dryRun: true, read: parcelCount, loaded: 0 });
    expect(report.fill.find((f) => f.field === 'parcelnumb')).toMatchObject({ filled: parcelCount, share: 1 });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps every path and ll_uuid when the same file is imported again with --replace', async () => {
    const place = '/us/ma/middlesex/import-shp';
    const before = await imported(place);
    await expect(run({ file: files.shp!, place })).rejects.toThrow(/already has 300 imported parcels; add --replace/);
    const report = await run({ file: files.shp!, place, replace: true });
    expect(report.loaded).toBe(parcelCount);
    const after = await imported(place);
    expect(after.map((r) => [r.path, r.ll_uuid])).toEqual(before.map((r) => [r.path, r.ll_uuid]));
  });

  it('counts and reports dirty input without aborting', async () => {
    const folder = join(dir, 'dirty');
    mkdirSync(folder);
    const square = (x: number, y: number, d = 0.0002) =>
      `POLYGON((${x} ${y},${x + d} ${y},${x + d} ${y + d},${x} ${y + d},${x} ${y}))`;
    const rows = [
      ['P1', '"1,234,567"', '2019-05-01', square(-71.1, 42.39)],
      ['P2', '"$250,000"', '20190501', square(-71.101, 42.39)],
      [
        'P3',
        '100',
        '05/01/2019',
        'POLYGON((-71.102 42.39,-71.1018 42.3902,-71.1018 42.39,-71.102 42.3902,-71.102 42.39))',
      ],
      ['P4', '100', '2019-05-01', ''],
      ['P5', '100', '2019-05-01', 'POINT(-71.103 42.39)'],
      ['P1', '"1,234,567"', '2019-05-01', square(-71.1, 42.39)],
      ['P6', 'n/a', 'May 1st 2019', square(-71.104, 42.39)],
      ['P7', '100', '2019-05-01', square(10, 10)],
      ['P8', '100', '2019-05-01', square(-71.105, 42.39)],
      ['P8', '100', '2019-05-01', square(-71.106, 42.39)],
    ];
    const file = join(folder, 'dirty.csv');
    writeFileSync(
      file,
      `PARCEL_ID,TOTAL_VALUE,SALE_DATE,WKT\n${rows.map(([id, v, d, g]) => `${id},${v},${d},"${g}"`).join('\n')}\n`,
    );
    const mapping = join(folder, 'mapping.json');
    writeFileSync(mapping, JSON.stringify({ parcelnumb: 'PARCEL_ID', parval: 'TOTAL_VALUE', saledate: 'SALE_DATE' }));
    const place = '/us/ma/middlesex/import-dirty';
    const report = await run({ file, place, srs: 'EPSG:4326', mappingFile: mapping });
    expect(report).toMatchObject({ read: 10, loaded: 6, repaired: 1, skipped: 4 });
    expect(report.details).toEqual({
      null_geometry: 1,
      not_a_polygon: 1,
      duplicate: 1,
      outside_place: 1,
      duplicates_kept: 2,
    });
    expect(report.fill.find((f) => f.field === 'parval')).toMatchObject({ filled: 5, unparsed: 1 });
    expect(report.fill.find((f) => f.field === 'saledate')).toMatchObject({ filled: 5, unparsed: 1 });
    const values = await scratch.sql<{ parcelnumb: string; parval: number | null; saledate: string | null }[]>`
      SELECT parcelnumb, parval, saledate::text FROM parcels WHERE source = ${importSource(place)} ORDER BY parcelnumb, source_id`;
    expect(values).toEqual([
      { parcelnumb: 'P1', parval: 1234567, saledate: '2019-05-01' },
      { parcelnumb: 'P2', parval: 250000, saledate: '2019-05-01' },
      { parcelnumb: 'P3', parval: 100, saledate: '2019-05-01' },
      { parcelnumb: 'P6', parval: null, saledate: null },
      { parcelnumb: 'P8', parval: 100, saledate: '2019-05-01' },
      { parcelnumb: 'P8', parval: 100, saledate: '2019-05-01' },
    ]);
  });
});

describe('an imported county on the map', () => {
  const place = '/us/ma/middlesex/import-gdb';
  let app: ReturnType<typeof createApp>;
  let sql: Sql;
  beforeAll(() => {
    sql = createDb(scratch.url, { max: 4 });
    app = createApp({ config: loadConfig(), sql, logger: createLogger('silent') });
  });
  afterAll(() => sql.end());

  const tileOf = async () => {
    const [p] = await scratch.sql<
      { lon: number; lat: number }[]
    >`SELECT lon::float8 AS lon, lat::float8 AS lat FROM parcels WHERE source = ${importSource(place)} ORDER BY id LIMIT 1`;
    const { z, x, y } = lonLatToTile(p!.lon, p!.lat, 15);
    return `/api/v1/parcels/${z}/${x}/${y}.mvt`;
  };
  const version = async () =>
    new URL((await (await app.request('/api/v1/parcels?format=mvt')).json()).tiles[0]).searchParams.get('v');

  it('answers in tiles, search and insights', async () => {
    const tile = await app.request(await tileOf());
    expect(tile.status).toBe(200);
    const features = await decodeTile(tile, 'parcels');
    expect(features.some((f) => String(f.properties.path).startsWith(`${place}/`))).toBe(true);
    const [one] = await scratch.sql<
      { parcelnumb: string; path: string }[]
    >`SELECT parcelnumb, path FROM parcels WHERE source = ${importSource(place)} ORDER BY id LIMIT 1`;
    const search = await (await app.request(`/search.json?q=${encodeURIComponent(one!.parcelnumb)}`)).json();
    expect(search.results.map((r: { path: string }) => r.path)).toContain(one!.path);
    const places = await (await app.request('/search.json?q=import-gdb')).json();
    expect(places.results.map((r: { path: string }) => r.path)).toContain(place);
    const insights = await app.request(`${place}/insights.json`);
    expect(insights.status).toBe(200);
    expect(JSON.stringify(await insights.json())).toContain(`"parcels":${parcelCount}`);
  });

  it('serves every tile request while --replace swaps the parcels, then a new version', async () => {
    const url = await tileOf();
    const before = await version();
    let importing = true;
    const statuses: number[] = [];
    const traffic = (async () => {
      while (importing) {
        statuses.push((await app.request(url)).status);
        // A cached tile answers within microtasks: yield to I/O so the import itself can progress.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    try {
      await run({ file: files.gdb!, place, replace: true });
    } finally {
      importing = false;
    }
    await traffic;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const after = await version();
    expect(after).not.toBe(before);
    const features = await decodeTile(await app.request(url), 'parcels');
    expect(features.filter((f) => String(f.properties.path).startsWith(`${place}/`)).length).toBeGreaterThan(0);
  });
});
