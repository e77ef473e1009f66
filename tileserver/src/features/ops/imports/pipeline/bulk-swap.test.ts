// The bulk swap (bulk-swap.ts), which meets the import speed target: the import switches the tile-band
// triggers off and brings the band tables in step itself. These tests hold its band rows against the
// trigger path (the same parcels deleted and inserted again through the triggers) after a first import
// and after a --replace that moves, edits, drops and adds parcels, and check that a failed import
// changes nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '@parcel-map/tileserver/db/client';
import { migrate } from '@parcel-map/tileserver/db/migrate';
import { scratchDatabase } from '@parcel-map/tileserver/testing/db';
import { loadSources } from '../../../../data/load-real-data.ts';
import { upsertOutlinePlace, type PlaceRecord } from '../../../../data/places.ts';
import { realSources } from '../../../../data/sources.ts';
import { createStaging, type Db } from '../../../../data/staging.ts';
import { importParcels, importSource, type ImportOptions } from './import-parcels.ts';
import { pgConnection } from './ogr.ts';

const place = '/us/ma/middlesex/bulk-swap';
const source = importSource(place);
const main = createDb(inject('databaseUrl'), { max: 1 });
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
let dir: string;
const silent = () => {};
const run = (options: Partial<ImportOptions> & Pick<ImportOptions, 'file'>) =>
  importParcels(scratch.sql, scratch.url, { log: silent, place, ...options });

// 400 Somerville parcels as a county would publish them; `edit` changes some of them for a re-import.
function writeFile(name: string, where: string, edit = ''): string {
  const file = join(dir, `${name}.gpkg`);
  const { conn, env } = pgConnection(inject('databaseUrl'));
  // A column named "a" too: the staged attributes must not confuse it with a row alias.
  const select = `SELECT parcelnumb AS "PIN", 'column a' AS "a", ${edit ? `CASE WHEN ${edit} THEN 'NEW OWNER LLC' ELSE owner END` : 'owner'} AS "OWNER1",
      ${edit ? `CASE WHEN id % 10 = 1 THEN ST_Translate(geom, 0.00003, 0) ELSE geom END` : 'geom'} AS geom
    FROM parcels WHERE source = 'somerville_parcels_2017' AND parcelnumb IS NOT NULL AND ${where} ORDER BY id`;
  const result = spawnSync(
    'ogr2ogr',
    ['-f', 'GPKG', file, conn, '-sql', select, '-nln', 'parcels', '-t_srs', 'EPSG:4326'],
    { env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`ogr2ogr: ${result.stderr}`);
  writeFileSync(join(dir, `${name}.mapping.json`), JSON.stringify({ parcelnumb: 'PIN', owner: 'OWNER1' }));
  return file;
}

// Every band row of the given ids as text (geometries as hex WKB), for an exact comparison.
interface BandRow {
  band: string;
  id: string;
  row: string;
}
const bandRows = async (db: Db, ids: string): Promise<BandRow[]> => [
  ...(await db.unsafe<BandRow[]>(`
  SELECT 'z11' AS band, id::text, g::bytea::text AS row FROM parcel_tiles_z11 WHERE id IN (${ids})
  UNION ALL SELECT 'z12', id::text, g::bytea::text FROM parcel_tiles_z12 WHERE id IN (${ids})
  UNION ALL SELECT 'z13', id::text, g::bytea::text FROM parcel_tiles_z13 WHERE id IN (${ids})
  UNION ALL SELECT 'z14', id::text, g::bytea::text FROM parcel_tiles_z14 WHERE id IN (${ids})
  UNION ALL SELECT 'detail', id::text, concat_ws('|', geom::bytea, g15::bytea, g16::bytea, ll_uuid, path, address, owner, parcelnumb)
    FROM parcel_tiles_detail WHERE id IN (${ids})
  ORDER BY 1, 2`)),
];

/**
 * The band rows the import left, and those the statement triggers write for the same parcels (deleted
 * and inserted again in a transaction that is rolled back).
 */
async function bandsBothWays() {
  const ids = `SELECT id FROM parcels WHERE source = '${source.replace(/'/g, "''")}'`;
  const imported = await bandRows(scratch.sql as unknown as Db, ids);
  let triggered: BandRow[] = [];
  await scratch.sql.begin(async (tx) => {
    await tx`CREATE TEMP TABLE bulk_swap_keep ON COMMIT DROP AS SELECT * FROM parcels WHERE source = ${source}`;
    await tx`DELETE FROM parcels WHERE source = ${source}`;
    await tx`INSERT INTO parcels SELECT * FROM bulk_swap_keep`;
    triggered = await bandRows(tx as unknown as Db, ids);
    await tx`ROLLBACK AND CHAIN`;
  });
  return { imported, triggered };
}

const orphans = async () =>
  (
    await scratch.sql<{ n: number }[]>`
  SELECT count(*)::int AS n FROM parcel_tiles_detail d WHERE NOT EXISTS (SELECT 1 FROM parcels p WHERE p.id = d.id)`
  )[0]!.n;

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
  dir = mkdtempSync(join(tmpdir(), 'bulk-swap-'));
}, 120_000);

