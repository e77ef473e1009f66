// Paging of the parcel API over the real data: walking the next links returns every match once and in
// the SQL's order (all 13,115 Cambridge parcels in pages of 1,000, a 1,000 m radius by distance, an
// address shared by several parcels), the links sit on the configured origin, a later page is a keyset scan
// (EXPLAIN: no row before the cursor reaches the sort or the GeoJSON), each returned record is metered
// once, and a damaged cursor or one of another query answers 400 in the one error shape.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { linkOrigin, loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { LocalPaymentProvider } from '../../../payments/local/local-provider.ts';
import { createServices } from '../../../services.ts';
import { signedInAdmin } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { apiFields } from './policy.ts';
import { pageQuery, fieldsWhere } from './queries.ts';

const sql = testDb(3);
const config = loadConfig({ METERING_FLUSH_MS: '600000' });
const services = createServices({
  config,
  sql,
  logger: createLogger('silent'),
  payments: new LocalPaymentProvider(sql),
});
const app = createApp(services);
afterAll(() => sql.end());

const admin = await signedInAdmin(app, sql);
const cambridge = '/us/ma/middlesex/cambridge';
const harvardSquare = { lon: -71.1189, lat: 42.3736 };

type Page = { features: { id: string; properties: { path: string } }[]; links: { rel: string; href: string }[] };

/** Follows next links from the first page; every page's answer, in order. */
async function walk(browser: TestBrowser, first: string) {
  const pages: { status: number; json: Page; link: string | null }[] = [];
  let url: string | undefined = first;
  while (url && pages.length < 50) {
    const answer = await browser.get(url);
    expect(answer.status).toBe(200);
    pages.push({ status: answer.status, json: answer.json, link: answer.headers.get('link') });
    url = (answer.json as Page).links.find((l) => l.rel === 'next')?.href;
  }
  return pages;
}
const idsOf = (pages: { json: Page }[]) => pages.flatMap((p) => p.json.features.map((f) => f.id));

describe('walking the next links', () => {
  it('returns all 13,115 Cambridge parcels once each, in pages of 1,000, in the order of the SQL', async () => {
    const pages = await walk(admin, `/api/v2/parcels/query?fields[geoid]=25017&path=${cambridge}&limit=1000`);
    expect(pages.map((p) => p.json.features.length)).toEqual([...Array(13).fill(1000), 115]);
    const ids = idsOf(pages);
    expect(new Set(ids).size).toBe(13_115);
    const expected = await sql<{ ll_uuid: string }[]>`
      SELECT ll_uuid::text FROM parcels WHERE geoid = '25017' AND path LIKE ${`${cambridge}/%`} ORDER BY path, id`;
    expect(ids).toEqual(expected.map((r) => r.ll_uuid));
    // The last page has no next link, in the body or the header; the others have both, equal.
    expect(pages.at(-1)!.json.links).toEqual([]);
    expect(pages.at(-1)!.link).toBeNull();
    for (const page of pages.slice(0, -1))
      expect(page.link).toBe(`<${page.json.links[0]!.href}>; rel="next"; type="application/geo+json"`);
  });

  it('walks a 1,000 m radius (some 1,900 parcels) by distance, then id, once each', async () => {
    const pages = await walk(
      admin,
      `/api/v2/parcels/point?lat=${harvardSquare.lat}&lon=${harvardSquare.lon}&radius=1000&limit=1000`,
    );
    const point = sql`ST_SetSRID(ST_MakePoint(${harvardSquare.lon}::float8, ${harvardSquare.lat}::float8), 4326)::geography`;
    const expected = await sql<{ ll_uuid: string }[]>`
      SELECT ll_uuid::text FROM parcels WHERE ST_DWithin(geom::geography, ${point}, 1000)
      ORDER BY ST_Distance(geom::geography, ${point}), id`;
    expect(expected.length).toBeGreaterThan(1000);
    expect(pages.length).toBe(Math.ceil(expected.length / 1000));
    expect(idsOf(pages)).toEqual(expected.map((r) => r.ll_uuid));
  });

  it('breaks ties of a shared address by id, so small pages neither skip nor repeat a parcel', async () => {
    const pages = await walk(admin, '/api/v2/parcels/address?query=Massachusetts Ave&limit=37');
    const expected = await sql<{ ll_uuid: string }[]>`
      SELECT ll_uuid::text FROM parcels WHERE address ILIKE '%Massachusetts Ave%' ORDER BY address, id`;
    const [dupes] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (SELECT address FROM parcels WHERE address ILIKE '%Massachusetts Ave%'
      GROUP BY address HAVING count(*) > 1) d`;
    expect(dupes!.n).toBeGreaterThan(0);
    expect(expected.length).toBeGreaterThan(37 * 3);
    expect(idsOf(pages)).toEqual(expected.map((r) => r.ll_uuid));
  });

  it('writes next links on the configured origin, whatever the Host header says, keeping the query', async () => {
    const answer = await admin.get(`/api/v2/parcels/query?fields[geoid]=25017&path=${cambridge}&limit=5`, {
      Host: 'attacker.example',
    });
    const next = new URL(answer.json.links[0].href);
    expect(next.origin).toBe(linkOrigin(config));
    expect(next.pathname).toBe('/api/v2/parcels/query');
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      'fields[geoid]': '25017',
      path: cambridge,
      limit: '5',
    });
    expect(next.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('keyset, not offset', () => {
  it('drops the rows before the cursor in the scan: no plan node above it sees more than the rows left', async () => {
    const [last] = await sql<{ path: string; id: string }[]>`
      SELECT path, id::text FROM parcels WHERE path LIKE ${`${cambridge}/%`} ORDER BY path, id OFFSET 11999 LIMIT 1`;
    const left = 13_115 - 12_000;
    const query = pageQuery(sql, {
      ...fieldsWhere(sql, { geoid: '25017' }),
      visible: apiFields({ level: 'team', standardizedZoning: false }),
      counties: null,
      path: cambridge,
      after: [last!.path, last!.id],
      limit: 1000,
    });
    const [{ 'QUERY PLAN': plan }] = (await sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`) as unknown as [
      { 'QUERY PLAN': [{ Plan: PlanNode }] },
    ];
    type PlanNode = { 'Node Type': string; 'Actual Rows': number; Plans?: PlanNode[] };
    const nodes: PlanNode[] = [];
    const visit = (node: PlanNode) => {
      nodes.push(node);
      node.Plans?.forEach(visit);
    };
    visit(plan[0].Plan);
    expect(nodes.some((n) => n['Node Type'] === 'Limit')).toBe(true);
    // Only an index scan's list of candidates may be longer than what is left after the cursor.
    for (const node of nodes.filter((n) => n['Node Type'] !== 'Bitmap Index Scan'))
      expect(node['Actual Rows'], node['Node Type']).toBeLessThanOrEqual(left);
    expect(JSON.stringify(plan)).not.toMatch(/Offset/i);
  });
});

