// Security review N10: dataset tables are exported free, so their size is capped. One picked parcel and a
// whole-country layer on `/us` is refused (413, the one error shape, a message the export pane shows) at
// check, count, start and cart time; so are datasets that pass the per-export cap together, while each of
// them alone, and a smaller place, still exports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { countDatasets } from './queries.ts';
import type { DatasetTable } from './datasets.ts';

const sql = testDb(4);
const dataDir = mkdtempSync(join(tmpdir(), 'exports-caps-'));
afterAll(async () => {
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const count = async (path: string, table: DatasetTable) =>
  (await countDatasets(sql, { query: { parcel: true, path, filters: {} }, datasets: [table] }))[0]!;
const landCover = await count('/us', { name: 'land_cover', table: 'land-cover' });
const openSpace = await count('/us', { name: 'open_space', table: 'open-space' });
const population = await count('/us', { name: 'population', table: 'population' });
const cambridge = '/us/ma/middlesex/cambridge';
const openSpaceHere = await count(cambridge, { name: 'open_space', table: 'open-space' });

// Caps between the counts of the real data: land cover on /us is over the per-table cap, open space and
// population each under it but over the per-export cap together.
const perTable = Math.max(openSpace, population);
const config = loadConfig({
  DATA_DIR: dataDir,
  // The area cap is tried on its own below: here a country passes it, so the row caps are what refuse.
  EXPORT_DATASET_AREA_MAX_KM2: '100000000',
  EXPORT_DATASET_ROWS_MAX: String(perTable),
  EXPORT_ARCHIVE_DATASET_ROWS_MAX: String(openSpace + population - 1),
});
const app = createApp({ config, sql, logger: createLogger('silent'), payments: new LocalPaymentProvider(sql) });
const n = (value: number) => value.toLocaleString('en-US');

describe('dataset size caps', () => {
  it('uses real data whose land cover of the country is larger than the caps', () => {
    expect(landCover).toBeGreaterThan(perTable);
    expect(openSpace).toBeGreaterThan(0);
    expect(population).toBeGreaterThan(0);
    expect(openSpaceHere).toBeGreaterThan(0);
  });

  it('refuses a whole-country layer beside one picked parcel at check, count, start and cart time (413)', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'pro');
    const project = await browser.post('/projects.json', { name: 'Caps', query: { path: cambridge } });
    expect(project.status).toBe(201);
    const [picked] = await sql<
      { path: string }[]
    >`SELECT path FROM parcels WHERE path LIKE ${`${cambridge}/%`} LIMIT 1`;
    const query = { path: '/us', parcels: [picked!.path], datasets: { 'layer:land-cover': {} } };
    const message = `The land cover dataset has ${n(landCover)} features here, more than the ${n(perTable)} an export may carry: choose a smaller place or a focus area, or leave it out.`;
    const answers = {
      check: await browser.post(`${project.json.path}/exports/check`, { fmt: 'csv', query }),
      counts: await browser.post(`${project.json.path}/blexts.json`, { query }),
      start: await browser.post('/us/exports/start.json', { fmt: 'csv', map_id: project.json.id, query }),
      cart: await browser.post('/orders/cart/add_export_items.json', {
        items: [{ fmt: 'mbtiles', map_id: project.json.id, query }],
      }),
    };
    for (const [route, answer] of Object.entries(answers)) {
      expect(answer.status, `${route}: ${JSON.stringify(answer.json)}`).toBe(413);
      expect(answer.json.error).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message,
        details: { dataset: 'land_cover', count: landCover, max: perTable },
      });
    }
    // Nothing was recorded or put in the cart.
    const [made] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM exports WHERE user_id = ${userId}`;
    expect(made!.n).toBe(0);
    const cart = await browser.get('/orders/cart.json');
    expect(JSON.stringify(cart.json)).not.toContain('land');

    // A layer under the caps within the city: checked, with its features counted.
    const city = await browser.post(`${project.json.path}/exports/check`, {
      fmt: 'csv',
      query: { ...query, path: cambridge, datasets: { 'layer:open-space': {} } },
    });
    expect(city.status, JSON.stringify(city.json)).toBe(200);
    expect(city.json.datasets).toEqual([{ name: 'open_space', count: openSpaceHere }]);
  });

  it('refuses datasets over the per-export cap together, each of which alone exports', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const project = await browser.post('/projects.json', { name: 'Caps', query: { path: cambridge } });
    const check = (datasets: Record<string, object>) =>
      browser.post(`${project.json.path}/exports/check`, {
        fmt: 'csv',
        query: { path: '/us', parcel: { usecode: ['no-such-code'] }, datasets },
      });
    const both = await check({ 'layer:open-space': {}, 'layer:population': {} });
    expect(both.status).toBe(413);
    expect(both.json.error.message).toBe(
      `The chosen datasets have ${n(openSpace + population)} features here together, more than the ${n(openSpace + population - 1)} one export may carry: choose a smaller place or a focus area, or fewer datasets.`,
    );
    const alone = await check({ 'layer:open-space': {} });
    expect(alone.status, JSON.stringify(alone.json)).toBe(200);
    expect(alone.json.datasets).toEqual([{ name: 'open_space', count: openSpace }]);
  });

  it('refuses the review’s export (one parcel and five whole-country datasets on /us) by area with the defaults, and takes a state', async () => {
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults.EXPORT_DATASET_AREA_MAX_KM2).toBe(25000);
    const plain = createApp({
      config: defaults,
      sql,
      logger: createLogger('silent'),
      payments: new LocalPaymentProvider(sql),
    });
    const { browser } = await signedInUser(plain, sql, 'pro');
    const project = await browser.post('/projects.json', { name: 'Caps', query: { path: cambridge } });
    const [picked] = await sql<
      { path: string }[]
    >`SELECT path FROM parcels WHERE path LIKE ${`${cambridge}/%`} LIMIT 1`;
    const datasets = Object.fromEntries(
      ['buildings', 'land-cover', 'contours', 'open-space', 'population'].map((id) => [`layer:${id}`, {}]),
    );
    const query = { path: '/us', parcels: [picked!.path], datasets };
    const [us] = await sql<{ km2: number }[]>`
      SELECT (ST_Area(geom::geography) / 1e6)::float8 AS km2 FROM places WHERE path = '/us'`;
    const answers = [
      await browser.post(`${project.json.path}/exports/check`, { fmt: 'csv', query }),
      await browser.post(`${project.json.path}/blexts.json`, { query }),
    ];
    for (const refused of answers) {
      expect(refused.status, JSON.stringify(refused.json)).toBe(413);
      expect(refused.json.error.message).toBe(
        `Datasets are exported for a place or focus area of at most 25,000 km²; /us is ${n(Math.round(us!.km2))} km²: choose a smaller place or a focus area, or leave the datasets out.`,
      );
    }
    // Massachusetts (about 21,000 km²) is within the area cap, and its datasets within the default row caps.
    const state = await browser.post(`${project.json.path}/exports/check`, {
      fmt: 'csv',
      query: { path: '/us/ma', parcels: [picked!.path], datasets: { 'layer:open-space': {} } },
    });
    expect(state.status, JSON.stringify(state.json)).toBe(200);
    expect(state.json.datasets[0].count).toBeGreaterThan(0);
  });
});
