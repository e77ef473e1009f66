// Dataset tables in exports: a stored zoning source's features inside the place (its filter applied)
// are counted and written beside the parcels as SQL counts them, a catalogue layer the caller may not
// read is a 403, and a malformed or unknown source is a 400 or a 404.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { startJobQueue } from '../../../jobs/job-queue.ts';
import { runExport, startExportJob } from './export-job.ts';
import { exportById, insertExport } from './queries.ts';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { decodeTile } from '../../../testing/tiles.ts';
import { stopTestJobs } from '../../../testing/jobs.ts';

const sql = testDb(4);
const databaseUrl = inject('databaseUrl');
const dataDir = mkdtempSync(join(tmpdir(), 'exports-datasets-'));
const config = loadConfig({ DATA_DIR: dataDir, EXPORT_FREE_ROWS_PAID: '300' });
const logger = createLogger('silent');
const queue = `exports-datasets-${process.pid}`;
const boss = await startJobQueue(databaseUrl, logger);
await startExportJob(boss, { sql, databaseUrl, dataDir, logger, queue });
const app = createApp({
  config,
  sql,
  logger,
  payments: new LocalPaymentProvider(sql),
  jobs: boss,
  exportQueue: queue,
});
afterAll(async () => {
  await stopTestJobs(boss);
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const cambridge = '/us/ma/middlesex/cambridge';
// A filter that selects parcels well inside the free allowance, so the csv is a free download.
const fewParcels = async () => {
  const [row] = await sql<{ usecode: string }[]>`
    SELECT usecode FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND usecode IS NOT NULL
    GROUP BY usecode HAVING count(*) BETWEEN 1 AND 200 ORDER BY count(*) DESC LIMIT 1`;
  return { usecode: [row!.usecode] };
};

async function userWithZoningSource() {
  const user = await signedInUser(app, sql, 'pro');
  const project = await user.browser.post('/projects.json', { name: 'Zoning export', query: { path: cambridge } });
  expect(project.status).toBe(201);
  const [codes] = await sql<{ zoning: string[] }[]>`
    SELECT array_agg(zoning ORDER BY zoning) AS zoning FROM (SELECT DISTINCT zoning FROM zoning_districts LIMIT 3) z`;
  const source = await user.browser.post('/api/v1/sources', {
    query: { zoning: true, filters: { zoning: codes!.zoning } },
  });
  expect(source.status, JSON.stringify(source.json)).toBe(200);
  return { ...user, project: project.json, sourceId: source.json.id as string, codes: codes!.zoning };
}

const zoningInPlace = async (codes: string[]) => {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM zoning_districts t, places pl
    WHERE pl.path = ${cambridge} AND ST_Intersects(t.geom, pl.geom) AND t.zoning = ANY (${codes})`;
  return row!.n;
};

describe('dataset exports', () => {
  it('counts and writes a zoning source’s filtered districts in the place as its own csv beside the parcels', async () => {
    const { browser, project, sourceId, codes } = await userWithZoningSource();
    const expected = await zoningInPlace(codes);
    const [all] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM zoning_districts`;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(all!.n);
    const query = { path: cambridge, parcel: await fewParcels(), datasets: { [`source:${sourceId}`]: { sourceId } } };
    const check = await browser.post(`${project.path}/exports/check`, { fmt: 'csv', query });
    expect(check.status, JSON.stringify(check.json)).toBe(200);
    expect(check.json.datasets).toEqual([{ name: `zoning_${sourceId.slice(0, 8)}`, count: expected }]);
    // Dataset rows are free: the price and the allowance count parcels only.
    expect(check.json.limits.requested).toBe(check.json.count);
    expect(check.json.warnings).toEqual([]);
    const counts = await browser.post(`${project.path}/blexts.json`, { query });
    expect(counts.json.withDatasetCount).toBe(counts.json.currentCount + expected);

    // A formula in a district's text must reach the spreadsheet as text, as parcel text does.
    await sql`UPDATE zoning_districts SET zoning_name = '=HYPERLINK("http://example.org")'
      WHERE id = (SELECT t.id FROM zoning_districts t, places pl WHERE pl.path = ${cambridge}
                  AND ST_Intersects(t.geom, pl.geom) AND t.zoning = ANY (${codes}) ORDER BY t.id LIMIT 1)`;
    const start = await browser.post(`${cambridge}/exports/start.json`, { fmt: 'csv', map_id: project.id, query });
    expect(start.status, JSON.stringify(start.json)).toBe(201);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.request(start.json.url, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const file = join(dataDir, 'got.zip');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(listing).toEqual(['parcels.csv', `zoning_${sourceId.slice(0, 8)}.csv`]);
    const zoning = execFileSync('unzip', ['-p', file, `zoning_${sourceId.slice(0, 8)}.csv`], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(zoning[0]).toContain('zoning');
    expect(zoning.length - 1).toBe(expected);
    expect(zoning.some((line) => line.includes(`'=HYPERLINK`))).toBe(true);
    expect(zoning.some((line) => /(^|,)"?=HYPERLINK/.test(line))).toBe(false);
    const parcels = execFileSync('unzip', ['-p', file, 'parcels.csv'], { encoding: 'utf8' }).trim().split('\n');
    expect(parcels.length - 1).toBe(check.json.count);
  });

  it('writes the datasets as layers of one GeoPackage', async () => {
    const { browser, project, sourceId, codes } = await userWithZoningSource();
    const query = { path: cambridge, parcel: await fewParcels(), datasets: { [sourceId]: {}, 'layer:open-space': {} } };
    const check = await browser.post(`${project.path}/exports/check`, { fmt: 'gpkg', query });
    expect(check.status, JSON.stringify(check.json)).toBe(200);
    expect(check.json.datasets.map((d: { name: string }) => d.name)).toEqual([
      `zoning_${sourceId.slice(0, 8)}`,
      'open_space',
    ]);
    expect(check.json.datasets[0].count).toBe(await zoningInPlace(codes));
    const [open] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM open_spaces t, places pl WHERE pl.path = ${cambridge} AND ST_Intersects(t.geom, pl.geom)`;
    expect(check.json.datasets[1].count).toBe(open!.n);
  });

  it('writes the datasets in every file format: a shapefile and a KML per table in the zip, a layer of the tile archives', async () => {
    const { userId, project } = await userWithZoningSource();
    const usecode = await fewParcels();
    const [open] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM open_spaces t, places pl WHERE pl.path = ${cambridge} AND ST_Intersects(t.geom, pl.geom)`;
    const made = async (format: 'shp' | 'kml' | 'mbtiles') => {
      const id = await insertExport(sql, {
        groupId: null,
        userId,
        projectId: project.id,
        orderId: null,
        kind: 'export',
        path: cambridge,
        format,
        product: null,
        level: 'pro',
        definition: {
          query: { parcel: true, path: cambridge, filters: usecode },
          datasets: [{ name: 'open_space', table: 'open-space' }],
        },
        requested: 1,
        freeRows: 0,
        priceCents: 0,
        token: `tok-ds-${format}-${userId}`,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 86400_000),
      });
      expect(await runExport(id, { sql, databaseUrl, dataDir, logger })).toBe(2);
      return join(dataDir, 'exports', (await exportById(sql, id))!.filename!);
    };
    for (const format of ['shp', 'kml'] as const) {
      const file = await made(format);
      expect(file).toMatch(new RegExp(`\\.${format}\\.zip$`));
      const info = execFileSync('ogrinfo', ['-so', '-ro', `/vsizip/${file}/open_space.${format}`, 'open_space'], {
        encoding: 'utf8',
      });
      expect(Number(/Feature Count: (\d+)/.exec(info)![1])).toBe(open!.n);
    }
    const archive = new DatabaseSync(await made('mbtiles'), { readOnly: true });
    try {
      const meta = archive.prepare("SELECT value FROM metadata WHERE name = 'json'").get() as { value: string };
      expect(JSON.parse(meta.value).vector_layers.map((l: { id: string }) => l.id)).toEqual(['parcels', 'open_space']);
      const tiles = archive.prepare('SELECT tile_data FROM tiles WHERE zoom_level = 16').all() as {
        tile_data: Uint8Array;
      }[];
      const ids = new Set<number>();
      for (const t of tiles)
        for (const f of await decodeTile(new Response(gunzipSync(t.tile_data)), 'open_space')) ids.add(Number(f.id));
      expect(ids.size).toBe(open!.n);
    } finally {
      archive.close();
    }
  });

  it('refuses a paid layer to a free user (403), a malformed source id (400) and an unknown one (404)', async () => {
    // A Pro account whose plan lapsed to Free keeps its project (the caller's level is its group's tier).
    const { browser, project, userId } = await userWithZoningSource();
    await sql`UPDATE groups SET tier = 'free' WHERE id IN (SELECT group_id FROM memberships WHERE user_id = ${userId})`;
    const post = (datasets: Record<string, unknown>) =>
      browser.post(`${project.path}/exports/check`, { fmt: 'csv', query: { path: cambridge, datasets } });
    const paid = await post({ 'layer:land-cover': {} });
    expect(paid.status).toBe(403);
    expect(paid.json.error.code).toBeDefined();
    expect((await post({ 'source:xyz': {} })).status).toBe(400);
    expect((await post({ 'source:0123456789abcdef0123': {} })).status).toBe(404);
    expect((await post({ 'layer:no-such-layer': {} })).status).toBe(404);
    expect((await post({ 'layer:spot-elevations': {} })).status).toBe(404);
    expect((await post({ 'layer:zoning': { operation: 'nearby' } })).status).toBe(400);
    expect((await post({ 'layer:zoning': { sourceId: 'wetlands' } })).status).toBe(400);
    expect((await post({ 'layer:zoning': { sourceId: 'zoning' } })).status).toBe(200);
  });
});
