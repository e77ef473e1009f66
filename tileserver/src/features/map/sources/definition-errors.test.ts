// Low 13 (issue 26): PostgreSQL's own messages never reach a client that posted a source definition.
import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../testing/db.ts';
import { definitionProblem } from './routes.ts';

const sql = testDb();
afterAll(() => sql.end());

/** The error a real query raises. */
async function postgresError(run: () => Promise<unknown>): Promise<Error & { code: string }> {
  try {
    await run();
  } catch (error) {
    return error as Error & { code: string };
  }
  throw new Error('the query did not fail');
}

describe('source definitions that cannot render (Low 13)', () => {
  it("Low 13: a definition that PostgreSQL cannot cast or plan is a 400 in our words, without PostgreSQL's message", async () => {
    const failures = [
      await postgresError(() => sql`SELECT ${'12x'}::int`),
      await postgresError(() => sql`SELECT ${'99999999999'}::int`),
      await postgresError(() => sql.unsafe("SELECT '2026-13-45'::date")),
      await postgresError(() => sql.unsafe('SELECT 1 WHERE 1 = $1::text', ['1'])),
    ];
    for (const failure of failures) {
      const problem = definitionProblem(failure);
      expect(problem?.status, failure.message).toBe(400);
      expect(problem?.message).toMatch(/^This definition cannot be rendered: /);
      expect(problem?.message).not.toContain(failure.message);
      expect(problem?.message).not.toMatch(/integer|syntax|operator|date\/time|12x|2026-13-45|::/);
    }
    // Anything else (a connection lost, a timeout) is not the definition's fault and keeps its own way.
    expect(
      definitionProblem(
        await postgresError(() =>
          sql.unsafe("DO $$ BEGIN RAISE EXCEPTION 'cancelled' USING ERRCODE = '57014'; END $$"),
        ),
      ),
    ).toBeUndefined();
  });
});
