import { describe, expect, it } from 'vitest';
import { formatField, formatMeasurements, formatPercent } from './format.ts';

describe('parcel field formatting', () => {
  it('shows currency fields in dollars with separators', () => {
    expect(formatField('parval', 1234567)).toBe('$1,234,567');
    expect(formatField('saleprice', '450000')).toBe('$450,000');
  });

  it('shows number fields with thousand separators but leaves years alone', () => {
    expect(formatField('ll_gissqft', 12345)).toBe('12,345');
    expect(formatField('yearbuilt', 1925)).toBe('1925');
  });

  it('shows percents, with values below 1 as <1%', () => {
    expect(formatPercent(0.15)).toBe('<1%');
    expect(formatField('population_growth_past_5_years', 2.5)).toBe('2.5%');
    expect(formatField('housing_growth_next_5_years', 0)).toBe('0%');
  });

  it('shows booleans as Yes or No and coordinates with 5 decimals', () => {
    expect(formatField('struct', true)).toBe('Yes');
    expect(formatField('struct', false)).toBe('No');
    expect(formatField('lat', 42.3751234)).toBe('42.37512');
    expect(formatField('lon', '-71.1')).toBe('-71.10000');
  });

  it('leaves text as it is and empty values blank', () => {
    expect(formatField('address', '23 ROCKWELL ST')).toBe('23 ROCKWELL ST');
    expect(formatField('owner', null)).toBe('');
  });

  it('joins acres and square feet for the highlights', () => {
    expect(formatMeasurements({ acres: 0.0912, sqft: 3972.4 })).toBe('0.09 acres · 3,972 sq ft');
    expect(formatMeasurements({ acres: null, sqft: null })).toBe('');
  });

  it('shows the parcel area in the chosen area unit', () => {
    const m = { acres: 0.0912, sqft: 3972.4 };
    expect(formatMeasurements(m, 'acres')).toBe('0.09 acres · 3,972 sq ft');
    expect(formatMeasurements(m, 'squareFeet')).toBe('3,972 sq ft');
    expect(formatMeasurements(m, 'squareMeters')).toBe('369 sq m');
    expect(formatMeasurements(m, 'hectares')).toBe('0.037 ha');
    // Without square feet the acres are converted.
    expect(formatMeasurements({ acres: 2, sqft: null }, 'hectares')).toBe('0.809 ha');
    expect(formatMeasurements({ acres: null, sqft: null }, 'hectares')).toBe('');
  });
});

describe('FEMA flood zones', () => {
  it('reads the stored JSON as zones with their shares, and leaves anything else as it is', () => {
    expect(
      formatField(
        'fema_flood_zone_raw',
        '[{"zone" : "AE", "subtype" : null, "percent" : 1.1}, {"zone": "X", "subtype": "AREA OF MINIMAL FLOOD HAZARD", "percent": 98.9}]',
      ),
    ).toBe('AE 1.1% · X (AREA OF MINIMAL FLOOD HAZARD) 98.9%');
    expect(formatField('fema_flood_zone_raw', 'not json')).toBe('not json');
  });
});
