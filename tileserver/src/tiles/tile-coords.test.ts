import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { assertZoomInRange, parseTileCoords, stripMvt } from './tile-coords.ts';

describe('tile coordinates', () => {
  it('accepts integer coordinates inside the grid', () => {
    expect(parseTileCoords('14', '4823', '6160')).toEqual({ z: 14, x: 4823, y: 6160 });
  });

  it.each([
    ['1.5', '0', '0'],
    ['-1', '0', '0'],
    ['a', '0', '0'],
    ['14', '01', '0'],
    ['14', '1e3', '0'],
    ['14', '0', ' 1'],
    ['', '0', '0'],
  ])('rejects the non-integer coordinates %s/%s/%s', (z, x, y) => {
    expect(() => parseTileCoords(z, x, y)).toThrow(ApiError);
  });

  it('rejects x or y outside the 2^z grid and zooms above 30', () => {
    expect(() => parseTileCoords('2', '4', '0')).toThrow(/outside the grid/);
    expect(() => parseTileCoords('2', '0', '4')).toThrow(/outside the grid/);
    expect(() => parseTileCoords('31', '0', '0')).toThrow(/above the largest zoom/);
  });

  it('requires the .mvt suffix', () => {
    expect(stripMvt('12.mvt')).toBe('12');
    expect(() => stripMvt('12.pbf')).toThrow(/end in .mvt/);
  });

  it('answers a zoom outside the layer range as not found', () => {
    try {
      assertZoomInRange(5, 11, 22, 'The parcel layer');
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).code).toBe('NOT_FOUND');
    }
  });
});
