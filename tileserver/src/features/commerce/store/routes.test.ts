// The data store: stats, a county's products priced by the README's rule from its parcel count, the
// picker's add-on rules, and a county file bought through the cart that GDAL reads back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { startJobQueue } from '../../../jobs/job-queue.ts';
import { startExportJob } from '../exports/export-job.ts';
import { exportById } from '../exports/queries.ts';
import { normaliseAddons, pick, productPriceCents, statePriceCents } from '@parcel-map/contracts/commerce/store';
import { stopTestJobs } from '../../../testing/jobs.ts';

const sql = testDb(3);
const databaseUrl = inject('databaseUrl');
const dataDir = mkdtempSync(join(tmpdir(), 'store-test-'));
const logger = createLogger('silent');
const queue = `store-test-${process.pid}`;
const boss = await startJobQueue(databaseUrl, logger);
await startExportJob(boss, { sql, databaseUrl, dataDir, logger, queue });
const app = createApp({
  config: loadConfig({ DATA_DIR: dataDir }),
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

describe('store prices and picker rules', () => {
  it('prices a county per 100 parcels with a minimum, in whole dollars, and a state at its counties less 20%', () => {
    expect(productPriceCents('premium', 1000)).toBe(10000);
    expect(productPriceCents('premium', 12_345)).toBe(24700);
    expect(productPriceCents('standard', 12_345)).toBe(12400);
    expect(productPriceCents('zoning-addon', 12_345)).toBe(6200);
    expect(statePriceCents('premium', [12_345, 1000])).toBe(Math.ceil(((24700 + 10000) * 0.8) / 100) * 100);
  });

  it('allows add-ons only with Premium, clears them for Standard and swaps the buildings add-ons', () => {
    expect(pick({ product: 'standard', addons: [] }, 'zoning-addon').refused).toBe(
      'Add-ons are available with Premium only.',
    );
    const withZoning = pick({ product: 'premium', addons: [] }, 'zoning-addon').state;
    expect(withZoning.addons).toEqual(['zoning-addon']);
    expect(pick(withZoning, 'standard').state).toEqual({ product: 'standard', addons: [] });
    const both = pick({ product: 'premium', addons: ['buildings-addon'] }, 'enhanced-buildings-addon');
    expect(both).toMatchObject({
      state: { addons: ['buildings-addon', 'enhanced-buildings-addon'] },
      removeLater: 'buildings-addon',
    });
    expect(normaliseAddons('premium', ['buildings-addon', 'zoning-addon', 'enhanced-buildings-addon'])).toEqual([
      'zoning-addon',
      'enhanced-buildings-addon',
    ]);
    expect(normaliseAddons('standard', ['zoning-addon'])).toEqual([]);
  });
});

describe('the store', () => {
  it('counts the counties and states for sale', async () => {
    const [expected] =
      await sql`SELECT count(*)::int AS counties, count(DISTINCT state_path)::int AS states FROM county_coverage WHERE parcels > 0`;
    const stats = await new TestBrowser(app).get('/store/stats.json');
    expect(stats.json).toEqual(expected);
  });

  it('offers a county’s products priced from its parcel count, and finds places from 2 characters', async () => {
    const [county] = await sql<
      { path: string; parcels: number }[]
    >`SELECT path, parcels FROM county_coverage WHERE parcels > 0 ORDER BY parcels LIMIT 1`;
    const res = await new TestBrowser(app).get(`/store/products.json?path=${county!.path}`);
    expect(res.status).toBe(200);
    expect(res.json.products.map((p: { id: string }) => p.id)).toEqual([
      'premium',
      'standard',
      'buildings-addon',
      'enhanced-buildings-addon',
      'addresses-addon',
      'zoning-addon',
    ]);
    expect(res.json.products[0]).toMatchObject({
      price: productPriceCents('premium', county!.parcels),
      addon: false,
      available: true,
    });
    // The add-on panel's features (6 shown before View more) come from the field catalog.
    expect(res.json.products.find((p: { id: string }) => p.id === 'zoning-addon').features.length).toBeGreaterThan(6);
    expect(res.json.products.find((p: { id: string }) => p.id === 'premium').features).toEqual([]);
    expect((await new TestBrowser(app).get('/store/search.json?q=m')).status).toBe(400);
    const found = await new TestBrowser(app).get('/store/search.json?q=middle');
    expect(found.json.results.length).toBeLessThanOrEqual(33);
    expect(found.json.results.some((r: { path: string }) => r.path === '/us/ma/middlesex')).toBe(true);
  });

  it('gives each product its coverage report, computed from the county’s parcels, and its schema links', async () => {
    const [county] = await sql<
      { path: string; parcels: number }[]
    >`SELECT path, parcels FROM county_coverage WHERE parcels > 0 ORDER BY parcels LIMIT 1`;
    const res = await new TestBrowser(app).get(`/store/products.json?path=${county!.path}`);
    const byId = new Map(res.json.products.map((p: { id: string }) => [p.id, p]));
    const zoning = byId.get('zoning-addon') as {
      coverage: { sampled: number; fields: { name: string; percent: number }[] };
    };
    expect(zoning.coverage.fields.map((f) => f.name)).toEqual([
      'zoning_type',
      'zoning_subtype',
      'zoning_id',
      'zoning_code_link',
    ]);
    expect(county!.parcels).toBeLessThanOrEqual(100_000);
    // The percentages are the data's: every parcel of the county counted here by hand. (Counted, not read
    // from county_coverage: other test files of the run add and remove parcels and refresh it.)
    const [fill] = await sql<{ n: number; owner: number; zoning: number }[]>`
      SELECT count(*)::int AS n, count(owner)::int AS owner, count(zoning_type)::int AS zoning
      FROM parcels_in_place(${county!.path})`;
    expect(zoning.coverage.sampled).toBe(fill!.n);
    const pct = (k: number) => Math.round((1000 * k) / fill!.n) / 10;
    expect(zoning.coverage.fields[0]!.percent).toBe(pct(fill!.zoning));
    const premium = byId.get('premium') as {
      coverage: { fields: { name: string; percent: number }[] };
      schemas: { href: string }[];
      legacy: boolean;
      description_no_shapefile: string;
    };
    expect(premium.coverage.fields.find((f) => f.name === 'owner')!.percent).toBe(pct(fill!.owner));
    expect(premium.schemas.map((s) => s.href)).toContain('/parcel_fields.json?schema_key=us');
    expect(premium.legacy).toBe(false);
    expect(premium.description_no_shapefile).toMatch(/too large for a shapefile/);
    const standard = byId.get('standard') as { coverage: { fields: { name: string }[] } };
    expect(standard.coverage.fields.length).toBeLessThan(premium.coverage.fields.length);
  });

  it('sells a county file through the cart: one charge, a file GDAL reads with every parcel of the county', async () => {
    const [county] = await sql<
      { path: string; parcels: number }[]
    >`SELECT path, parcels FROM county_coverage WHERE parcels > 0 ORDER BY parcels LIMIT 1`;
    const { browser } = await signedInUser(app, sql, 'free');
    const added = await browser.post('/orders/cart/add.json', {
      path: county!.path,
      product: 'standard',
      addons: ['zoning-addon'],
      fmt: 'gpkg',
    });
    expect(added.status).toBe(200);
    expect(added.json.items[`${county!.path}:standard`]).toMatchObject({
      addons: [],
      price: productPriceCents('standard', county!.parcels),
      fmt: 'gpkg',
    });
    const switched = await browser.post('/orders/cart/add.json', {
      path: county!.path,
      product: 'premium',
      addons: ['zoning-addon'],
      fmt: 'gpkg',
    });
    expect(Object.keys(switched.json.items)).toEqual([`${county!.path}:premium`]);
    expect(switched.json.total).toBe(
      productPriceCents('premium', county!.parcels) + productPriceCents('zoning-addon', county!.parcels),
    );
    const pm = (
      await browser.post('/payments/local/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        name: 'Sam Store',
      })
    ).json.id;
    const bought = await browser.post('/orders/cart/checkout.json', {
      payment_method_id: pm,
      idempotency_key: `store-${county!.path}`,
    });
    expect(bought.status).toBe(201);
    let row = (await exportById(sql, bought.json.exports[0]))!;
    for (let i = 0; row.status === 1 && i < 600; i++) {
      await new Promise((r) => setTimeout(r, 200));
      row = (await exportById(sql, row.id))!;
    }
    expect(row).toMatchObject({ status: 2, kind: 'store', product: 'premium' });
    const info = execFileSync('ogrinfo', ['-so', '-al', '-ro', join(dataDir, 'exports', row.filename!)], {
      encoding: 'utf8',
    });
    const [live] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM parcels_in_place(${county!.path})`;
    expect(Number(/Feature Count: (\d+)/.exec(info)![1])).toBe(live!.n);
    expect(info).toContain('zoning_type:');
  }, 180_000);
});
