import { describe, expect, it } from 'vitest';
import { arcPath, bands, fitText, linear, niceStep, pieAngles, polar, ticks } from './scale.ts';

describe('chart scales', () => {
  it('rounds a step up to 1, 2 or 5 times a power of ten', () => {
    expect([0.3, 1, 1.5, 3, 7, 12, 450].map(niceStep)).toEqual([0.5, 1, 2, 5, 10, 20, 500]);
    expect(niceStep(0)).toBe(0);
  });

  it('gives whole-number ticks from 0 that reach the largest value', () => {
    expect(ticks(3)).toEqual([0, 1, 2, 3]);
    expect(ticks(87)).toEqual([0, 50, 100]);
    expect(ticks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(ticks(0)).toEqual([0, 1]);
    expect(ticks(1, 5, false)).toEqual([0, 0.5, 1]);
  });

  it('maps values linearly onto a length, and an empty domain to nothing', () => {
    expect(linear(200, 100)(50)).toBe(25);
    expect(linear(200, 100)(-5)).toBe(0);
    expect(linear(0, 100)(10)).toBe(0);
  });

  it('splits a length into padded bands centred in their steps', () => {
    const band = bands(4, 400, 0.2);
    expect(band.step).toBe(100);
    expect(band.size).toBe(80);
    expect([0, 3].map(band.start)).toEqual([10, 310]);
  });

  it('turns values into clockwise angles that close the circle, zeros taking none', () => {
    const angles = pieAngles([1, 0, 3]);
    expect(angles[0]).toEqual({ start: 0, end: Math.PI / 2 });
    expect(angles[1]!.end - angles[1]!.start).toBe(0);
    expect(angles[2]!.end).toBeCloseTo(2 * Math.PI);
    expect(pieAngles([0, 0]).every((a) => a.end === 0)).toBe(true);
  });

  it('draws ring sectors from twelve o’clock, and a full ring as two circles without a seam', () => {
    expect(polar(50, 50, 10, 0)).toEqual([50, 40]);
    expect(polar(50, 50, 10, Math.PI / 2)).toEqual([60, 50]);
    expect(arcPath(50, 50, 10, 5, { start: 0, end: Math.PI / 2 })).toBe(
      'M50,40 A10,10 0 0 1 60,50 L55,50 A5,5 0 0 0 50,45 Z',
    );
    expect(arcPath(50, 50, 10, 0, { start: 0, end: Math.PI / 2 })).toBe('M50,50 L50,40 A10,10 0 0 1 60,50 Z');
    const ring = arcPath(50, 50, 10, 5, { start: 0, end: 2 * Math.PI });
    expect(ring).toBe('M50,40 A10,10 0 1 1 50,60 A10,10 0 1 1 50,40 Z M50,45 A5,5 0 1 0 50,55 A5,5 0 1 0 50,45 Z');
    expect(arcPath(50, 50, 10, 5, { start: 1, end: 1 })).toBe('');
  });

  it('cuts a label with an ellipsis to the room it has', () => {
    expect(fitText('Residential', 200, 12)).toBe('Residential');
    expect(fitText('Infrastructure', 50, 12)).toBe('Infras…');
    expect(fitText('Anything', 5, 12)).toBe('…');
  });
});
