import { describe, expect, it } from 'vitest';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { derivedFields, mailingAddress, siteAddress } from './entity.ts';
import { fieldAccess, listedFields } from './field-access.ts';

describe('formatted addresses', () => {
  it('formats the site address as street, postal city, state and ZIP', () => {
    expect(
      siteAddress({ address: '23 ROCKWELL ST', scity: 'CAMBRIDGE', state2: 'MA', szip5: '02139' }, 'Cambridge'),
    ).toBe('23 ROCKWELL ST, CAMBRIDGE, MA 02139');
    expect(siteAddress({ address: '1 ELM ST', state2: 'MA', szip: '02143-1234' }, 'Somerville')).toBe(
      '1 ELM ST, SOMERVILLE, MA 02143-1234',
    );
    expect(siteAddress({ address: '  ' }, 'Cambridge')).toBeNull();
  });

  it('formats the mailing address as two lines, or null without a mailing street', () => {
    expect(mailingAddress({ mailadd: 'PO BOX 12', mail_city: 'BOSTON', mail_state2: 'MA', mail_zip: '02101' })).toEqual(
      ['PO BOX 12', 'BOSTON, MA 02101'],
    );
    expect(mailingAddress({ mailadd: '5 MAIN ST', mail_address2: 'SUITE 4', mail_city: 'AUSTIN' })).toEqual([
      '5 MAIN ST, SUITE 4',
      'AUSTIN',
    ]);
    expect(mailingAddress({ mail_city: 'BOSTON' })).toBeNull();
  });
});

describe('derived fields', () => {
  it('gives ll_gissqm from ll_gissqft and admin0 as the country of the path', () => {
    expect(derivedFields({ ll_gissqft: 5000 }, 'us')).toEqual({ ll_gissqm: 465, admin0: 'us' });
    expect(derivedFields({ ll_gissqft: null }, 'ca')).toEqual({ ll_gissqm: null, admin0: 'ca' });
  });
});

describe('field access', () => {
  it('gives the anonymous level the free fields only and every field to admin', () => {
    const anonymous = fieldAccess('anonymous');
    expect(anonymous.visible.every((f) => f.tier === 'free')).toBe(true);
    expect(anonymous.locked.every((f) => f.tier !== 'free')).toBe(true);
    expect(anonymous.visible.length + anonymous.locked.length).toBe(parcelFields.length);
    expect(fieldAccess('admin').locked).toEqual([]);
    expect(fieldAccess('pro').locked.every((f) => f.tier === 'team')).toBe(true);
  });

  it('lists locked fields without data on US parcels only', () => {
    const access = fieldAccess('anonymous');
    const us = listedFields(access, 'us', new Set());
    expect(us.size).toBe(parcelFields.length);
    const ca = listedFields(access, 'ca', new Set(['zoning_type']));
    expect(ca.has('zoning_type')).toBe(true);
    expect(ca.has('placekey')).toBe(false);
    expect(ca.size).toBe(access.visible.length + 1);
  });
});
