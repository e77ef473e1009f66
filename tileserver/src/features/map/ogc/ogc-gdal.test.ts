// The OGC API with a real client, GDAL's OAPIF driver, against the app on a port: ogrinfo lists the
// four collections (with a token and without: an anonymous client is not broken by the layers it may
// not read), reads zoning anonymously, and ogr2ogr with a bbox over Harvard Square (one z17 tile and its 64-unit buffer) fetches,
// page by page over the next links, the same parcels the tile route draws in that tile.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { decodeTile, lonLatToTile } from '../../../testing/tiles.ts';

const run = promisify(execFile);
const sql = testDb(3);
const app = createApp({
  config: loadConfig({ METERING_FLUSH_MS: '600000' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
// GDAL calls over HTTP, so the app listens; the tools run asynchronously, never blocking this process.
const asked: string[] = [];
const server = serve({
  fetch: (request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
    return app.fetch(request);
  },
  port: 0,
  hostname: '127.0.0.1',
});
const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.close();
  await sql.end();
});

const sandbox = new TestBrowser(app);
await sandbox.register(uniqueEmail('gdal'), 'secret-pass-1', 'Gdal Client');
const token = (await sandbox.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] })).json.token as string;
/** GDAL sends the API token as a header on every request, links it follows included. */
const gdalEnv = { ...process.env, GDAL_HTTP_HEADERS: `Authorization: Bearer ${token}`, CPL_DEBUG: 'OFF' };

/** [west, south, east, north] of a tile grown by `buffer` of its 4096 units, as the tile SQL searches. */
async function tileBox(z: number, x: number, y: number, buffer: number): Promise<number[]> {
  const [row] = await sql<{ b: number[] }[]>`
    SELECT ARRAY[ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e)] AS b
    FROM ST_Transform(ST_TileEnvelope(${z}, ${x}, ${y}, margin => ${buffer / 4096}::float8), 4326) e`;
  return row!.b;
}

describe('GDAL reads the OGC API', () => {
  it('ogrinfo OAPIF: lists the four collections, with a token and anonymously', async () => {
    const { stdout } = await run('ogrinfo', ['-ro', '-so', `OAPIF:${origin()}/ogc`], { env: gdalEnv, timeout: 60_000 });
    const listed = (text: string) => [...text.matchAll(/^\d+: (\w+)/gm)].map((m) => m[1]);
    expect(listed(stdout)).toEqual(['parcels', 'zoning', 'flood', 'wetlands']);
    // No token: the list is the same (the collections document is anyone's), and ogrinfo exits 0.
    const anonymous = await run('ogrinfo', ['-ro', '-so', `OAPIF:${origin()}/ogc`], {
      env: { ...process.env, CPL_DEBUG: 'OFF' },
      timeout: 60_000,
    });
    expect(listed(anonymous.stdout)).toEqual(['parcels', 'zoning', 'flood', 'wetlands']);
    // ogrinfo reads each layer's first page for its geometry type: the layers an anonymous caller may
    // not read answer 401 with the reason, which it reports on stderr and passes over; zoning is read.
    const refusals = [...anonymous.stderr.matchAll(/^ERROR 1: (\{.*\})$/gm)].map(
      (m) => (JSON.parse(m[1]!) as { error: { code: string; message: string } }).error,
    );
    expect(refusals.map((e) => e.code)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED']);
    expect(refusals.map((e) => e.message).join('\n')).toMatch(/parcel API[\s\S]*flood[\s\S]*wetlands/);
    expect(anonymous.stderr).not.toMatch(/zoning/);
    expect(anonymous.stdout).toMatch(/^2: zoning \(title: Zoning districts\) \(Multi Polygon\)$/m);
  });

  it('ogrinfo OAPIF: reads the zoning layer anonymously, its features the table’s', async () => {
    const { stdout } = await run('ogrinfo', ['-ro', '-so', `OAPIF:${origin()}/ogc`, 'zoning'], {
      env: { ...process.env, CPL_DEBUG: 'OFF' },
      timeout: 60_000,
    });
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM zoning_districts`;
    expect(stdout).toMatch(new RegExp(`^Feature Count: ${row!.n}$`, 'm'));
    expect(stdout).toMatch(/^zoning: String/m);
    expect(stdout).not.toMatch(/^zoning_type:/m);
  });

  it('ogr2ogr OAPIF: with a bbox over Harvard Square gets the parcels of the tile route there', async () => {
    const { x, y } = lonLatToTile(-71.119, 42.3735, 17);
    const box = await tileBox(17, x, y, 64);
    const out = join(mkdtempSync(join(tmpdir(), 'ogc-gdal-')), 'harvard.geojson');
    await run('ogr2ogr', ['-f', 'GeoJSON', out, `OAPIF:${origin()}/ogc`, 'parcels', '-spat', ...box.map(String)], {
      env: gdalEnv,
      timeout: 120_000,
    });
    const fetched = JSON.parse(readFileSync(out, 'utf8')) as { features: { properties: { ll_uuid: string } }[] };
    const viaGdal = fetched.features.map((f) => f.properties.ll_uuid).sort();

    const tile = await app.request(`/api/v1/parcels/17/${x}/${y}.mvt`);
    expect(tile.status).toBe(200);
    const inTile = (await decodeTile(tile, 'parcels')).map((f) => String(f.properties.ll_uuid)).sort();
    expect(inTile.length).toBeGreaterThan(10);
    expect(new Set(viaGdal).size).toBe(viaGdal.length);
    expect(viaGdal).toEqual(inTile);
    // The bbox went to the server, and the pages (GDAL picks their size) came by the keyset next links.
    const pages = asked.filter((path) => path.startsWith('/ogc/collections/parcels/items') && path.includes('bbox='));
    const limit = Number(new URLSearchParams(pages[0]!.split('?')[1]).get('limit'));
    expect(limit).toBeLessThan(inTile.length);
    // A page reads one row more than it answers, so no empty page follows the last one.
    expect(pages.length).toBe(Math.ceil(inTile.length / limit));
    expect(pages.slice(1).every((path) => path.includes('after='))).toBe(true);
  });
});
