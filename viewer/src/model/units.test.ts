import { describe, expect, it } from 'vitest';
import { formatArea, formatDistance } from './units.ts';

describe('units', () => {
  it('formats distances in miles, kilometers, feet and meters', () => {
    expect(formatDistance(1609.344, 'miles')).toBe('1.000 mi');
    expect(formatDistance(12_345, 'kilometers')).toBe('12.35 km');
    expect(formatDistance(1000, 'feet')).toBe('3,281 ft');
    expect(formatDistance(12.34, 'meters')).toBe('12.3 m');
  });

  it('formats areas in acres, square feet, square meters and hectares', () => {
    expect(formatArea(4046.8564224, 'acres')).toBe('1.000 ac');
    expect(formatArea(10_000, 'hectares')).toBe('1.000 ha');
    expect(formatArea(1000, 'squareFeet')).toBe('10,764 sq ft');
    expect(formatArea(1234.4, 'squareMeters')).toBe('1,234 sq m');
  });
});
