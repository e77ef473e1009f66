// Security review 2, N3: the FeatureServer answers that classify parcels without returning them are
// metered. returnIdsOnly spends a record per id and answers at most the records left (the rest behind
// exceededTransferLimit), returnCountOnly and returnExtentOnly spend one record each, so a sandbox's
// 2,000 records bound how many parcels it can classify by a field of its plan. OGC numberMatched spends
// a record even on an empty page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';

const sql = testDb(3);
const app = createApp({
  config: loadConfig({ METERING_FLUSH_MS: '100' }),
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
afterAll(() => sql.end());

const query = '/arcgis/rest/services/parcels/FeatureServer/0/query';
const cambridge = "path LIKE '/us/ma/middlesex/cambridge/%'";

interface Sandbox {
  token: string;
  /** The sandbox's used records, once the meter has flushed. */
  records: () => Promise<number>;
}

async function sandbox(): Promise<Sandbox> {
  const browser = new TestBrowser(app);
  await browser.register(uniqueEmail('n3'), 'secret-pass-1', 'Nat Three');
  const made = await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] });
  expect(made.status).toBe(201);
  return {
    token: made.json.token as string,
    records: async () => {
      await new Promise((r) => setTimeout(r, 400));
      return (await browser.get('/api/account.json')).json.usage.records as number;
    },
  };
}

async function get(path: string, params: Record<string, string>, token: string) {
  const res = await app.request(`${path}?${new URLSearchParams({ ...params, token })}`);
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) };
}

/**
 * A Pro field of the sandbox's (premium) schema with its values, each held by some Middlesex parcels
 * and together by more than 2,000 of them: what the review classified 16,978 parcels by.
 */
let classes: { field: string; values: { value: string; n: number }[] };
beforeAll(async () => {
  const candidates = parcelFields.filter(
    (f) => f.tier === 'pro' && f.kind === 'text' && !f.name.startsWith('zoning_') && f.sqlType === 'text',
  );
  for (const { name: field } of candidates) {
    const values = await sql<{ value: string; n: number }[]>`
      SELECT ${sql(field)}::text AS value, count(*)::int AS n FROM parcels
      WHERE path LIKE '/us/ma/middlesex/%' AND ${sql(field)} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 8`;
    if (values.reduce((sum, v) => sum + v.n, 0) > 3000) {
      classes = { field, values };
      return;
    }
  }
  throw new Error('no Pro field classifies more than 3,000 test parcels');
});

describe('N3: classification answers are metered', () => {
  it('N3: ids spend a record per id returned', async () => {
    const box = await sandbox();
    const ids = await sql<{ id: string }[]>`
      SELECT id FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' ORDER BY id LIMIT 25`;
    const before = await box.records();
    const answer = await get(
      query,
      { where: `${cambridge} AND OBJECTID <= ${ids.at(-1)!.id}`, returnIdsOnly: 'true', f: 'json' },
      box.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.objectIds).toEqual(ids.map((r) => Number(r.id)));
    expect(answer.json.exceededTransferLimit).toBeUndefined();
    expect(await box.records()).toBe(before + 25);
  });

  it('N3: counts and extents spend one record each', async () => {
    const box = await sandbox();
    const before = await box.records();
    const count = await get(query, { where: cambridge, returnCountOnly: 'true', f: 'json' }, box.token);
    expect(count.json.count).toBeGreaterThan(1000);
    const extent = await get(query, { where: cambridge, returnExtentOnly: 'true', f: 'json' }, box.token);
    expect(extent.json.extent.xmin).toBeLessThan(-71);
    const both = await get(
      query,
      { where: cambridge, returnExtentOnly: 'true', returnCountOnly: 'true', f: 'json' },
      box.token,
    );
    expect(both.json.count).toBe(count.json.count);
    expect(await box.records()).toBe(before + 3);
  });

  it('N3: a sandbox with 2,000 records cannot classify more than 2,000 parcels by a Pro field', async () => {
    const box = await sandbox();
    const classified = new Set<number>();
    let truncated = 0;
    let refused = 0;
    // The review's attack: the ids of each value of the field, then page on past the last id read.
    for (const { value } of classes.values) {
      let after = 0;
      for (let round = 0; round < 3; round += 1) {
        const where = `${classes.field} = '${value.replaceAll("'", "''")}' AND OBJECTID > ${after}`;
        const answer = await get(query, { where, returnIdsOnly: 'true', f: 'json' }, box.token);
        if (answer.status === 429) {
          refused += 1;
          break;
        }
        expect(answer.status).toBe(200);
        const ids = answer.json.objectIds as number[];
        for (const id of ids) classified.add(id);
        if (!answer.json.exceededTransferLimit) break;
        truncated += 1;
        after = ids.at(-1) ?? after;
      }
    }
    expect(classified.size).toBeGreaterThan(1000);
    expect(classified.size).toBeLessThanOrEqual(2000);
    expect(truncated).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(await box.records()).toBeLessThanOrEqual(2000);
    // Once the records are used up, counts and extents are refused too.
    const count = await get(query, { where: cambridge, returnCountOnly: 'true', f: 'json' }, box.token);
    expect(count.status).toBe(429);
    const extent = await get(query, { where: cambridge, returnExtentOnly: 'true', f: 'json' }, box.token);
    expect(extent.status).toBe(429);
  }, 120_000);

  it('N3: parallel ids requests of one sandbox together return at most its 2,000 records', async () => {
    const box = await sandbox();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        get(query, { where: `OBJECTID > ${i}`, returnIdsOnly: 'true', f: 'json' }, box.token),
      ),
    );
    const returned = answers.map((a) => (a.status === 200 ? (a.json.objectIds as number[]).length : 0));
    expect(returned.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(2000);
    expect(Math.max(...returned)).toBeGreaterThan(1000);
    for (const answer of answers) expect([200, 429]).toContain(answer.status);
    expect(await box.records()).toBeLessThanOrEqual(2000);
  }, 60_000);

  it('N3: OGC numberMatched spends a record even when the page holds no feature', async () => {
    const box = await sandbox();
    const before = await box.records();
    const empty = await get(
      '/ogc/collections/parcels/items',
      { limit: '1', offset: '1000000', [classes.field]: classes.values[0]!.value },
      box.token,
    );
    expect(empty.status).toBe(200);
    expect(empty.json.numberReturned).toBe(0);
    expect(empty.json.numberMatched).toBe(classes.values[0]!.n);
    expect(await box.records()).toBe(before + 1);
  });
});
