// One selection of "the parcels in a place" (parcels_in_place, sql/functions/places.sql)
// behind insights, export counts, export checks and the store; and its plans stay index-driven. The
// spec's /us/neighborhoods/{slug or id} alias selects the neighbourhood it names, in sources too.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { hasAnyValue } from '../../commerce/store/queries.ts';

const sql = testDb(4);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';

async function plan(statement: string, params: string[]): Promise<string> {
  const rows = await sql.unsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${statement}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('parcels_in_place', () => {
  it('I27.2: for every Cambridge neighbourhood the export count (blexts.json and export check) equals the insights parcel count, and is not zero', async () => {
    const hoods = await sql<
      { path: string }[]
    >`SELECT path FROM places WHERE kind = 'neighborhood' AND parent_path = ${cambridge} ORDER BY path`;
    expect(hoods.length).toBe(13);
    const { browser } = await signedInUser(app, sql, 'pro');
    const project = await browser.post('/projects.json', {
      name: 'Neighbourhoods',
      query: { path: cambridge, filters: {} },
    });
    expect(project.status).toBe(201);
    let sum = 0;
    for (const { path } of hoods) {
      const insights = await browser.get(`${path}/insights.json`);
      expect(insights.status, path).toBe(200);
      const parcels = insights.json.numeric.parcels as number;
      expect(parcels, path).toBeGreaterThan(0);
      const counts = await browser.post(`${project.json.path}/blexts.json`, { query: { path } });
      expect(counts.status, path).toBe(200);
      expect(counts.json.currentCount, path).toBe(parcels);
      expect(counts.json.allCount, path).toBe(parcels);
      const check = await browser.post(`${project.json.path}/exports/check`, { fmt: 'csv', query: { path } });
      expect(check.status, path).toBe(200);
      expect(check.json.count, path).toBe(parcels);
      expect(
        check.json.warnings.map((w: { code: string }) => w.code),
        path,
      ).not.toContain('empty');
      sum += parcels;
    }
    // Each parcel is in at most one neighbourhood (point-on-surface), and nearly all Cambridge parcels in one.
    const [city] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM parcels_in_place(${cambridge})`;
    expect(sum).toBeLessThanOrEqual(city!.n);
    expect(sum).toBeGreaterThan(city!.n * 0.95);
  });

  it('I27.2: the store finds values among a neighbourhood’s parcels, which are filed under the city', async () => {
    const [hood] = await sql<
      { path: string }[]
    >`SELECT path FROM places WHERE kind = 'neighborhood' AND parent_path = ${cambridge} ORDER BY path LIMIT 1`;
    expect(await hasAnyValue(sql, hood!.path, ['parval'])).toBe(true);
    expect(await hasAnyValue(sql, '/us/ma/middlesex/cambridge/no-such-place', ['parval'])).toBe(false);
  });

  it('reads a county or a city through the path index and a neighbourhood through the GIST index', async () => {
    const statement = 'SELECT count(*) FROM parcels_in_place($1) p';
    const [hood] = await sql<
      { path: string }[]
    >`SELECT path FROM places WHERE kind = 'neighborhood' AND parent_path = ${cambridge} ORDER BY path LIMIT 1`;
    for (const path of ['/us/ma/middlesex', cambridge]) {
      const text = await plan(statement, [path]);
      expect(text, path).toMatch(/Index (Only )?Scan using parcels_path_idx/);
      expect(text, path).not.toMatch(/Seq Scan on parcels/);
    }
    const text = await plan(statement, [hood!.path]);
    expect(text).toMatch(/Index Scan using parcels_geom_idx|Bitmap Index Scan on parcels_geom_idx/);
    expect(text).not.toMatch(/Seq Scan on parcels/);
    // The export selection reads the path from its bound definition: the same index scans.
    const exportPlan = `SELECT count(*) FROM (SELECT $1::text::jsonb->'query'->>'path' AS place_path OFFSET 0) params
      CROSS JOIN LATERAL parcels_in_place(params.place_path) p`;
    expect(await plan(exportPlan, [JSON.stringify({ query: { path: cambridge } })])).toMatch(/parcels_path_idx/);
    expect(await plan(exportPlan, [JSON.stringify({ query: { path: hood!.path } })])).toMatch(/parcels_geom_idx/);
  });

  it('selects a neighbourhood by /us/neighborhoods/{slug} or /{id} as by its own path, in SQL, export checks and sources', async () => {
    const [hood] = await sql<{ id: number; path: string }[]>`
      SELECT id, path FROM places WHERE kind = 'neighborhood' AND parent_path = ${cambridge} ORDER BY path LIMIT 1`;
    const slug = hood!.path.split('/').pop()!;
    const count = async (path: string) =>
      (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM parcels_in_place(${path})`)[0]!.n;
    const own = await count(hood!.path);
    expect(own).toBeGreaterThan(0);
    expect(await count(`/us/neighborhoods/${slug}`)).toBe(own);
    expect(await count(`/us/neighborhoods/${hood!.id}`)).toBe(own);
    expect(await count('/us/neighborhoods/no-such-neighborhood')).toBe(0);
    const [resolved] = await sql<
      { path: string | null }[]
    >`SELECT resolve_place_path(${`/us/neighborhoods/${slug}`}) AS path`;
    expect(resolved!.path).toBe(hood!.path);
    // The alias reads the neighbourhood through the GIST index like its own path does.
    const text = await plan('SELECT count(*) FROM parcels_in_place($1) p', [`/us/neighborhoods/${slug}`]);
    expect(text).toMatch(/parcels_geom_idx/);
    expect(text).not.toMatch(/Seq Scan on parcels/);

    const { browser } = await signedInUser(app, sql, 'pro');
    const project = await browser.post('/projects.json', { name: 'Alias', query: { path: cambridge, filters: {} } });
    expect(project.status).toBe(201);
    const check = await browser.post(`${project.json.path}/exports/check`, {
      fmt: 'csv',
      query: { path: `/us/neighborhoods/${slug}` },
    });
    expect(check.status, JSON.stringify(check.json)).toBe(200);
    expect(check.json.count).toBe(own);

    // A source stores the neighbourhood's own path, so its extent and filters read the place.
    const source = await browser.post('/api/v1/sources', {
      query: { parcel: true, path: `/us/neighborhoods/${slug}` },
    });
    expect(source.status, JSON.stringify(source.json)).toBe(200);
    expect(source.json.query.path).toBe(hood!.path);
    const unknown = await browser.post('/api/v1/sources', {
      query: { parcel: true, path: '/us/neighborhoods/no-such-neighborhood' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('BAD_REQUEST');
  });
});
