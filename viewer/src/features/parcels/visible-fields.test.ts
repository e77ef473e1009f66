import { describe, expect, it } from 'vitest';
import type { ParcelEntity } from '@parcel-map/contracts/map/parcels';
import { paneGroups } from './visible-fields.ts';

const parcel = {
  path: '/us/ma/middlesex/cambridge/1',
  fields: {
    parcelnumb: '127-123',
    address: '23 ROCKWELL ST',
    owner: 'ADA',
    yearbuilt: null,
    mailadd: null,
    mail_addno: '5',
    taxyear: ' ',
  },
  key: {
    parcelnumb: 'Parcel Number',
    address: 'Address',
    owner: 'Owner',
    yearbuilt: 'Year Built',
    zoning_type: 'Zoning Type',
    eo_owner: 'Enhanced Owner',
  },
  groups: [
    { id: 'parcel', title: 'Parcel Details', fields: ['parcelnumb', 'address', 'taxyear'] },
    { id: 'owner', title: 'Owner Information', fields: ['owner', 'mailadd', 'mail_addno'] },
    { id: 'structure', title: 'Structure Details', fields: ['yearbuilt'] },
    { id: 'zoning', title: 'Zoning', fields: ['zoning_type'] },
  ],
  premium_field_metadata: { zoning_type: { tier: 'pro', locked: true, unlock: 'Unlock with Pro' } },
  formatted_addresses: { site: null, mailing: null },
} as unknown as ParcelEntity;

const names = (groups: ReturnType<typeof paneGroups>['groups']) =>
  groups.map((g) => [g.id, g.rows.map((r) => `${r.name}:${r.kind}`)]);

describe('the rows of the parcel pane', () => {
  it('hides empty fields by default but keeps locked premium fields with their badge', () => {
    const { groups, emptyCount } = paneGroups(parcel, {}, false);
    expect(names(groups)).toEqual([
      ['parcel', ['parcelnumb:value', 'address:value']],
      ['owner', ['owner:value']],
      ['zoning', ['zoning_type:locked']],
    ]);
    expect(emptyCount).toBe(3);
  });

  it('leaves out the fields the user hid, and lists empty ones when asked', () => {
    const { groups } = paneGroups(parcel, { owner: false, zoning_type: 'false' }, true);
    expect(names(groups)).toEqual([
      ['parcel', ['parcelnumb:value', 'address:value', 'taxyear:value']],
      ['owner', ['mailadd:value']],
      ['structure', ['yearbuilt:value']],
      // Still said: the parcel has no zoning, whatever the user hid.
      ['zoning', []],
    ]);
  });

  it('says No Zoning Data Available in the zoning group when the parcel has no zoning, and not otherwise', () => {
    const without = paneGroups(parcel, {}, false).groups.find((g) => g.id === 'zoning');
    expect(without?.notice).toBe('No Zoning Data Available');
    const zoned = {
      ...parcel,
      fields: { ...parcel.fields, zoning: 'C-1', zoning_description: 'Residence C-1 District: Multifamily dwellings' },
      groups: [{ id: 'zoning', title: 'Zoning', fields: ['zoning', 'zoning_description', 'zoning_type'] }],
    } as unknown as ParcelEntity;
    const group = paneGroups(zoned, {}, false).groups.find((g) => g.id === 'zoning');
    expect(group?.notice).toBeUndefined();
    expect(group?.rows.map((r) => r.name)).toEqual(['zoning', 'zoning_description', 'zoning_type']);
  });

  it('lists chosen add-on fields the record lacks as add-on rows', () => {
    const { groups } = paneGroups(parcel, { additional_items: ['eo_owner', 'zoning_type', 'unknown_thing'] }, false);
    expect(names(groups).at(-1)).toEqual(['add-ons', ['eo_owner:addon']]);
  });
});
