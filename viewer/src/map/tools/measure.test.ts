import { describe, expect, it } from 'vitest';
import { formatArea, formatCoordinates, formatDistance, lineMeters, polygonSquareMeters } from './measure.ts';

describe('measurements', () => {
  it('measures a line geodesically: one degree of latitude is about 111.2 km', () => {
    expect(lineMeters([[-71, 42], [-71, 43]])).toBeCloseTo(111_195, -2);
    expect(lineMeters([[-71, 42]])).toBe(0);
  });

  it('measures a polygon: a 0.001-degree square at 42N is about 9,190 square meters', () => {
    const square: [number, number][] = [[-71.001, 42], [-71, 42], [-71, 42.001], [-71.001, 42.001]];
    expect(polygonSquareMeters(square)).toBeGreaterThan(9_000);
    expect(polygonSquareMeters(square)).toBeLessThan(9_400);
  });

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

  it('shows coordinates as latitude, longitude with 5 decimals', () => {
    expect(formatCoordinates([-71.1100049, 42.375])).toBe('42.37500, -71.11000');
  });
});
