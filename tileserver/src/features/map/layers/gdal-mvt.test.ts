// A parcel tile as any GIS client reads it: GDAL's MVT driver (ogrinfo from Debian's gdal-bin, which the
// test setup installs with the other system packages) opens the tile we serve and finds the parcels
// with their attributes, georeferenced where they are.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';

const sql = testDb();
const app = createApp({ config: loadConfig(), sql, logger: createLogger('silent') });
const dir = mkdtempSync(join(tmpdir(), 'mvt-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await sql.end();
});

describe('GDAL reading our tiles', () => {
  it('finds the parcels of a tile with their attributes and their place on the map', async () => {
    const { z, x, y } = lonLatToTile(-71.1097, 42.3736, 16);
    const res = await app.request(`/api/v1/parcels/${z}/${x}/${y}.mvt?token=public`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    // GDAL takes z/x/y from the path of a single tile file.
    mkdirSync(join(dir, String(z), String(x)), { recursive: true });
    const file = join(dir, String(z), String(x), `${y}.pbf`);
    writeFileSync(file, gunzipSync(Buffer.from(await res.arrayBuffer())));
    const info = execFileSync('ogrinfo', ['-ro', '-al', '-so', file], { encoding: 'utf8' });
    expect(info).toContain("using driver `MVT'");
    expect(info).toMatch(/Layer name: parcels/);
    const count = Number(/Feature Count: (\d+)/.exec(info)?.[1]);
    const [expected] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcels WHERE ST_Intersects(geom_3857, ST_TileEnvelope(${z}, ${x}, ${y}))`;
    // Features cut by the tile edge can come back as pieces; none is lost.
    expect(count).toBeGreaterThanOrEqual(expected!.n);
    for (const field of ['ll_uuid', 'path', 'address', 'parcelnumb'])
      expect(info).toMatch(new RegExp(`^${field}: String`, 'm'));
    // The extent is in Web Mercator metres around Cambridge (about -7 916 000, 5 216 000).
    const extent = /Extent: \((-?[\d.]+), (-?[\d.]+)\) - \((-?[\d.]+), (-?[\d.]+)\)/.exec(info);
    expect(extent).not.toBeNull();
    const [minX, minY] = [Number(extent![1]), Number(extent![2])];
    expect(minX).toBeGreaterThan(-7_925_000);
    expect(minX).toBeLessThan(-7_910_000);
    expect(minY).toBeGreaterThan(5_210_000);
    expect(minY).toBeLessThan(5_222_000);
  });
});
