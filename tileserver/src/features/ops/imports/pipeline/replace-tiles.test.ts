// --replace under tile traffic proves "no mixed tile": version A of a small place (owners "A ...") is
// replaced by version B (the same lots, owners "B ..."), both handed over as folders of an unzipped
// Shapefile, while a loop fetches the place's tiles; every decoded tile holds only A or only B
// features, every request succeeds, and the layer version changes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { realSources } from '../../../../data/sources.ts';
import type { Db } from '../../../../data/staging.ts';
import { importParcels, importSource } from './import-parcels.ts';
import { pgConnection } from './ogr.ts';

const place = '/us/ma/middlesex/replace-tiles';
const lots = 150;
const silent = () => {};
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let sql: Sql;
let app: ReturnType<typeof createApp>;
let dir: string;
const folders: Record<'A' | 'B', string> = { A: '', B: '' };
let mapping: string;

/** One version of the place as the parts of a Shapefile in a folder, written by ogr2ogr from the shipped Somerville lots. */
function writeVersion(version: 'A' | 'B'): string {
  const folder = join(dir, `version-${version}`);
  mkdirSync(folder);
  const { conn, env } = pgConnection(inject('databaseUrl'));
  const select = `SELECT parcelnumb AS "PID", '${version} OWNER ' || parcelnumb AS "OWNER", geom FROM parcels
    WHERE source = 'somerville_parcels_2017' AND parcelnumb IS NOT NULL ORDER BY id LIMIT ${lots}`;
  const result = spawnSync(
    'ogr2ogr',
    ['-f', 'ESRI Shapefile', folder, conn, '-sql', select, '-nln', 'parcels', '-t_srs', 'EPSG:26986'],
    { env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`ogr2ogr: ${result.stderr}`);
  return folder;
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
  dir = mkdtempSync(join(tmpdir(), 'replace-tiles-'));
  folders.A = writeVersion('A');
  folders.B = writeVersion('B');
  mapping = join(dir, 'mapping.json');
  writeFileSync(mapping, JSON.stringify({ parcelnumb: 'PID', owner: 'OWNER' }));
  sql = createDb(scratch.url, { max: 4 });
  // No tile cache: every request renders from the database, in the middle of the swap too.
  app = createApp({ config: loadConfig({ TILE_CACHE_MB: '0' }), sql, logger: createLogger('silent') });
}, 240_000);

afterAll(async () => {
  await sql?.end();
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const version = async () =>
  new URL((await (await app.request('/api/v1/parcels?format=mvt')).json()).tiles[0]).searchParams.get('v');

/** The z16 tiles that hold the place's parcels (their inside points). */
async function tilesOfPlace(): Promise<string[]> {
  const points = await scratch.sql<
    { lon: number; lat: number }[]
  >`SELECT lon::float8 AS lon, lat::float8 AS lat FROM parcels WHERE source = ${importSource(place)}`;
  const urls = new Set(
    points.map((p) => lonLatToTile(p.lon, p.lat, 16)).map(({ z, x, y }) => `/api/v1/parcels/${z}/${x}/${y}.mvt`),
  );
  return [...urls].sort();
}

/** The versions ("A", "B") of the place's features in one tile answer. */
async function versionsIn(res: Response): Promise<Set<string>> {
  const features = await decodeTile(res, 'parcels');
  return new Set(
    features
      .filter((f) => String(f.properties.path).startsWith(`${place}/`))
      .map((f) => String(f.properties.owner).charAt(0)),
  );
}

describe('npm run import --replace during tile requests', () => {
  it('serves only whole versions of the place: no error, no mixed tile, and a new layer version', async () => {
    const first = await importParcels(scratch.sql, scratch.url, {
      file: folders.A,
      place,
      mappingFile: mapping,
      log: silent,
    });
    expect(first).toMatchObject({ read: lots, loaded: lots, layer: 'parcels' });
    const urls = await tilesOfPlace();
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect([...(await versionsIn(res))]).toEqual(['A']);
    }
    const before = await version();

    const seen: { url: string; status: number; versions: string[] }[] = [];
    let importing = true;
    let deadline = Infinity;
    // Traffic runs through the whole import and on until every tile has shown B (or 10 s more).
    const bSeenEverywhere = () => urls.every((url) => seen.some((s) => s.url === url && s.versions.includes('B')));
    const traffic = (async () => {
      for (let i = 0; importing || (!bSeenEverywhere() && Date.now() < deadline); i++) {
        const url = urls[i % urls.length]!;
        const res = await app.request(url);
        seen.push({ url, status: res.status, versions: res.status === 200 ? [...(await versionsIn(res))].sort() : [] });
        // A cached tile answers within microtasks: yield to I/O so the import itself can progress.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    let report;
    try {
      report = await importParcels(scratch.sql, scratch.url, {
        file: folders.B,
        place,
        mappingFile: mapping,
        replace: true,
        log: silent,
      });
    } finally {
      importing = false;
      deadline = Date.now() + 10_000;
    }
    await traffic;
    expect(report.loaded).toBe(lots);
    expect(seen.length).toBeGreaterThan(urls.length);
    expect(seen.filter((s) => s.status !== 200)).toEqual([]);
    expect(seen.filter((s) => s.versions.length !== 1)).toEqual([]);
    // The loop saw both sides of the swap.
    expect(seen.filter((s) => s.versions[0] === 'A').length).toBeGreaterThan(0);
    expect(bSeenEverywhere()).toBe(true);
    expect(await version()).not.toBe(before);
    // After the swap every tile is all B.
    for (const url of urls) expect([...(await versionsIn(await app.request(url)))]).toEqual(['B']);
  });
});
