import { describe, expect, it } from 'vitest';
import { testDb } from '../testing/db.ts';
import { parcelFields } from './parcel-fields.ts';

describe('the parcel field catalog', () => {
  it('matches the parcels table column for column, type for type', async () => {
    const sql = testDb(1);
    const columns = await sql<{ name: string; type: string }[]>`
      SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_name = 'parcels'`;
    await sql.end();
    const types = new Map(columns.map((c) => [c.name, c.type]));
    for (const field of parcelFields) expect(types.get(field.name), field.name).toBe(field.sqlType === 'timestamptz' ? 'timestamp with time zone' : field.sqlType);
  });

  it('puts every field in a details group with a label and a tier', () => {
    for (const field of parcelFields) {
      expect(field.label.length, field.name).toBeGreaterThan(1);
      expect(['free', 'pro', 'team']).toContain(field.tier);
    }
    expect(parcelFields.find((f) => f.name === 'owner')).toMatchObject({ tier: 'free', group: 'owner' });
    expect(parcelFields.find((f) => f.name === 'fema_flood_zone')).toMatchObject({ tier: 'pro', group: 'risk' });
  });
});
