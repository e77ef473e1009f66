import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../testing/db.ts';
import { compileValueCheckSql } from '../../../tiles/definition/compile.ts';
import type { SourceDefinition } from '@parcel-map/contracts/map/source-definition';

const sql = testDb(1);
afterAll(() => sql.end());

const withSaleDate = (day: string): SourceDefinition => ({
  query: { parcel: true, filters: { saledate: { gte: day } } },
  fields: [],
  styles: [],
});
const check = (definition: SourceDefinition) =>
  sql.unsafe(compileValueCheckSql(definition), [JSON.stringify(definition)], { prepare: false });

describe('the value check of a source definition', () => {
  it('evaluates each value with its tile cast, so a day PostgreSQL rejects fails there and a real day passes', async () => {
    // Validation refuses such a day first; this proves the SQL check reads the values at all.
    await expect(check(withSaleDate('2021-02-30'))).rejects.toMatchObject({ code: '22008' });
    await expect(check(withSaleDate('2021-02-28'))).resolves.toHaveLength(1);
  });
});
