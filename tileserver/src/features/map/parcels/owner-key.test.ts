// owner_key (sql/functions/owner-key.sql), run in the real database: real-world spellings that must
// group and owners that must stay apart, properties over generated names (case, spacing, punctuation,
// "&"/"AND", a second pass), every owner of the loaded data, and the expression index behind the owner
// highlight and the owner search, rebuilt when the rules change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSqlDir, migrate } from '../../../db/migrate.ts';
import { scratchDatabase, testDb } from '../../../testing/db.ts';

const sql = testDb(2);
afterAll(() => sql.end());

/** Keys of many names in one round trip, in order. */
async function keys(names: string[]): Promise<(string | null)[]> {
  const rows = await sql<{ key: string | null }[]>`
    SELECT owner_key(n) AS key FROM unnest(${names}::text[]) WITH ORDINALITY AS t(n, i) ORDER BY i`;
  return rows.map((r) => r.key);
}

/** Pairs of published spellings of one owner, as county and town assessors write them. */
const sameOwner: [string, string][] = [
  ['DUPREY, NICHOLAS D', 'DUPREY NICHOLAS D'],
  ['DUPREY NICHOLAS D.', 'Duprey  Nicholas  D'],
  ['MALIN  RALPH A', 'MALIN RALPH A'],
  ["O'SULLIVAN PATRICK J TRUSTEE", 'OSULLIVAN PATRICK J TRUSTEE'],
  ['ACME HOLDINGS LLC', 'ACME HOLDINGS L L C'],
  ['ACME HOLDINGS LLC', 'ACME HOLDINGS, L.L.C.'],
  ['ACME HOLDINGS LLC', 'Acme Holdings Limited Liability Company'],
  ['NOLAN ROSEMARY TRSTEE', 'NOLAN ROSEMARY TRUSTEE'],
  ['NOLAN ROSEMARY TR', 'NOLAN ROSEMARY TRUSTEES'],
  ['NOLAN ROSEMARY TRST', 'NOLAN ROSEMARY TRS'],
  ['BARTLETT DESPINA TRSTE', 'BARTLETT DESPINA TTEE'],
  ['PRADHAN LAXMI N & JHARANA TRSTEE', 'PRADHAN LAXMI N AND JHARANA TRUSTEES'],
  ['SEVENTEEN SAC SELF-STORAGE CORP', 'SEVENTEEN SAC SELF STORAGE CORPORATION'],
  ['WIDGET WORKS INC', 'Widget Works, Incorporated'],
  ['WIDGET WORKS INC.', 'WIDGET WORKS INC'],
  ['BOSTON EDISON CO', 'BOSTON EDISON COMPANY'],
  ['SMITH & WESSON LTD', 'SMITH AND WESSON LIMITED'],
  ['SILVA  REALTY 3 LLC', 'SILVA RLTY 3 LLC'],
  ['SOMERVILLE HOUSING AUTH', 'SOMERVILLE HOUSING AUTHORITY'],
  ['CITY OF CAMBRIDGE', 'CAMBRIDGE CITY OF'],
  ['CITY OF CAMBRIDGE', 'CAMBRIDGE, CITY OF'],
  ['CITY OF CAMBRIDGE', 'CAMBRIDGE CITY'],
  ['CITY OF SOMERVILLE', 'Somerville City Of'],
  ['TOWN OF EASTHAMPTON', 'EASTHAMPTON TOWN OF'],
  ['COUNTY OF HAMPSHIRE', 'HAMPSHIRE COUNTY'],
  ['COMMONWEALTH OF MASSACHUSETTS', 'COMMONWEALTH OF MASS'],
  ['COMMONWEALTH OF MASSACHUSETTS', 'COMM OF MASS'],
  ['COMMONWEALTH OF MASSACHUSETTS', 'MASSACHUSETTS COMMONWEALTH OF'],
  ['COMMONWEALTH OF MASSACHUSETTS', 'MASS COMMONWEALTH'],
  ['DOHERTY MARY ET AL', 'DOHERTY MARY ETAL'],
  ['THE SMITH FAMILY TRUST', 'SMITH FAMILY TRUST'],
  ['CITY OF THE VILLAGES', 'VILLAGES CITY'],
  ['ST. JOHN PAUL', 'ST JOHN PAUL'],
  ['GARCÍA JOSÉ', 'garcía josé'],
];

