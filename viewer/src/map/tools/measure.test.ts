import { describe, expect, it } from 'vitest';
import { formatCoordinates, lineMeters, polygonSquareMeters } from './measure.ts';

describe('measurements', () => {
  it('measures a line geodesically: one degree of latitude is about 111.2 km', () => {
    expect(
      lineMeters([
        [-71, 42],
        [-71, 43],
      ]),
    ).toBeCloseTo(111_195, -2);
    expect(lineMeters([[-71, 42]])).toBe(0);
  });

  it('measures a polygon: a 0.001-degree square at 42N is about 9,190 square meters', () => {
    const square: [number, number][] = [
      [-71.001, 42],
      [-71, 42],
      [-71, 42.001],
      [-71.001, 42.001],
    ];
    expect(polygonSquareMeters(square)).toBeGreaterThan(9_000);
    expect(polygonSquareMeters(square)).toBeLessThan(9_400);
  });

  it('shows coordinates as latitude, longitude with 5 decimals', () => {
    expect(formatCoordinates([-71.1100049, 42.375])).toBe('42.37500, -71.11000');
  });
});
