// The where clause from text to SQL: each input's statement text as PostgreSQL reads it (every value a
// $n parameter, every name a quoted catalogue column), the rows it selects equal to hand-written SQL,
// and the inputs outside the grammar or the caller's fields (injection attempts among them) refused.
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../errors.ts';
import { testDb } from '../../../testing/db.ts';
import { parcelLayerFields } from './layers.ts';
import { fieldIndex, whereSql } from './where-sql.ts';
import { parseWhere } from './where-parser.ts';

const sql = testDb(2);
afterAll(() => sql.end());

const fields = fieldIndex(
  parcelLayerFields(['path', 'address', 'yearbuilt', 'parval', 'saledate', 'struct', 'll_uuid']),
);

async function statement(where: string): Promise<{ text: string; params: number }> {
  const described = await sql`SELECT t.id FROM parcels t WHERE ${whereSql(sql, where, fields)}`.describe();
  return { text: described.string.replace(/^SELECT t\.id FROM parcels t WHERE /, ''), params: described.types.length };
}

describe('the where compiler', () => {
  it.each([
    ['1=1', 'true', 0],
    ['1=0', 'false', 0],
    ['', 'true', 0],
    ["address = 'Main'", '"t"."address"::text = $1::text', 1],
    ['yearbuilt >= 1900', '"t"."yearbuilt"::double precision >= $1::double precision', 1],
    ['1900 < yearbuilt', '"t"."yearbuilt"::double precision > $1::double precision', 1],
    ['OBJECTID <> -5', '"t"."id"::double precision <> $1::double precision', 1],
    [
      'yearbuilt IN (1900, 1910, 1920)',
      '"t"."yearbuilt"::double precision IN ($1::double precision, $2::double precision, $3::double precision)',
      3,
    ],
    ["address NOT IN ('a', 'b')", '"t"."address"::text NOT IN ($1::text, $2::text)', 2],
    ["address LIKE '1_ %'", `"t"."address"::text LIKE $1::text ESCAPE ''`, 1],
    ["address not like 'x%'", `"t"."address"::text NOT LIKE $1::text ESCAPE ''`, 1],
    ["address LIKE '1!_%' ESCAPE '!'", `"t"."address"::text LIKE $1::text ESCAPE $2::text`, 2],
    ['parval IS NULL', '"t"."parval" IS NULL', 0],
    ['parval IS NOT NULL', '"t"."parval" IS NOT NULL', 0],
    ["saledate > DATE '2020-01-01'", '"t"."saledate"::timestamp > $1::timestamp', 1],
    ['struct = 1', '"t"."struct"::boolean = $1::boolean', 1],
    ["ll_uuid = 'abc'", '"t"."ll_uuid"::text::text = $1::text', 1],
    [
      "NOT (yearbuilt < 1900 OR address = 'x') AND parval > 5",
      '((NOT ("t"."yearbuilt"::double precision < $1::double precision OR "t"."address"::text = $2::text)) AND "t"."parval"::double precision > $3::double precision)',
      3,
    ],
    ['"YearBuilt" = 1900', '"t"."yearbuilt"::double precision = $1::double precision', 1],
  ])('compiles %s', async (where, text, params) => {
    expect(await statement(where)).toEqual({ text, params });
  });

  it('selects the rows hand-written SQL selects', async () => {
    const cases: [string, Promise<{ n: number }[]>][] = [
      [
        "path LIKE '/us/ma/middlesex/cambridge/%' AND yearbuilt IN (1900, 1910)",
        sql`SELECT count(*)::int AS n FROM parcels WHERE path LIKE '/us/ma/middlesex/cambridge/%' AND yearbuilt IN (1900, 1910)`,
      ],
      [
        "NOT (address LIKE '1%') AND parval > 1000000",
        sql`SELECT count(*)::int AS n FROM parcels WHERE NOT (address LIKE '1%') AND parval > 1000000`,
      ],
      [
        "saledate >= DATE '2020-01-01' OR parval IS NULL",
        sql`SELECT count(*)::int AS n FROM parcels WHERE saledate >= '2020-01-01' OR parval IS NULL`,
      ],
    ];
    for (const [where, expected] of cases) {
      const [got] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM parcels t WHERE ${whereSql(sql, where, fields)}`;
      const [want] = await expected;
      expect(want!.n, where).toBeGreaterThan(0);
      expect(got!.n, where).toBe(want!.n);
    }
  });

  it('makes % and _ literal after the ESCAPE character, and wildcards without one', async () => {
    const count = async (where: string) => {
      const [row] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM (VALUES ('a_b'), ('axb'), ('50%'), ('500')) t(address)
        WHERE ${whereSql(sql, where, fields)}`;
      return row!.n;
    };
    expect(await count("address LIKE 'a_b'")).toBe(2);
    expect(await count("address LIKE 'a\\_b' ESCAPE '\\'")).toBe(1);
    expect(await count("address LIKE '50!%' ESCAPE '!'")).toBe(1);
    expect(await count("address NOT LIKE '50!%' ESCAPE '!'")).toBe(3);
    expect(await count("address LIKE '50%'")).toBe(2);
  });

  it('N6: refuses a LIKE pattern ending in its escape character and admits one ending in an escaped escape', async () => {
    const count = async (where: string) => {
      const [row] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM (VALUES ('50!'), ('50'), ('!')) t(address)
        WHERE ${whereSql(sql, where, fields)}`;
      return row!.n;
    };
    for (const where of [
      "address LIKE '%!' ESCAPE '!'",
      "address NOT LIKE '%!' ESCAPE '!'",
      "address LIKE '%!!!' ESCAPE '!'",
      "address LIKE '!' ESCAPE '!'",
    ])
      await expect(count(where), where).rejects.toMatchObject({
        status: 400,
        details: { details: [expect.stringContaining('must not end with its ESCAPE character')] },
      });
    // '!!' is a literal '!': PostgreSQL accepts these, and they match what they say.
    expect(await count("address LIKE '%!!' ESCAPE '!'")).toBe(2);
    expect(await count("address LIKE '!!' ESCAPE '!'")).toBe(1);
    expect(await count("address NOT LIKE '%!!' ESCAPE '!'")).toBe(1);
  });

  it('binds quotes and SQL inside a string as data: the row count is that of the literal text', async () => {
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM parcels t WHERE ${whereSql(sql, "address = 'x'' OR ''1''=''1'", fields)}`;
    expect(row!.n).toBe(0);
    expect(parseWhere("address = 'x'' OR ''1''=''1'")).toEqual({
      kind: 'compare',
      field: 'address',
      op: '=',
      value: "x' OR '1'='1",
    });
  });

  it.each([
    ["address = 'x'; DELETE FROM parcels", 'unexpected character ";"'],
    ["address = 'x' -- comment", 'expected AND, OR or the end'],
    ['address = x', 'comparing two fields'],
    ['owner = 1 UNION SELECT 1', 'expected AND, OR or the end'],
    ['pg_sleep(1) = 1', 'expected a comparison'],
    ["owner = 'x'", 'owner'],
    ['yearbuilt = 1 AND', 'expected a string or number, found the end'],
    ["yearbuilt = 'old'", 'numeric'],
    ["saledate = DATE '2020-13-45'", 'date'],
    ["address LIKE 'x", 'unterminated string'],
    ['(((yearbuilt = 1)', 'expected ")"'],
    [`${'('.repeat(100)}1=1${')'.repeat(100)}`, 'nests deeper'],
    [`yearbuilt IN (${Array.from({ length: 1002 }, (_, i) => i).join(',')})`, 'at most 1000'],
    ['x'.repeat(4001), 'longer than 4000'],
    ["1 = 'a'", 'comparing a string with a number'],
    ['parval IS 5', 'expected NULL'],
    ["address LIKE 'x' ESCAPE '!!'", 'one quoted character'],
    ["address LIKE 'x' ESCAPE 1", 'one quoted character'],
  ])('refuses %s', (where, detail) => {
    let error: unknown;
    try {
      whereSql(sql, where, fields);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(((error as ApiError).details as { details: string[] }).details.join(' ')).toContain(detail);
  });
});