afterAll(async () => {
  await main.end();
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the bulk swap of an import', () => {
  it('fills the band tables of a first import exactly as the insert trigger does', async () => {
    const report = await run({ file: writeFile('first', 'id % 5 <> 0') });
    expect(report.bands).toEqual({ written: report.loaded, kept: 0, removed: 0 });
    const { imported, triggered } = await bandsBothWays();
    expect(imported.filter((r) => r.band === 'detail')).toHaveLength(report.loaded);
    expect(imported).toEqual(triggered);
    const [raw] = await scratch.sql<
      { raw: Record<string, unknown> }[]
    >`SELECT raw FROM parcels WHERE source = ${source} ORDER BY id LIMIT 1`;
    expect(Object.keys(raw!.raw).sort()).toEqual(['OWNER1', 'PIN', 'a']);
    expect(raw!.raw.a).toBe('column a');
  });

  it('on --replace rewrites only the moved, edited and added parcels, removes the dropped ones, and ends as the triggers would', async () => {
    const [before] = await scratch.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM parcels WHERE source = ${source}`;
    // Every tenth parcel moves 2-3 m, every seventh changes owner, the ones with id % 5 = 0 arrive and those with id % 4 = 3 go.
    const file = writeFile('second', 'id % 4 <> 3', 'id % 7 = 2');
    const report = await run({ file, replace: true });
    expect(report.bands!.removed).toBeGreaterThan(0);
    expect(report.bands!.kept).toBeGreaterThan(report.loaded / 3);
    expect(report.bands!.written).toBeGreaterThan(0);
    expect(report.bands!.written + report.bands!.kept).toBe(report.loaded);
    expect(report.loaded).not.toBe(before!.n);
    const { imported, triggered } = await bandsBothWays();
    expect(imported.filter((r) => r.band === 'detail')).toHaveLength(report.loaded);
    expect(imported).toEqual(triggered);
    expect(await orphans()).toBe(0);
  });

  it('re-imports an unchanged file without writing a band row', async () => {
    const file = join(dir, 'second.gpkg');
    const report = await run({ file, replace: true });
    expect(report.bands).toEqual({ written: 0, kept: report.loaded, removed: 0 });
  });

  it('leaves the previous parcels, band rows and triggers as they were when the import fails', async () => {
    const snapshot = async () => ({
      parcels: await scratch.sql`SELECT id, path, owner FROM parcels WHERE source = ${source} ORDER BY id`,
      bands: await bandRows(
        scratch.sql as unknown as Db,
        `SELECT id FROM parcels WHERE source = '${source.replace(/'/g, "''")}'`,
      ),
      versions: await scratch.sql`SELECT layer, version FROM layer_versions ORDER BY layer`,
    });
    const before = await snapshot();
    // Bad input is refused before the swap; this makes the INSERT itself fail, after the triggers are off
    // and the previous parcels deleted (a check no new owner passes).
    await scratch.sql`ALTER TABLE parcels ADD CONSTRAINT bulk_swap_test_fail CHECK (owner IS DISTINCT FROM 'NEW OWNER LLC') NOT VALID`;
    try {
      await expect(run({ file: writeFile('third', 'true', 'id % 3 = 0'), replace: true })).rejects.toThrow(
        /bulk_swap_test_fail/,
      );
    } finally {
      await scratch.sql`ALTER TABLE parcels DROP CONSTRAINT bulk_swap_test_fail`;
    }
    expect(await snapshot()).toEqual(before);
    const [triggers] = await scratch.sql<{ off: number }[]>`
      SELECT count(*)::int AS off FROM pg_trigger WHERE tgrelid = 'parcels'::regclass AND tgname LIKE 'parcel_tiles_%' AND tgenabled = 'D'`;
    expect(triggers!.off).toBe(0);
  });
});

describe('the outline of a large imported county', () => {
  it('is drawn from grid cells and covers every parcel', async () => {
    await main.begin(async (tx) => {
      const db = tx as unknown as Db;
      await createStaging(db);
      await tx`INSERT INTO load_staging (source, feature_index, properties, geom)
        SELECT 'outline-test', id, '{}'::jsonb, geom FROM parcels WHERE source = 'somerville_parcels_2017'`;
      const place: PlaceRecord = {
        kind: 'county',
        path: '/us/ma/outline-test',
        parentPath: '/us/ma',
        country: 'us',
        name: 'Outline Test',
        headline: 'Outline Test County, MA',
        code: null,
      };
      // The cell outline starts at 100,000 parcels; Somerville's 14,500 take it when the threshold is 0.
      expect(await upsertOutlinePlace(db, place, 'outline-test', 0)).toBe(1);
      const [row] = await tx<{ uncovered: number; parcels: number; area: number }[]>`
        SELECT count(*) FILTER (WHERE NOT ST_Covers(o.geom, s.geom))::int AS uncovered, count(*)::int AS parcels, ST_Area(o.geom) AS area
        FROM load_staging s, places o WHERE o.path = '/us/ma/outline-test' GROUP BY o.geom`;
      expect(row!.parcels).toBeGreaterThan(10_000);
      expect(row!.uncovered).toBe(0);
      // Close to the concave hull drawn for a small county (Somerville's own outline), not a box around it.
      await upsertOutlinePlace(db, place, 'outline-test');
      const [concave] = await tx<
        { area: number }[]
      >`SELECT ST_Area(geom) AS area FROM places WHERE path = '/us/ma/outline-test'`;
      expect(row!.area / concave!.area).toBeGreaterThan(0.95);
      expect(row!.area / concave!.area).toBeLessThan(1.15);
      await tx`ROLLBACK AND CHAIN`;
    });
  });
});
