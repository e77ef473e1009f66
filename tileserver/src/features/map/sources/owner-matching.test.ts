// The owner search (autocomplete.json?key=owner) and the owner filters match owners by their grouping
// key (sql/functions/owner-key.sql): one suggestion per owner, its most common published spelling, and
// a filter or highlight by any spelling selects the parcels of every spelling. On Somerville's real
// spellings, and on "DUPREY, NICHOLAS D" / "DUPREY NICHOLAS D" in a scratch database of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { migrate } from '../../../db/migrate.ts';
import { createLogger } from '../../../logger.ts';
import { scratchDatabase, testDb } from '../../../testing/db.ts';
import { autocomplete } from './filter-queries.ts';
import { sourceExtent } from './extent-queries.ts';
import { checkDefinition } from '@parcel-map/contracts/map/source-definition';

const sql = testDb(2);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
const somerville = '/us/ma/middlesex/somerville';
let scratch: Awaited<ReturnType<typeof scratchDatabase>>;

beforeAll(async () => {
  scratch = await scratchDatabase();
  await migrate(scratch.sql);
  // Two parcels of one owner, spelled two ways, and a namesake who is someone else.
  await scratch.sql`
    INSERT INTO parcels (id, source, source_id, path, ll_uuid, geom, geom_3857, owner)
    SELECT i, 'test', i::text, '/us/zz/test/' || i, gen_random_uuid(), g, ST_Transform(g, 3857), o
    FROM (VALUES (1, 'DUPREY, NICHOLAS D'), (2, 'DUPREY NICHOLAS D'), (3, 'DUPREY NICOLE')) v(i, o),
         LATERAL (SELECT ST_Multi(ST_MakeEnvelope(-70 + i * 0.001, 41, -69.9995 + i * 0.001, 41.0005, 4326)) AS g) x`;
}, 120_000);
afterAll(async () => {
  await scratch?.drop();
  await sql.end();
});

const suggest = async (query: string, path = somerville) => {
  const res = await app.request(
    `/sources/parcel/autocomplete.json?key=owner&query=${encodeURIComponent(query)}&filter_path=${path}`,
  );
  expect(res.status).toBe(200);
  return (await res.json()).suggestions as string[];
};
const definitionOf = (query: object) => checkDefinition({ query: { parcel: true, ...query } }).definition;

describe('the owner search and owner filters match every spelling of an owner', () => {
  it('suggests one entry for an owner Somerville spells two ways, its most common spelling, from any typed spelling', async () => {
    const [counts] = await sql<{ trstee: number; trustee: number }[]>`
      SELECT count(*) FILTER (WHERE owner = 'NOLAN ROSEMARY TRSTEE')::int AS trstee,
             count(*) FILTER (WHERE owner = 'NOLAN ROSEMARY TRUSTEE')::int AS trustee
      FROM parcels WHERE path LIKE ${`${somerville}/%`}`;
    expect(counts!.trstee).toBeGreaterThan(counts!.trustee);
    expect(counts!.trustee).toBeGreaterThan(0);
    for (const typed of ['nolan ros', 'Nolan, Rosemary', 'NOLAN ROSEMARY TRUSTEE', 'nolan rosemary trustees']) {
      const found = await suggest(typed);
      // ("NOLAN ROSEMARY" alone, and with two co-owners, are other owners.)
      expect(
        found.filter((s) => s.startsWith('NOLAN ROSEMARY TR')),
        typed,
      ).toEqual(['NOLAN ROSEMARY TRSTEE']);
    }
    // "SOMERVILLE HOUSING AUTH" joins "... AUTHORITY", which stays apart from the city itself.
    const housing = await suggest('somerville housing');
    expect(housing).toEqual(['SOMERVILLE HOUSING AUTHORITY']);
  });

  it('finds both spellings of "Duprey Nicholas" with one suggestion, and a filter or highlight by either selects both parcels', async () => {
    expect(await autocomplete(scratch.sql, 'owner', 'Duprey Nicholas', undefined)).toEqual(['DUPREY NICHOLAS D']);
    expect(await autocomplete(scratch.sql, 'owner', 'duprey, n', undefined)).toEqual([
      'DUPREY NICHOLAS D',
      'DUPREY NICOLE',
    ]);
    for (const spelling of ['Duprey Nicholas D', 'DUPREY, NICHOLAS D', 'duprey nicholas d.']) {
      const highlight = await sourceExtent(scratch.sql, definitionOf({ owner: spelling }));
      const filter = await sourceExtent(scratch.sql, definitionOf({ filters: { owner: [spelling] } }));
      expect([highlight.parcels, filter.parcels], spelling).toEqual([2, 2]);
    }
    // The namesake is another owner, and the stored names stay as published.
    expect((await sourceExtent(scratch.sql, definitionOf({ owner: 'DUPREY NICOLE' }))).parcels).toBe(1);
    expect((await sourceExtent(scratch.sql, definitionOf({ owner: 'Duprey Nicholas' }))).parcels).toBe(0);
    const stored = await scratch.sql<{ owner: string }[]>`SELECT owner FROM parcels ORDER BY id`;
    expect(stored.map((r) => r.owner)).toEqual(['DUPREY, NICHOLAS D', 'DUPREY NICHOLAS D', 'DUPREY NICOLE']);
  });
});