/** Pairs that look alike but name different owners: they must keep different keys. */
const differentOwners: [string, string][] = [
  ['SMITH JOHN', 'SMITH JOAN'],
  ['SMITH JOHN', 'SMITH JOHN TRUSTEE'],
  ['SMITH JOHN TRUSTEE', 'SMITH JOHN TRUST'],
  ['CITY OF CAMBRIDGE', 'CAMBRIDGE HOUSING AUTHORITY'],
  ['CITY OF CAMBRIDGE', 'CITY OF SOMERVILLE'],
  ['CITY OF CAMBRIDGE', 'TOWN OF CAMBRIDGE'],
  ['CAMBRIDGE CITY OF', 'CAMBRIDGE SCHOOL DEPT'],
  ['COMMONWEALTH OF MASSACHUSETTS', 'COMMONWEALTH OF VIRGINIA'],
  ['ACME LLC', 'ACME INC'],
  ['ACME CORP', 'ACME CO'],
  ['ACME LLC', 'ACME LLP'],
  ['LACOURT REALTY LLC', 'LACOURT ENTERPRISES LLC'],
  ['SILVA REALTY 2 LLC', 'SILVA REALTY 3 LLC'],
  ['MCLAUGHLIN KEVIN', 'MCLAUGHLIN KEVIN J'],
  ['DUPREY NICHOLAS D', 'DUPREY NICHOLAS'],
  ['NISSENBAUM JEREMY D', 'NISSENBAUM ALAN JAY'],
];

