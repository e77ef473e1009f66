// npm run import-layer's import against the test database: a buildings and a contours GeoJSON written
// here, their rows and skip reasons, the fields it chose, a re-run refused without --replace and
// idempotent with it, and files it refuses without changing anything.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../app.ts';
import { loadConfig } from '../../../../config.ts';
import { createLogger } from '../../../../logger.ts';
import { signedInUser } from '../../../../testing/accounts.ts';
import { testDb } from '../../../../testing/db.ts';
import { decodeTile, lonLatToTile } from '../../../../testing/tiles.ts';
import { importLayerFile } from './import-layer.ts';

const sql = testDb(2);
const dir = mkdtempSync(join(tmpdir(), 'import-layer-test-'));
const buildingsSource = 'import:test-buildings';
const contoursSource = 'import:test-contours';
afterAll(async () => {
  await sql`DELETE FROM buildings WHERE source = ${buildingsSource}`;
  await sql`DELETE FROM contours WHERE source = ${contoursSource}`;
  await sql.end();
  rmSync(dir, { recursive: true, force: true });
});

// A small block near Central Square, Cambridge.
const [lon, lat] = [-71.1021, 42.3655];
const square = (dx: number, size = 0.0001) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon + dx, lat],
      [lon + dx + size, lat],
      [lon + dx + size, lat + size],
      [lon + dx, lat + size],
      [lon + dx, lat],
    ],
  ],
});

function writeGeoJson(name: string, features: { properties: Record<string, unknown>; geometry: unknown }[]): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    JSON.stringify({ type: 'FeatureCollection', features: features.map((f) => ({ type: 'Feature', ...f })) }),
  );
  return path;
}

const buildingsFile = writeGeoJson('buildings.geojson', [
  { properties: { BLDG_ID: 'B1', HEIGHT: 123.4, TYPE: 'OFFICE' }, geometry: square(0) },
  { properties: { BLDG_ID: 'B2', HEIGHT: 28 }, geometry: square(0.0002) },
  { properties: { BLDG_ID: 'B3', HEIGHT: null }, geometry: square(0.0004) },
  { properties: { BLDG_ID: 'B4', HEIGHT: 0 }, geometry: square(0.0006) },
  { properties: { BLDG_ID: 'B5', HEIGHT: 20 }, geometry: null },
]);

const contoursFile = writeGeoJson('contours.geojson', [
  {
    properties: { ELEVATION: 20 },
    geometry: {
      type: 'LineString',
      coordinates: [
        [lon, lat],
        [lon + 0.001, lat + 0.0005],
      ],
    },
  },
  {
    properties: { ELEVATION: 25 },
    geometry: {
      type: 'LineString',
      coordinates: [
        [lon, lat + 0.001],
        [lon + 0.001, lat + 0.0015],
      ],
    },
  },
  {
    properties: { ELEVATION: 'n/a' },
    geometry: {
      type: 'LineString',
      coordinates: [
        [lon, lat + 0.002],
        [lon + 0.001, lat + 0.0025],
      ],
    },
  },
]);

