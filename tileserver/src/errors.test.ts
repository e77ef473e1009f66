// Security review 2, N6: PostgreSQL's data exceptions (SQLSTATE class 22) are the client's bad value,
// so every route answers them 400 in its own envelope rather than 500 with a logged stack; and the
// FeatureServer refuses the LIKE pattern that raised one (22025) before it reaches the database.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { ApiError, fromDatabaseError } from './errors.ts';
import { createLogger } from './logger.ts';
import { testDb } from './testing/db.ts';

const sql = testDb(2);
afterAll(() => sql.end());

/** The error PostgreSQL raises for a statement. */
async function raised(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (error) {
    return error;
  }
  throw new Error('the statement succeeded');
}

describe('data exceptions are 400', () => {
  it.each([
    ['22025', sql`SELECT 'a' LIKE ${'%!'}::text ESCAPE '!'`],
    ['22012', sql`SELECT 1 / ${0}::int`],
    ['22P02', sql`SELECT ${'x'}::int`],
    ['22003', sql`SELECT ${'99999999999'}::int`],
    ['22007', sql`SELECT ${'not a date'}::text::date`],
    ['22008', sql`SELECT ${'2020-13-45'}::text::date`],
    ['2201B', sql`SELECT 'a' ~ ${'('}::text`],
    ['22023', sql`SELECT repeat('a', 1) FROM generate_series(1, 1, ${0}::int)`],
  ])('N6: maps SQLSTATE %s, raised by PostgreSQL, to 400', async (code, statement) => {
    const error = await raised(statement);
    expect((error as { code: string }).code).toBe(code);
    const mapped = fromDatabaseError(error);
    expect(mapped).toBeInstanceOf(ApiError);
    expect(mapped!.status).toBe(400);
    expect(mapped!.message).not.toMatch(/LIKE|escape|division|syntax/i);
  });

  it('N6: keeps other classes as they were: 57014 is 503, 23505 409, a syntax error unmapped (500)', () => {
    const of = (code: string) => fromDatabaseError(Object.assign(new Error(code), { code }));
    expect(of('57014')?.status).toBe(503);
    expect(of('23505')?.status).toBe(409);
    expect(of('42601')).toBeUndefined();
    expect(of('2BP01')).toBeUndefined();
  });

  it("N6: answers an anonymous FeatureServer LIKE pattern ending in its escape 400 in ArcGIS's envelope", async () => {
    const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
    const base = '/arcgis/rest/services/zoning/FeatureServer/0/query';
    for (const where of ["zoning LIKE '%!' ESCAPE '!'", "zoning NOT LIKE '%!' ESCAPE '!'"]) {
      const res = await app.request(`${base}?${new URLSearchParams({ where, returnCountOnly: 'true', f: 'json' })}`);
      expect(res.status, where).toBe(400);
      const body = (await res.json()) as { error: { code: number; message: string; details: string[] } };
      expect(body.error.code).toBe(400);
      expect(body.error.details.join(' ')).toContain('must not end with its ESCAPE character');
    }
    // An escaped escape at the end is a literal and is answered.
    const ok = await app.request(
      `${base}?${new URLSearchParams({ where: "zoning LIKE '%!!' ESCAPE '!'", returnCountOnly: 'true', f: 'json' })}`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ count: 0 });
  });
});