describe('metering and bad cursors', () => {
  it('meters each record of a walk once', async () => {
    const browser = new TestBrowser(app);
    await browser.register(uniqueEmail('paging'), 'secret-pass-1', 'Page Walker');
    const made = await browser.post('/api/sandbox.json', { counties: ['/us/ma/middlesex'] });
    expect(made.status).toBe(201);
    const token = made.json.token as string;
    const userId = (await browser.session()).user.id as number;
    const [group] = await sql<{ id: number }[]>`SELECT primary_group_id::int AS id FROM users WHERE id = ${userId}`;
    const pages = await walk(
      new TestBrowser(app),
      `/api/v2/parcels/address?query=Massachusetts Ave&path=${cambridge}&limit=150&token=${token}`,
    );
    const ids = idsOf(pages);
    expect(pages.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
    await services.tiles.meter.flush();
    const [usage] = await sql<{ records: number }[]>`
      SELECT coalesce(sum(records), 0)::int AS records FROM api_usage WHERE group_id = ${group!.id}`;
    expect(usage!.records).toBe(ids.length);
  });

  it('answers 400 in the one error shape for a damaged cursor, a forged one and one of another query', async () => {
    const first = await admin.get(`/api/v2/parcels/query?fields[geoid]=25017&path=${cambridge}&limit=3`);
    const cursor = new URL(first.json.links[0].href).searchParams.get('cursor')!;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...decoded, k: [`${cambridge}/' OR 1=1 --`, '1'] }), 'utf8').toString(
      'base64url',
    );
    const nested = Buffer.from(JSON.stringify({ ...decoded, k: [{ a: 1 }, '1'] }), 'utf8').toString('base64url');
    const base = `/api/v2/parcels/query?fields[geoid]=25017&path=${cambridge}&limit=3&cursor=`;
    const refused = [
      `${base}${cursor.slice(0, -4)}`,
      `${base}${cursor.slice(0, 10)}Zz${cursor.slice(12)}`,
      `${base}not-a-cursor`,
      `${base}${nested}`,
      `${base}%27%3B--`,
      `/api/v2/parcels/query?fields[geoid]=25017&path=/us/ma/middlesex/somerville&limit=3&cursor=${cursor}`,
      `/api/v2/parcels/apn?parcelnumb=1&cursor=${cursor}`,
    ];
    for (const url of refused) {
      const answer = await admin.get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.json.error.code).toBe('BAD_REQUEST');
      expect(typeof answer.json.error.message).toBe('string');
    }
    // A well-formed cursor with edited values only moves the start: the value is a bound parameter.
    const moved = await admin.get(`${base}${forged}`);
    expect(moved.status).toBe(200);
    expect(moved.json.features.length).toBe(3);
  });
});
