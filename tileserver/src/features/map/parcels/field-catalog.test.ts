import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { testDb } from '../../../testing/db.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { fieldCatalog, mailingFields, usOnlyFields } from './field-catalog.ts';

const sql = testDb(2);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

type Field = { name: string; label: string; note: string; tier: string | null; locked: boolean; mailing: boolean };
const fieldsOf = (catalog: { groups: { fields: Field[] }[] }) => catalog.groups.flatMap((g) => g.fields);

describe('the parcel field catalog of the Customise page', () => {
  it('lists every schema field of the US schema once, in the pane groups, with the label table and the note', async () => {
    const res = await new TestBrowser(app).get('/parcel_fields.json');
    expect(res.status).toBe(200);
    expect(res.json.schema_key).toBe('us');
    expect(res.json.schemas).toEqual([
      { key: 'us', label: 'United States' },
      { key: 'ca', label: 'Canada' },
    ]);
    const fields = fieldsOf(res.json);
    expect(fields.map((f) => f.name).sort()).toEqual(parcelFields.map((f) => f.name).sort());
    expect(res.json.groups[0].title).toBe('Parcel Details');
    expect(fields.find((f) => f.name === 'state_parcelnumb')).toMatchObject({
      label: 'State Parcel ID',
      note: 'Statewide parcel id where a state provides one',
      tier: 'free',
      locked: false,
    });
    expect(
      fields
        .filter((f) => f.mailing)
        .map((f) => f.name)
        .sort(),
    ).toEqual([...mailingFields].sort());
  });

  it('leaves US-only fields out of the Canadian schema', () => {
    const names = fieldsOf(fieldCatalog('ca', 'anonymous')).map((f) => f.name);
    expect(names).toContain('parcelnumb');
    expect(names).toContain('owner');
    for (const name of usOnlyFields) expect(names).not.toContain(name);
    // A field hidden under the US schema is still a known name when the Canadian one is shown.
    expect(fieldCatalog('ca', 'anonymous').all_fields).toEqual(
      expect.arrayContaining(['fema_flood_zone', 'eo_owner', 'owner']),
    );
  });

  it('locks premium fields by the caller’s level: Pro unlocks pro fields, not team fields', async () => {
    const anonymous = fieldsOf((await new TestBrowser(app).get('/parcel_fields.json?schema_key=us')).json);
    expect(anonymous.find((f) => f.name === 'zoning_type')!.locked).toBe(true);
    const { browser } = await signedInUser(app, sql, 'pro');
    const pro = fieldsOf((await browser.get('/parcel_fields.json?schema_key=us')).json);
    expect(pro.find((f) => f.name === 'zoning_type')!.locked).toBe(false);
    expect(pro.find((f) => f.name === 'median_household_income')!.locked).toBe(true);
  });

  it('describes the four add-ons with their fields, the Enhanced Owner fields outside the schema', () => {
    const { add_ons } = fieldCatalog('us', 'team');
    expect(add_ons.map((a) => a.title)).toEqual([
      'Enhanced Owner',
      'Standardized Zoning',
      'Matched Buildings',
      'Matched Addresses',
    ]);
    expect(add_ons.map((a) => a.fields.map((f) => f.name))).toEqual([
      ['eo_owner', 'eo_deedowner'],
      ['zoning_type', 'zoning_subtype', 'zoning_id', 'zoning_code_link'],
      ['ll_bldg_count', 'll_bldg_footprint_sqft'],
      ['ll_address_count'],
    ]);
    expect(add_ons[0]!.fields[0]).toMatchObject({ tier: null, locked: true });
    for (const addOn of add_ons) {
      expect(addOn.description.length).toBeGreaterThan(20);
      expect(addOn.productLink).toMatch(/^https:\/\//);
      expect(addOn.schemaLink).toMatch(/^https:\/\//);
    }
  });

  it('answers 400 for an unknown schema key', async () => {
    const res = await new TestBrowser(app).get('/parcel_fields.json?schema_key=zz');
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('schema_key must be one of us, ca');
  });
});
