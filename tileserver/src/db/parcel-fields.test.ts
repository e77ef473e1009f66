import { describe, expect, it } from 'vitest';
import { testDb } from '../testing/db.ts';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';

describe('the parcel field catalog', () => {
  it('matches the parcels table column for column, type for type', async () => {
    const sql = testDb(1);
    const columns = await sql<{ name: string; type: string }[]>`
      SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_name = 'parcels'`;
    await sql.end();
    const types = new Map(columns.map((c) => [c.name, c.type]));
    for (const field of parcelFields)
      expect(types.get(field.name), field.name).toBe(
        field.sqlType === 'timestamptz' ? 'timestamp with time zone' : field.sqlType,
      );
  });

  it('puts every field in a details group with a label and a tier', () => {
    for (const field of parcelFields) {
      expect(field.label.length, field.name).toBeGreaterThan(1);
      expect(['free', 'pro', 'team']).toContain(field.tier);
    }
    expect(parcelFields.find((f) => f.name === 'owner')).toMatchObject({ tier: 'free', group: 'owner' });
    expect(parcelFields.find((f) => f.name === 'fema_flood_zone')).toMatchObject({ tier: 'pro', group: 'risk' });
  });

  it('gives every field a short human label of at most 40 characters that is not its note', () => {
    const labels = new Set<string>();
    for (const field of parcelFields) {
      expect(field.label.length, field.name).toBeLessThanOrEqual(40);
      expect(field.label.toLowerCase(), field.name).not.toBe(field.description.toLowerCase());
      // A label reads as words, not as a column name or a sentence fragment of the note.
      expect(field.label, field.name).not.toMatch(/_|[,;:]|\.{3}|\bid\b/);
      expect(field.label[0], field.name).toBe(field.label[0]!.toUpperCase());
      expect(field.description.length, field.name).toBeGreaterThan(field.label.length / 2);
      labels.add(field.label);
    }
    // Two fields with one label could not be told apart in the pane or an export header.
    expect(labels.size).toBe(parcelFields.length);
    expect(parcelFields.find((f) => f.name === 'parcelnumb_no_formatting')!.label).toBe('Parcel Number (unformatted)');
    expect(parcelFields.find((f) => f.name === 'state_parcelnumb')!.label).toBe('State Parcel ID');
  });
});