const count = async (table: 'buildings' | 'contours', source: string) =>
  (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${sql(table)} WHERE source = ${source}`)[0]!.n;

describe('import-layer', () => {
  it('loads a buildings file, says which field gave the height and skips rows by reason', async () => {
    const [before] = await sql<{ version: number }[]>`SELECT version FROM layer_versions WHERE layer = 'buildings'`;
    const lines: string[] = [];
    const summary = await importLayerFile(sql, {
      file: buildingsFile,
      layer: 'buildings',
      source: buildingsSource,
      log: (line) => lines.push(line),
    });
    expect(summary).toMatchObject({ read: 5, loaded: 2, table: 'buildings', source: buildingsSource });
    expect(summary.skipped).toEqual({ missing_height: 1, nonpositive_height: 1, null_geometry: 1 });
    expect(summary.fields).toContain('height_ft <- HEIGHT (feet)');
    expect(summary.fields).toContain('building_id <- BLDG_ID');
    expect(lines.some((l) => l.startsWith('reading '))).toBe(true);
    const rows =
      await sql`SELECT building_id, building_type, height_ft::float AS height_ft, synthetic, GeometryType(geom) AS type
      FROM buildings WHERE source = ${buildingsSource} ORDER BY building_id`;
    expect(rows).toEqual([
      { building_id: 'B1', building_type: 'OFFICE', height_ft: 123.4, synthetic: false, type: 'MULTIPOLYGON' },
      { building_id: 'B2', building_type: null, height_ft: 28, synthetic: false, type: 'MULTIPOLYGON' },
    ]);
    const [after] = await sql<{ version: number }[]>`SELECT version FROM layer_versions WHERE layer = 'buildings'`;
    expect(Number(after!.version)).toBeGreaterThan(Number(before!.version));
  });

  it('refuses a second run of the same source without --replace, and with it gives the same rows', async () => {
    await expect(
      importLayerFile(sql, { file: buildingsFile, layer: 'buildings', source: buildingsSource }),
    ).rejects.toThrow(/already holds 2 rows .* --replace/);
    const summary = await importLayerFile(sql, {
      file: buildingsFile,
      layer: 'buildings',
      source: buildingsSource,
      replace: true,
    });
    expect(summary).toMatchObject({ loaded: 2, replaced: 2 });
    expect(await count('buildings', buildingsSource)).toBe(2);
  });

  it('loads a contours file by its ELEVATION field as surveyed (not approximate) lines', async () => {
    const summary = await importLayerFile(sql, { file: contoursFile, layer: 'contours', source: contoursSource });
    expect(summary).toMatchObject({ read: 3, loaded: 2, skipped: { missing_elevation: 1 } });
    expect(summary.fields).toEqual(['elevation_ft <- ELEVATION (feet)']);
    const rows =
      await sql`SELECT elevation_ft::float AS e, approximate FROM contours WHERE source = ${contoursSource} ORDER BY 1`;
    expect(rows).toEqual([
      { e: 20, approximate: false },
      { e: 25, approximate: false },
    ]);
  });

  it('refuses a missing file, an unknown layer, points as buildings and a file without a height, changing nothing', async () => {
    const points = writeGeoJson('points.geojson', [
      { properties: { HEIGHT: 10 }, geometry: { type: 'Point', coordinates: [lon, lat] } },
    ]);
    const noHeight = writeGeoJson('no-height.geojson', [{ properties: { NAME: 'x' }, geometry: square(0.001) }]);
    const before = await count('buildings', buildingsSource);
    const attempt = (file: string, layer = 'buildings') =>
      importLayerFile(sql, { file, layer, source: buildingsSource, replace: true });
    await expect(attempt(join(dir, 'nowhere.geojson'))).rejects.toThrow(/nowhere.geojson does not exist/);
    await expect(attempt(buildingsFile, 'trees')).rejects.toThrow(/unknown layer trees: one of buildings, contours/);
    await expect(attempt(points)).rejects.toThrow(/holds Point geometries: the buildings layer takes polygons/);
    await expect(attempt(noHeight)).rejects.toThrow(/no height field: name one of height_ft, top_gl.*its fields: NAME/);
    expect(await count('buildings', buildingsSource)).toBe(before);
  });

  // The buildings tile source is another branch's: until it is mounted (its TileJSON answers 404) this skips.
  it('serves an imported building in the buildings tile of its place', async () => {
    const app = createApp({ config: loadConfig(), sql, logger: createLogger('silent') });
    // The buildings layer is a Pro layer.
    const { browser } = await signedInUser(app, sql, 'pro');
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { z, x, y } = lonLatToTile(lon + 0.00005, lat + 0.00005, 16);
    const res = await app.request(`/api/v1/layers/buildings/${z}/${x}/${y}.mvt`, {
      headers: { 'Accept-Encoding': 'gzip', Cookie: cookie },
    });
    expect(res.status).toBe(200);
    const features = await decodeTile(res, 'buildings');
    expect(features.some((f) => Object.values(f.properties).includes(123.4))).toBe(true);
  });
});
