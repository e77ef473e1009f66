// Pure tile arithmetic for the benchmark: Web Mercator tile addressing, a seeded random generator and
// the choice of dense and sparse tiles from a per-tile parcel count. No I/O, so it is unit-tested.

export interface Tile {
  z: number;
  x: number;
  y: number;
}

/** Half the Web Mercator world width in metres (EPSG:3857). */
export const MERCATOR_HALF = 20037508.342789244;

export function tileKey(tile: Tile): string {
  return `${tile.z}/${tile.x}/${tile.y}`;
}

export function parseTileKey(key: string): Tile {
  const [z, x, y] = key.split('/').map(Number);
  if (![z, x, y].every((n) => Number.isInteger(n))) throw new Error(`not a tile key: ${key}`);
  return { z: z!, x: x!, y: y! };
}

/** The tile at zoom z that contains a Web Mercator point (metres). */
export function tileAtMercator(z: number, mx: number, my: number): Tile {
  const size = (2 * MERCATOR_HALF) / 2 ** z;
  const last = 2 ** z - 1;
  const clamp = (n: number) => Math.min(last, Math.max(0, n));
  return { z, x: clamp(Math.floor((mx + MERCATOR_HALF) / size)), y: clamp(Math.floor((MERCATOR_HALF - my) / size)) };
}

/** The ancestor of a tile at a lower (or equal) zoom. */
export function parentAt(tile: Tile, z: number): Tile {
  if (z > tile.z) throw new Error(`zoom ${z} is above the tile's zoom ${tile.z}`);
  const shift = tile.z - z;
  return { z, x: tile.x >> shift, y: tile.y >> shift };
}

/** Centre of a tile in Web Mercator metres. */
export function tileCentre(tile: Tile): { mx: number; my: number } {
  const size = (2 * MERCATOR_HALF) / 2 ** tile.z;
  return { mx: -MERCATOR_HALF + (tile.x + 0.5) * size, my: MERCATOR_HALF - (tile.y + 0.5) * size };
}

/** The k x k block of tiles at zoom z centred on a Mercator point, clipped to the world. */
export function blockAround(z: number, mx: number, my: number, k: number): Tile[] {
  const centre = tileAtMercator(z, mx, my);
  const half = Math.floor(k / 2);
  const last = 2 ** z - 1;
  const tiles: Tile[] = [];
  for (let dy = -half; dy < k - half; dy++) {
    for (let dx = -half; dx < k - half; dx++) {
      const x = centre.x + dx;
      const y = centre.y + dy;
      if (x >= 0 && y >= 0 && x <= last && y <= last) tiles.push({ z, x, y });
    }
  }
  return tiles;
}

/** mulberry32: a small, fast, seedable generator; the same seed always gives the same lists. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates with a seeded generator; returns a new array. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface TileCount extends Tile {
  parcels: number;
}

/** Sums counts of high-zoom tiles into their ancestors at zoom z. */
export function rollUp(counts: readonly TileCount[], z: number): TileCount[] {
  const byKey = new Map<string, TileCount>();
  for (const c of counts) {
    const p = parentAt(c, z);
    const key = tileKey(p);
    const found = byKey.get(key);
    if (found) found.parcels += c.parcels;
    else byKey.set(key, { ...p, parcels: c.parcels });
  }
  return [...byKey.values()];
}

export type Density = 'dense' | 'sparse' | 'all';

/**
 * Dense tiles are the top quarter by parcel count, sparse tiles the bottom half of the tiles that hold
 * any parcel; each class is shuffled with the seed and cut to `size`, so lists are fixed per seed.
 * Tiles are sorted by key before shuffling, so the result does not depend on the input order.
 */
export function pickTiles(counts: readonly TileCount[], density: Density, size: number, seed: number): TileCount[] {
  const occupied = counts
    .filter((c) => c.parcels > 0)
    .sort((a, b) => b.parcels - a.parcels || tileKey(a).localeCompare(tileKey(b)));
  let chosen: TileCount[];
  if (density === 'all') chosen = occupied;
  else if (density === 'dense') chosen = occupied.slice(0, Math.max(1, Math.ceil(occupied.length / 4)));
  else chosen = occupied.slice(Math.floor(occupied.length / 2));
  const sorted = [...chosen].sort((a, b) => tileKey(a).localeCompare(tileKey(b)));
  return seededShuffle(sorted, seed).slice(0, size);
}
