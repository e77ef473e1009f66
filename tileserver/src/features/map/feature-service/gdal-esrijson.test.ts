// The feature service as GDAL reads it (ogrinfo and ogr2ogr from Debian's gdal-bin, the ESRIJSON driver
// that QGIS and most scripts use): the layer is listed with the plan's fields, ogr2ogr with paging
// fetches every Cambridge parcel exactly once, and a missing token is an error GDAL reports.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';

const run = promisify(execFile);
const admin = 'feature-service-gdal-admin-token-0123456789';
const sql = testDb(4);
const app = createApp({ config: loadConfig({ ADMIN_TOKEN: admin }), sql, logger: createLogger('silent') });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const dir = mkdtempSync(join(tmpdir(), 'arcgis-gdal-'));

afterAll(async () => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
  await sql.end();
});

const queryUrl = (params: Record<string, string>) =>
  `ESRIJSON:${origin()}/arcgis/rest/services/parcels/FeatureServer/0/query?${new URLSearchParams(params)}`;
// GDAL does not answer from a cache of its own between runs of these commands.
const env = { ...process.env, GDAL_HTTP_TIMEOUT: '120', CPL_CURL_VERBOSE: 'NO' };

describe('GDAL reads the parcels feature service', () => {
  it('lists the layer with the fields of a sandbox plan (ogrinfo -so)', async () => {
    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('gdal'), 'secret-pass-1', 'Gdal User');
    const token = (await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] })).json.token as string;
    const { stdout } = await run(
      'ogrinfo',
      ['-ro', '-so', queryUrl({ where: '1=1', outFields: '*', f: 'json', token, resultRecordCount: '5' }), 'ESRIJSON'],
      { env, encoding: 'utf8' },
    );
    expect(stdout).toMatch(/Geometry: (Multi )?Polygon/);
    expect(stdout).toMatch(/^OBJECTID: Integer/m);
    expect(stdout).toMatch(/^address: String/m);
    expect(stdout).toMatch(/^yearbuilt: Integer/m);
    expect(stdout).toMatch(/^parval: Real/m);
    // The sandbox reads the Team fields.
    expect(stdout).toMatch(/^median_household_income: Real/m);
  }, 120_000);

  it('fetches every Cambridge parcel once with paging (ogr2ogr -oo FEATURE_SERVER_PAGING=YES)', async () => {
    const [expected] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%'`;
    expect(expected!.n).toBe(13_115);
    const out = join(dir, 'cambridge.geojson');
    const url = queryUrl({
      where: "path LIKE '/us/ma/middlesex/cambridge/%'",
      outFields: 'OBJECTID,path',
      f: 'json',
      token: admin,
    });
    const started = performance.now();
    await run('ogr2ogr', ['-f', 'GeoJSON', out, url, '-oo', 'FEATURE_SERVER_PAGING=YES'], {
      env,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    const features = (
      JSON.parse(readFileSync(out, 'utf8')) as { features: { properties: { OBJECTID: number; path: string } }[] }
    ).features;
    console.log(`ogr2ogr: ${features.length} Cambridge parcels in ${seconds.toFixed(1)} s`);
    expect(features).toHaveLength(13_115);
    expect(new Set(features.map((f) => f.properties.OBJECTID)).size).toBe(13_115);
    expect(features.every((f) => f.properties.path.startsWith('/us/ma/middlesex/cambridge/'))).toBe(true);
  }, 300_000);

  it('reports a missing token as an error (499 Token Required, HTTP 401)', async () => {
    const failed = await run('ogrinfo', ['-ro', '-so', queryUrl({ where: '1=1', f: 'json' })], {
      env,
      encoding: 'utf8',
    }).then(
      () => undefined,
      (error: { stderr: string }) => error.stderr,
    );
    expect(failed).toMatch(/401/);
  }, 60_000);
});
