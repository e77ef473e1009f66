// Export pricing against hand-computed cases (spec sections 5 and 9).
import { describe, expect, it } from 'vitest';
import { quote, reviewLabel } from './pricing.ts';

const base = { remaining: 1000, country: 'us', counties: 1, publicSources: 0 };

describe('export pricing', () => {
  it('downloads csv within the free allowance for nothing', () => {
    const q = quote({ ...base, format: 'csv', count: 400 });
    expect(q).toMatchObject({
      free_applied: 400,
      billable: 0,
      price_cents: 0,
      free_download: true,
      can_download: true,
      can_add_to_cart: false,
      warnings: [],
    });
    expect(reviewLabel(q)).toBe('Review Data & Download');
  });

  it('charges 10 cents per csv record past the free rows', () => {
    const q = quote({ ...base, format: 'csv', count: 1250 });
    expect(q).toMatchObject({
      free_applied: 1000,
      billable: 250,
      price_cents: 2500,
      can_add_to_cart: true,
      can_download: false,
    });
    expect(reviewLabel(q)).toBe('Review Data & Proceed to Cart');
  });

  it('prices MBTiles and PMTiles archives as spatial files: 15 cents per parcel, no free rows', () => {
    for (const format of ['mbtiles', 'pmtiles'] as const)
      expect(quote({ ...base, format, count: 100 })).toMatchObject({
        free_applied: 0,
        billable: 100,
        cents_per_record: 15,
        price_cents: 1500,
        free_download: false,
        can_add_to_cart: true,
        can_download: false,
      });
  });

  it('charges 15 cents per record for shapefile and KML with no free rows', () => {
    expect(quote({ ...base, format: 'shp', count: 100 })).toMatchObject({
      free_applied: 0,
      billable: 100,
      price_cents: 1500,
      can_add_to_cart: true,
    });
    expect(quote({ ...base, format: 'kml', count: 11 }).price_cents).toBe(165);
  });

  it('refuses fewer than 10 billable parcels with the minimum-order text', () => {
    const q = quote({ ...base, format: 'shp', count: 9 });
    expect(q.can_add_to_cart).toBe(false);
    expect(q.warnings).toEqual([
      { code: 'minimum', message: 'Minimum order: 10 parcels ($1.00 spreadsheet, $1.50 spatial).' },
    ]);
    expect(quote({ ...base, format: 'shp', count: 10 })).toMatchObject({ price_cents: 150, can_add_to_cart: true });
    expect(quote({ ...base, remaining: 995, format: 'csv', count: 1000 })).toMatchObject({
      billable: 5,
      can_add_to_cart: false,
    });
  });

  it('warns above $149 for csv and $299 for other formats, where the county costs less', () => {
    expect(quote({ ...base, remaining: 0, format: 'csv', count: 1490 }).warnings).toEqual([]);
    const csv = quote({ ...base, remaining: 0, format: 'csv', count: 1491 });
    expect(csv.warnings.map((w) => w.code)).toEqual(['county-price']);
    expect(csv.can_add_to_cart).toBe(false);
    expect(quote({ ...base, format: 'shp', count: 1993 }).warnings).toEqual([]);
    expect(quote({ ...base, format: 'shp', count: 1994 }).warnings[0]!.message).toContain('$299.00');
  });

  it('stops at the price cap: $6,000 in Canada and $8,000 elsewhere, with the formatted threshold', () => {
    const us = quote({ ...base, format: 'shp', count: 53_334 });
    expect(us.warnings.find((w) => w.code === 'over-limit')!.message).toBe(
      "This purchase is over the export tool's limit of $8,000. Please contact support@parcel-map.org or use the Data Store.",
    );
    expect(quote({ ...base, format: 'shp', count: 53_333 }).warnings.some((w) => w.code === 'over-limit')).toBe(false);
    expect(
      quote({ ...base, country: 'ca', format: 'shp', count: 40_001 }).warnings.some((w) => w.code === 'over-limit'),
    ).toBe(true);
  });

  it('warns on an empty selection, several counties, public sources and a focus area over 51,200 acres', () => {
    expect(quote({ ...base, format: 'csv', count: 0 })).toMatchObject({
      can_download: false,
      warnings: [{ code: 'empty' }],
    });
    expect(
      quote({ ...base, format: 'csv', count: 5, counties: 2, publicSources: 1 }).warnings.map((w) => w.code),
    ).toEqual(['multi-county', 'public-sources']);
    const big = quote({ ...base, format: 'csv', count: 5, focusAcres: 51_201 });
    expect(big).toMatchObject({ can_download: false, warnings: [{ code: 'focus-too-large' }] });
    expect(quote({ ...base, format: 'csv', count: 5, focusAcres: 51_200 }).can_download).toBe(true);
  });

  it('links every warning that names the Data Store to the store of the selection’s country, and no other', () => {
    const warnings = [
      ...quote({ ...base, format: 'csv', remaining: 0, count: 80_001, counties: 2, publicSources: 1 }).warnings,
      ...quote({ ...base, format: 'csv', count: 0 }).warnings,
      ...quote({ ...base, format: 'csv', remaining: 0, count: 5 }).warnings,
    ];
    expect(warnings.map((w) => w.code).sort()).toEqual(
      ['county-price', 'empty', 'minimum', 'multi-county', 'over-limit', 'public-sources'].sort(),
    );
    for (const w of warnings)
      expect(w.link, w.code).toEqual(
        w.message.includes('Data Store') ? { label: 'Open the Data Store', href: '/store/us' } : undefined,
      );
    const ca = quote({ ...base, country: 'ca', format: 'shp', count: 40_001 }).warnings;
    expect(ca.find((w) => w.code === 'over-limit')!.link!.href).toBe('/store/ca');
  });
});
