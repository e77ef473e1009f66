// Tile archive exports of Cambridge read by real clients: the MBTiles file through GDAL's MVT driver
// (ogrinfo, ogr2ogr), the PMTiles file through the pmtiles npm reader, tile for tile against the
// MBTiles tiles it was laid out from; a filtered selection's tiles hold its parcels and no others.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { BufferSource } from '../../../testing/buffer-source.ts';
import { testDb } from '../../../testing/db.ts';
import { makeExportFile } from './make-file.ts';
import type { SelectionDefinition } from './selection.ts';
import { testExport } from '../../../testing/exports.ts';
import { pmtilesFromMbtiles, writeMbtiles } from './tile-archive.ts';

const sql = testDb(3);
const dataDir = mkdtempSync(join(tmpdir(), 'tile-archive-test-'));
const app = createApp({ config: loadConfig({ DATA_DIR: dataDir }), sql, logger: createLogger('silent') });
const cambridge = '/us/ma/middlesex/cambridge';
let userId = 0;
let cambridgeCount = 0;

beforeAll(async () => {
  userId = (await signedInUser(app, sql, 'pro')).userId;
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM parcels_in_place(${cambridge})`;
  cambridgeCount = row!.n;
});
afterAll(async () => {
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const exportRow = (format: string, definition: SelectionDefinition) =>
  testExport(sql, { userId, path: cambridge, format, definition, requested: 0 });

const whole: SelectionDefinition = { query: { parcel: true, path: cambridge, filters: {} } };

/** The distinct parcel ids in an MBTiles file's tiles of one zoom, as GDAL's MVT driver reads them. */
function idsAtZoom(file: string, zoom: number): Set<number> {
  const out = execFileSync(
    'ogr2ogr',
    ['-f', 'CSV', '/vsistdout/', file, 'parcels', '-oo', `ZOOM_LEVEL=${zoom}`, '-select', 'mvt_id'],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  ).toString();
  return new Set(
    out
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((v) => Number(v.replace(/"/g, ''))),
  );
}

describe('tile archive exports', () => {
  it('writes an MBTiles export of Cambridge that ogrinfo opens with the parcels layer, with features at z16', async () => {
    const progress: number[] = [];
    const row = await exportRow('mbtiles', whole);
    const { filename } = await makeExportFile(row, { databaseUrl: inject('databaseUrl'), dataDir }, (p) =>
      progress.push(p),
    );
    expect(filename).toMatch(/\.mbtiles$/);
    const file = join(dataDir, 'exports', filename);
    const info = execFileSync('ogrinfo', ['-ro', '-so', file, 'parcels', '-oo', 'ZOOM_LEVEL=16']).toString();
    expect(info).toContain("using driver `MBTiles'");
    expect(info).toMatch(/Layer name: parcels/);
    expect(Number(/Feature Count: (\d+)/.exec(info)?.[1])).toBeGreaterThan(0);
    // The plan's columns are the layer's fields (from the metadata's vector_layers).
    expect(info).toMatch(/owner: String/);
    expect(info).toMatch(/parcelnumb: String/);

    const db = new DatabaseSync(file, { readOnly: true });
    const meta = Object.fromEntries(
      (db.prepare('SELECT name, value FROM metadata').all() as { name: string; value: string }[]).map((m) => [
        m.name,
        m.value,
      ]),
    );
    const zooms = db.prepare('SELECT min(zoom_level) AS lo, max(zoom_level) AS hi, count(*) AS n FROM tiles').get() as {
      lo: number;
      hi: number;
      n: number;
    };
    db.close();
    expect(meta).toMatchObject({ format: 'pbf', minzoom: '11', maxzoom: '16' });
    const [w, s, e, n] = meta.bounds!.split(',').map(Number);
    expect(w! < -71.1 && e! > -71.1 && s! < 42.38 && n! > 42.37).toBe(true);
    expect(JSON.parse(meta.json!).vector_layers[0]).toMatchObject({ id: 'parcels', minzoom: 11, maxzoom: 16 });
    expect(zooms).toMatchObject({ lo: 11, hi: 16 });
    // Every Cambridge parcel is in the z16 tiles; progress rose as the zooms were drawn.
    expect(idsAtZoom(file, 16).size).toBe(cambridgeCount);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeGreaterThanOrEqual(95);
  });

  it('keeps a filtered selection to its own parcels', async () => {
    const [use] = await sql<{ usecode: string }[]>`
      SELECT usecode FROM parcels_in_place(${cambridge}) WHERE usecode IS NOT NULL
      GROUP BY 1 HAVING count(*) BETWEEN 20 AND 600 ORDER BY count(*) DESC LIMIT 1`;
    const expected = await sql<{ id: number }[]>`
      SELECT id::int AS id FROM parcels_in_place(${cambridge}) WHERE usecode = ${use!.usecode}`;
    const row = await exportRow('mbtiles', {
      query: { parcel: true, path: cambridge, filters: { usecode: [use!.usecode] } },
    });
    const file = join(dataDir, 'filtered.mbtiles');
    await writeMbtiles(row, 'pro', file, inject('databaseUrl'));
    expect([...idsAtZoom(file, 16)].sort()).toEqual(expected.map((r) => r.id).sort());
  });

  it('lays out PMTiles that the pmtiles reader reads back tile for tile, byte for byte', async () => {
    const row = await exportRow('pmtiles', whole);
    const mbtiles = join(dataDir, 'cambridge.mbtiles');
    const pmtiles = join(dataDir, 'cambridge.pmtiles');
    const summary = await writeMbtiles(row, 'pro', mbtiles, inject('databaseUrl'));
    await pmtilesFromMbtiles(mbtiles, pmtiles, summary);
    const reader = new PMTiles(new BufferSource(readFileSync(pmtiles)));
    const header = await reader.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      tileType: 1,
      tileCompression: 2,
      internalCompression: 2,
      clustered: true,
      minZoom: 11,
      maxZoom: 16,
      numAddressedTiles: summary.tiles,
    });
    expect(header.minLon).toBeCloseTo(summary.bounds[0], 5);
    expect(header.maxLat).toBeCloseTo(summary.bounds[3], 5);
    expect((await reader.getMetadata()) as object).toMatchObject({ vector_layers: [{ id: 'parcels' }] });
    const db = new DatabaseSync(mbtiles, { readOnly: true });
    const tiles = db
      .prepare('SELECT zoom_level AS z, tile_column AS x, tile_row AS r, tile_data AS d FROM tiles')
      .all() as {
      z: number;
      x: number;
      r: number;
      d: Uint8Array;
    }[];
    db.close();
    expect(tiles.length).toBe(summary.tiles);
    for (const t of tiles) {
      const got = await reader.getZxy(t.z, t.x, 2 ** t.z - 1 - t.r);
      expect(Buffer.from(got!.data).equals(gunzipSync(t.d))).toBe(true);
    }
  });

  it('makes a PMTiles export file through the export path', async () => {
    const row = await exportRow('pmtiles', whole);
    const progress: number[] = [];
    const { filename, bytes } = await makeExportFile(row, { databaseUrl: inject('databaseUrl'), dataDir }, (p) =>
      progress.push(p),
    );
    expect(filename).toMatch(/\.pmtiles$/);
    const file = readFileSync(join(dataDir, 'exports', filename));
    expect(file.length).toBe(bytes);
    const reader = new PMTiles(new BufferSource(file));
    expect((await reader.getHeader()).numAddressedTiles).toBeGreaterThan(50);
    expect(progress.at(-1)).toBeGreaterThanOrEqual(95);
  });
});
