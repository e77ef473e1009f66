import { describe, expect, it } from 'vitest';
import { bookmarkIndex, clusterSize, rasterMaxZoom } from './bookmark-clusters.ts';
import type { SlimFollow } from './atoms.ts';

const bookmark = (id: number, centroid: SlimFollow['centroid']): SlimFollow => ({
  id,
  kind: 'parcel',
  path: `/us/ma/middlesex/cambridge/${id}`,
  centroid,
});
const world: [number, number, number, number] = [-180, -85, 180, 85];

describe('bookmark clusters', () => {
  it('sizes circles 15, 20 from 10 points and 30 from 50', () => {
    expect([1, 9, 10, 49, 50, 500].map(clusterSize)).toEqual([15, 15, 20, 20, 30, 30]);
  });

  it('puts three nearby bookmarks into one cluster of 3 at a low zoom and apart at the raster max zoom', () => {
    const index = bookmarkIndex([
      bookmark(1, [-71.1, 42.37]),
      bookmark(2, [-71.115, 42.37]),
      bookmark(3, [-71.13, 42.37]),
    ]);
    expect(index.pins(world, 8)).toEqual([{ position: expect.any(Array), count: 3, clusterId: expect.any(Number) }]);
    expect(index.pins(world, rasterMaxZoom).map((p) => p.count)).toEqual([1, 1, 1]);
  });

  it('hides pins above the raster max zoom', () => {
    expect(bookmarkIndex([bookmark(1, [-71.1, 42.37])]).pins(world, rasterMaxZoom + 0.5)).toEqual([]);
  });

  it('skips a bookmark with an invalid centroid and followed places', () => {
    const index = bookmarkIndex([
      bookmark(1, null),
      bookmark(2, [Number.NaN, 42]),
      bookmark(3, [-200, 42]),
      { id: 4, kind: 'place', path: '/us/ma', centroid: [-71, 42] },
      bookmark(5, [-71.1, 42.37]),
    ]);
    expect(index.pins(world, 5)).toEqual([
      { position: [-71.1, 42.37], count: 1, path: '/us/ma/middlesex/cambridge/5' },
    ]);
  });
});
