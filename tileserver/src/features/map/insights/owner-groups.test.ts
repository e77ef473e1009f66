// The ownership insight's top owners group the spellings of one owner (owner_key, sql/functions/
// owner-key.sql) under the most common published spelling: on Somerville's own variants (a trustee
// spelled TRSTEE and TRUSTEE, a housing authority spelled AUTH and AUTHORITY), and on variants written
// inside a transaction that is rolled back ("SOMERVILLE CITY OF", "DUPREY, NICHOLAS D").
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { placeForInsights, topOwners } from './queries.ts';

const sql = testDb(2);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());
const somerville = '/us/ma/middlesex/somerville';

type Owner = { name: string; count: number; acres: number; spellings: number };

class RolledBack extends Error {}

describe('top owners grouped by owner_key', () => {
  it('joins Somerville’s published spellings of one owner under the most common one, with their count', async () => {
    const res = await new TestBrowser(app).get(`${somerville}/insights.json`);
    expect(res.status).toBe(200);
    const owners = res.json.owners as Owner[];
    const byName = new Map(owners.map((o) => [o.name, o]));
    // Each group in the data with more than one spelling, as SQL counts it per spelling.
    const groups = await sql<{ spellings: { owner: string; n: number }[]; count: number }[]>`
      SELECT jsonb_agg(jsonb_build_object('owner', owner, 'n', n) ORDER BY n DESC, owner COLLATE "C") AS spellings, sum(n)::int AS count
      FROM (SELECT owner, count(*)::int AS n FROM parcels WHERE path LIKE ${`${somerville}/%`} AND owner IS NOT NULL GROUP BY owner) s
      GROUP BY owner_key(owner) HAVING count(*) > 1 AND sum(n) >= 5`;
    expect(groups.map((g) => g.spellings[0]!.owner).sort()).toEqual([
      'NOLAN ROSEMARY TRSTEE',
      'SOMERVILLE HOUSING AUTHORITY',
    ]);
    for (const group of groups) {
      const [label, ...others] = group.spellings;
      expect(byName.get(label!.owner)).toMatchObject({ count: group.count, spellings: group.spellings.length });
      for (const other of others) expect(byName.has(other.owner)).toBe(false);
    }
    expect(byName.get('NOLAN ROSEMARY TRSTEE')?.count).toBe(7);
    expect(byName.get('SOMERVILLE HOUSING AUTHORITY')?.count).toBe(5);
    // No two entries share a key, and an owner with one spelling says so.
    const keys = await sql<
      { k: string }[]
    >`SELECT DISTINCT owner_key(n) AS k FROM unnest(${owners.map((o) => o.name)}::text[]) n`;
    expect(keys.length).toBe(owners.length);
    expect(byName.get('TUFTS UNIVERSITY')).toMatchObject({ spellings: 1 });
  });

  it('joins "CITY OF SOMERVILLE" with "SOMERVILLE CITY OF", and two spellings of a person, keeping the stored names', async () => {
    const place = (await placeForInsights(sql, somerville))!;
    const seen = await sql
      .begin(async (tx) => {
        const city = await tx<{ id: string }[]>`
          SELECT id FROM parcels WHERE path LIKE ${`${somerville}/%`} AND owner = 'CITY OF SOMERVILLE' ORDER BY id`;
        expect(city.length).toBeGreaterThan(10);
        const ids = city.map((r) => r.id);
        await tx`UPDATE parcels SET owner = 'SOMERVILLE CITY OF' WHERE id IN ${tx(ids.slice(0, 4))}`;
        await tx`UPDATE parcels SET owner = 'Somerville, City of' WHERE id = ${ids[4]!}`;
        const people = await tx<{ id: string }[]>`
          SELECT id FROM parcels WHERE path LIKE ${`${somerville}/%`} AND owner IS NULL ORDER BY id LIMIT 3`;
        await tx`UPDATE parcels SET owner = 'DUPREY, NICHOLAS D' WHERE id = ${people[0]!.id}`;
        await tx`UPDATE parcels SET owner = 'DUPREY NICHOLAS D' WHERE id IN ${tx([people[1]!.id, people[2]!.id])}`;
        const owners = await topOwners(tx as never, place);
        const stored = await tx<{ owner: string }[]>`
          SELECT DISTINCT owner FROM parcels WHERE owner_key(owner) IN ('SOMERVILLE CITY', 'DUPREY NICHOLAS D')`;
        const names = stored.map((r) => r.owner).sort();
        throw new RolledBack(JSON.stringify({ owners, stored: names, cityCount: ids.length }));
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
        return JSON.parse(error.message) as { owners: Owner[]; stored: string[]; cityCount: number };
      });
    const byName = new Map(seen.owners.map((o) => [o.name, o]));
    expect(byName.get('CITY OF SOMERVILLE')).toMatchObject({ count: seen.cityCount, spellings: 3 });
    expect(byName.has('SOMERVILLE CITY OF')).toBe(false);
    // Two parcels spelled without the comma, one with it: the group is named by the spelling of two.
    expect(byName.get('DUPREY NICHOLAS D')).toMatchObject({ count: 3, spellings: 2 });
    expect(byName.has('DUPREY, NICHOLAS D')).toBe(false);
    expect(seen.stored).toEqual([
      'CITY OF SOMERVILLE',
      'DUPREY NICHOLAS D',
      'DUPREY, NICHOLAS D',
      'SOMERVILLE CITY OF',
      'Somerville, City of',
    ]);
    // Rolled back: the shared data is as loaded.
    const [after] = await sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM parcels WHERE owner_key(owner) = 'DUPREY NICHOLAS D'`;
    expect(after!.n).toBe(0);
  });
});
