// Unit tests of the pure tile arithmetic and of the percentile maths (no database needed).
import { describe, expect, it } from 'vitest';
import {
  blockAround,
  parentAt,
  parseTileKey,
  pickTiles,
  rollUp,
  seededShuffle,
  tileAtMercator,
  tileCentre,
  tileKey,
} from './tile-math.ts';
import { formatBytes, percentile, ratio, summarize } from './stats.ts';

describe('tile arithmetic', () => {
  it('finds the tile of a Mercator point the way ST_TileEnvelope numbers tiles', () => {
    // Cambridge City Hall (-71.1056, 42.3736) in EPSG:3857 lies in tile 14/4955/6059 (slippy-map formula).
    expect(tileAtMercator(14, -7915439.18, 5217108.24)).toEqual({ z: 14, x: 4955, y: 6059 });
    expect(tileAtMercator(0, 0, 0)).toEqual({ z: 0, x: 0, y: 0 });
  });

  it('round-trips a tile through its centre and its key', () => {
    const tile = { z: 16, x: 19834, y: 24241 };
    const { mx, my } = tileCentre(tile);
    expect(tileAtMercator(16, mx, my)).toEqual(tile);
    expect(parseTileKey(tileKey(tile))).toEqual(tile);
  });

  it('rolls child counts up into their parents', () => {
    const counts = [
      { z: 16, x: 8, y: 8, parcels: 3 },
      { z: 16, x: 11, y: 9, parcels: 4 },
      { z: 16, x: 12, y: 8, parcels: 5 },
    ];
    expect(parentAt(counts[0]!, 14)).toEqual({ z: 14, x: 2, y: 2 });
    const rolled = rollUp(counts, 14).sort((a, b) => a.x - b.x);
    expect(rolled).toEqual([
      { z: 14, x: 2, y: 2, parcels: 7 },
      { z: 14, x: 3, y: 2, parcels: 5 },
    ]);
  });

  it('builds a k by k block centred on a point and clipped to the world', () => {
    const { mx, my } = tileCentre({ z: 12, x: 100, y: 200 });
    const block = blockAround(12, mx, my, 3);
    expect(block).toHaveLength(9);
    expect(block).toContainEqual({ z: 12, x: 99, y: 199 });
    expect(block).toContainEqual({ z: 12, x: 101, y: 201 });
    expect(blockAround(1, -20037508, 20037508, 3)).toHaveLength(4);
  });
});

describe('tile lists', () => {
  const counts = Array.from({ length: 40 }, (_, i) => ({ z: 14, x: i, y: 7, parcels: i === 0 ? 0 : i * 10 }));

  it('gives the same list for the same seed in any input order', () => {
    const a = pickTiles(counts, 'dense', 5, 42);
    const b = pickTiles([...counts].reverse(), 'dense', 5, 42);
    expect(a).toEqual(b);
    expect(pickTiles(counts, 'dense', 5, 43)).not.toEqual(a);
  });

  it('takes dense tiles from the top quarter and sparse ones from the bottom half of occupied tiles', () => {
    const dense = pickTiles(counts, 'dense', 100, 1);
    const sparse = pickTiles(counts, 'sparse', 100, 1);
    expect(dense).toHaveLength(10);
    expect(Math.min(...dense.map((t) => t.parcels))).toBe(300);
    expect(sparse.every((t) => t.parcels > 0 && t.parcels <= 200)).toBe(true);
    expect(sparse).toHaveLength(20);
  });

  it('never picks a tile without parcels', () => {
    expect(pickTiles(counts, 'all', 100, 7).some((t) => t.parcels === 0)).toBe(false);
  });

  it('shuffles without losing or duplicating items', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = seededShuffle(items, 9);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
  });
});

describe('percentiles', () => {
  it('uses the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('summarizes count, median, p95, max and mean', () => {
    expect(summarize([1, 2, 3, 4])).toEqual({ count: 4, p50: 2, p95: 4, max: 4, mean: 2.5 });
  });

  it('states a ratio only when both sides exist', () => {
    expect(ratio(9, 10)).toBeCloseTo(0.9);
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(null, 3)).toBeNull();
  });

  it('formats bytes in 1024 steps', () => {
    expect(formatBytes(500 * 1024)).toBe('500.0 KB');
    expect(formatBytes(12)).toBe('12 B');
  });
});
