import { describe, expect, it } from 'vitest';
import { declutter, dimensionLabels, labelPoint, parcelLabels, sidePlacement } from './labels-layer.ts';

const square = (x: number, size: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x, 0],
      [x + size, 0],
      [x + size, size],
      [x, size],
      [x, 0],
    ],
  ],
});

describe('floating labels', () => {
  it('places a label at the centroid of the largest polygon', () => {
    expect(labelPoint(square(0, 2))?.position).toEqual([1, 1]);
    const multi = { type: 'MultiPolygon' as const, coordinates: [square(0, 1).coordinates, square(10, 4).coordinates] };
    expect(labelPoint(multi)?.position).toEqual([12, 2]);
  });

  it('keeps one label per parcel, from its largest tile piece', () => {
    const labels = parcelLabels([
      { id: 7, geometry: square(0, 1), properties: { owner: 'A', parcelnumb: '1-2' } },
      { id: 7, geometry: square(5, 3), properties: { owner: 'A', parcelnumb: '1-2' } },
      { id: 8, geometry: square(20, 1), properties: { owner: null, parcelnumb: '3-4' } },
    ]);
    expect(labels.map((l) => [l.id, l.position])).toEqual([
      [7, [6.5, 1.5]],
      [8, [20.5, 0.5]],
    ]);
  });

  it('writes edge lengths in feet, meters or both', () => {
    const lengths: [number, number, [number, number]][] = [[100, 30.5, [0, 0]]];
    expect(dimensionLabels(lengths, { feet: true, meters: false })[0]?.text).toBe('100 ft');
    expect(dimensionLabels(lengths, { feet: true, meters: true })[0]?.text).toBe('100 ft / 30.5 m');
    expect(dimensionLabels(lengths, { feet: false, meters: false })).toEqual([]);
  });

  it('runs a side label along its side, upright, 0.385 of its size beyond half its height inside the parcel', () => {
    const away = 13 * (0.5 + 0.385);
    const near = (p: { angle: number; offset: [number, number] }, angle: number, x: number, y: number) => {
      expect(p.angle).toBeCloseTo(angle, 1);
      expect(p.offset[0]).toBeCloseTo(x, 1);
      expect(p.offset[1]).toBeCloseTo(y, 1);
    };
    // A clockwise ring heading east along its north side: the inside is south, below on screen.
    near(sidePlacement(90), 0, 0, away);
    // Heading west along the south side: inside is north (up); the text stays upright, not upside down.
    near(sidePlacement(270), 0, 0, -away);
    // Heading north along the west side: inside is east; the text reads bottom to top.
    near(sidePlacement(0), 90, away, 0);
    // A map turned 90 degrees clockwise shows the north side's eastward heading as up the screen.
    expect(sidePlacement(90, 90).angle).toBe(90);
    const [label] = dimensionLabels([[100, 30.5, [0, 0], 45]], { feet: true, meters: false });
    expect(label?.angle).toBe(45);
  });

  it('keeps one label per screen cell, preferring the larger parcel', () => {
    const label = (id: number, x: number, weight: number) => ({
      id,
      position: [x, 0] as [number, number],
      weight,
      owner: null,
      parcelnumb: String(id),
    });
    const kept = declutter([label(1, 10, 1), label(2, 20, 5), label(3, 100, 1)], ([x, y]) => ({ x, y }), {
      w: 64,
      h: 18,
    });
    expect(kept.map((l) => l.id)).toEqual([2, 3]);
  });
});