describe('owner_key, the grouping key of owner names (in PostgreSQL)', () => {
  it('gives every pair of spellings of one owner the same key', async () => {
    const left = await keys(sameOwner.map(([a]) => a));
    const right = await keys(sameOwner.map(([, b]) => b));
    const split = sameOwner.flatMap((pair, i) =>
      left[i] === null || left[i] !== right[i] ? [[...pair, left[i], right[i]]] : [],
    );
    expect(split).toEqual([]);
    expect(left.every((k) => k !== null && k === k.toUpperCase() && !/[^\p{L}\p{N} ]|\s{2}|^\s|\s$/u.test(k))).toBe(
      true,
    );
  });

  it('keeps owners that only look alike apart', async () => {
    const left = await keys(differentOwners.map(([a]) => a));
    const right = await keys(differentOwners.map(([, b]) => b));
    const merged = differentOwners.filter((_, i) => left[i] === right[i]);
    expect(merged).toEqual([]);
  });

  it('is null only for names with no letter or digit, and keeps a name of words as it is, in capitals', async () => {
    expect(await keys(['', '   ', '...', ' - ', "'"])).toEqual([null, null, null, null, null]);
    expect(await keys(['TUFTS UNIVERSITY', 'walnut hill properties'])).toEqual([
      'TUFTS UNIVERSITY',
      'WALNUT HILL PROPERTIES',
    ]);
    const [row] = await sql`SELECT owner_key(NULL) AS key`;
    expect(row!.key).toBeNull();
  });

  it('holds for generated names: case, spacing, commas and periods, "&" for AND and a second pass change no key', async () => {
    const word = fc.stringMatching(/^[A-Z][A-Z0-9]{0,7}$/);
    const form = fc.constantFrom('', 'LLC', 'INC', 'TRUSTEE', 'TR', 'CORP', 'CO', 'REALTY TRUST', 'ET AL');
    const name = fc.tuple(fc.array(word, { minLength: 1, maxLength: 4 }), form).map(([ws, f]) => [...ws, f]);
    await fc.assert(
      fc.asyncProperty(name, fc.integer({ min: 0, max: 2 ** 16 }), async (parts, seed) => {
        const plain = parts.filter(Boolean).join(' ');
        const pick = (i: number) => (seed >> i) & 1;
        // The same words with the noise assessors add: odd case, doubled spaces, a comma or period after words.
        const noisy = parts
          .filter(Boolean)
          .map((w, i) => (pick(i) ? w.toLowerCase() : w) + (pick(i + 5) ? ',' : pick(i + 9) ? '.' : ''))
          .join(pick(14) ? '  ' : ' ');
        const withAnd = `${plain} & ${plain}`;
        const [k, kNoisy, kAnd, kAndWord] = await keys([plain, noisy, withAnd, `${plain} AND ${plain}`]);
        const [again] = await keys([k!]);
        expect([kNoisy, again, kAndWord]).toEqual([k, k, kAnd]);
      }),
      { numRuns: 150 },
    );
  });

  it('gives every owner of the loaded data a key that a second pass keeps', async () => {
    const [row] = await sql<{ owners: number; keyed: number; unstable: string[] }[]>`
      SELECT count(*)::int AS owners, count(owner_key(owner))::int AS keyed,
             coalesce(array_agg(owner) FILTER (WHERE owner_key(owner_key(owner)) IS DISTINCT FROM owner_key(owner)), '{}') AS unstable
      FROM (SELECT DISTINCT owner FROM parcels WHERE owner ~ '[[:alnum:]]') o`;
    expect(row!.owners).toBeGreaterThan(2000);
    expect(row!.keyed).toBe(row!.owners);
    expect(row!.unstable).toEqual([]);
  });

  it('is served by the expression index for an owner match and an owner prefix', async () => {
    const plan = async (query: Promise<unknown[]>) => JSON.stringify(await query);
    const equal = await plan(
      sql.unsafe(`EXPLAIN (FORMAT JSON) SELECT id FROM parcels WHERE owner_key(owner) = owner_key($1)`, [
        'Nolan, Rosemary Trustee',
      ]),
    );
    expect(equal).toContain('parcels_owner_key');
    const prefix = await plan(
      sql.unsafe(`EXPLAIN (FORMAT JSON) SELECT id FROM parcels WHERE owner_key(owner) LIKE 'NOLAN ROS%'`),
    );
    expect(prefix).toContain('parcels_owner_key');
    // The index agrees with the function (it was built with the rules in force).
    const [found] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcels WHERE owner_key(owner) = owner_key('Nolan, Rosemary Trustee')`;
    const [scanned] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcels WHERE upper(owner) IN ('NOLAN ROSEMARY TRSTEE', 'NOLAN ROSEMARY TRUSTEE')`;
    expect(found!.n).toBe(scanned!.n);
    expect(found!.n).toBeGreaterThanOrEqual(7);
  });

  it('rebuilds its index and drops the stored insights when its rules change, so no lookup reads a stale key', async () => {
    const db = await scratchDatabase();
    try {
      await migrate(db.sql);
      await db.sql`
        INSERT INTO parcels (id, source, source_id, path, ll_uuid, geom, geom_3857, owner)
        SELECT 1, 'test', '1', '/us/zz/test/1', gen_random_uuid(), g, ST_Transform(g, 3857), 'SMITH JOHN TRUSTEE'
        FROM (SELECT ST_Multi(ST_MakeEnvelope(-70, 41, -69.999, 41.001, 4326)) AS g) x`;
      await db.sql`INSERT INTO place_insights (path, version, figures, computed_ms) VALUES ('/us/zz/test', 1, '{}', 1)`;
      const lookup = (key: string) =>
        db.sql.begin(async (tx) => {
          await tx`SET LOCAL enable_seqscan = off`;
          return (await tx`SELECT id FROM parcels WHERE owner_key(owner) = ${key}`).map((r) => Number(r.id));
        });
      expect(await lookup('SMITH JOHN TR')).toEqual([1]);
      const file = readFileSync(join(defaultSqlDir, 'functions', 'owner-key.sql'), 'utf8');
      const trusteeRule = "'\\y(TRUSTEES|TRUSTEE|TRSTEES|TRSTEE|TRSTES|TRSTE|TRSTS|TRST|TRS|TTEES|TTEE)\\y', 'TR', 'g'";
      expect(file).toContain(trusteeRule);
      await db.sql.begin((tx) => tx.unsafe(file.replace(trusteeRule, trusteeRule.replace("'TR'", "'TRUSTEE'"))));
      expect(await lookup('SMITH JOHN TRUSTEE')).toEqual([1]);
      expect(await lookup('SMITH JOHN TR')).toEqual([]);
      expect(await db.sql`SELECT path FROM place_insights`).toEqual([]);
      // The project's rules back (a migrate re-applies the file): rebuilt again.
      await migrate(db.sql);
      expect(await lookup('SMITH JOHN TR')).toEqual([1]);
      // Re-applying unchanged rules drops nothing stored since.
      await db.sql`INSERT INTO place_insights (path, version, figures, computed_ms) VALUES ('/us/zz/test', 2, '{}', 1)`;
      await migrate(db.sql);
      expect(await db.sql`SELECT path FROM place_insights`).toEqual([{ path: '/us/zz/test' }]);
    } finally {
      await db.drop();
    }
  });
});
