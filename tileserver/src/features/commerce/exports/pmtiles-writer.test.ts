// The PMTiles writer read back by the pmtiles npm reader (the library MapLibre pages use): every tile
// byte for byte, the header's fields, the metadata, and an archive large enough for leaf directories.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PMTiles, zxyToTileId } from 'pmtiles';
import { afterAll, describe, expect, it } from 'vitest';
import { BufferSource } from '../../../testing/buffer-source.ts';
import { type TileCoord, tileId, writePmtiles } from './pmtiles-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'pmtiles-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const content = (t: TileCoord) => new TextEncoder().encode(`tile ${t.z}/${t.x}/${t.y}`);
const base = {
  metadata: { name: 'test', vector_layers: [{ id: 'parcels', fields: {} }] },
  tileType: 1,
  tileCompression: 1,
  bounds: [-71.16, 42.35, -71.06, 42.41] as [number, number, number, number],
  center: [-71.11, 42.38, 14] as [number, number, number],
};

describe('the PMTiles writer', () => {
  it('numbers tiles on the Hilbert curve as the pmtiles reader does', () => {
    for (const [z, x, y] of [
      [0, 0, 0],
      [1, 1, 0],
      [3, 5, 2],
      [11, 619, 757],
      [16, 19821, 24237],
      [16, 65535, 0],
      [20, 317_000, 387_000],
    ] as const)
      expect(tileId({ z, x, y })).toBe(zxyToTileId(z, x, y));
  });

  it('writes an archive whose every tile, header field and metadata the pmtiles reader reads back', async () => {
    const tiles: TileCoord[] = [];
    for (let z = 11; z <= 14; z++)
      for (let x = 0; x < 2 ** (z - 10); x++)
        for (let y = 0; y < 2 ** (z - 10); y++)
          tiles.push({ z, x: 600 * 2 ** (z - 11) + x, y: 750 * 2 ** (z - 11) + y });
    // Repeated content on consecutive ids is one run, and elsewhere one stored copy.
    const same = new TextEncoder().encode('empty sea');
    const isSea = (t: TileCoord) => t.z === 14 && t.x % 8 < 4;
    const file = join(dir, 'small.pmtiles');
    const made = await writePmtiles(file, {
      ...base,
      tiles: [...tiles].reverse(),
      read: (t) => (isSea(t) ? same : content(t)),
      minZoom: 11,
      maxZoom: 14,
    });
    const seaCount = tiles.filter(isSea).length;
    expect(made.addressed).toBe(tiles.length);
    expect(made.contents).toBe(tiles.length - seaCount + 1);
    expect(made.entries).toBeLessThan(tiles.length);

    const reader = new PMTiles(new BufferSource(readFileSync(file)));
    const h = await reader.getHeader();
    expect(h).toMatchObject({
      specVersion: 3,
      rootDirectoryOffset: 127,
      numAddressedTiles: tiles.length,
      numTileEntries: made.entries,
      numTileContents: made.contents,
      clustered: true,
      internalCompression: 2,
      tileCompression: 1,
      tileType: 1,
      minZoom: 11,
      maxZoom: 14,
      minLon: -71.16,
      minLat: 42.35,
      maxLon: -71.06,
      maxLat: 42.41,
      centerZoom: 14,
      centerLon: -71.11,
      centerLat: 42.38,
      leafDirectoryLength: 0,
    });
    expect(h.tileDataOffset + Number(h.tileDataLength)).toBe(made.bytes);
    for (const t of tiles) {
      const got = await reader.getZxy(t.z, t.x, t.y);
      expect(Buffer.from(got!.data)).toEqual(Buffer.from(isSea(t) ? same : content(t)));
    }
    expect(await reader.getZxy(14, 0, 0)).toBeUndefined();
    expect(await reader.getMetadata()).toEqual(base.metadata);
  });

  it('moves the directory into leaves when the root would not fit in the first 16 KiB', async () => {
    // A county's z16 tiles: ids with gaps (tiles without parcels) and contents of many lengths, which
    // gzip cannot squeeze into 16 KiB (a regular grid of equal tiles would fit in the root).
    const scatter = (x: number, y: number) => {
      let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
      return ((h ^ (h >>> 12)) >>> 0) % 1000;
    };
    const tiles: TileCoord[] = [];
    for (let x = 0; x < 200; x++)
      for (let y = 0; y < 200; y++) if (scatter(x, y) % 4 !== 0) tiles.push({ z: 16, x: 19700 + x, y: 24100 + y });
    const padded = (t: TileCoord) => `tile 16/${t.x}/${t.y}`.padEnd(20 + scatter(t.x, t.y), '.');
    const file = join(dir, 'large.pmtiles');
    await writePmtiles(file, {
      ...base,
      tiles,
      read: (t) => new TextEncoder().encode(padded(t)),
      minZoom: 16,
      maxZoom: 16,
    });
    const bytes = readFileSync(file);
    const reader = new PMTiles(new BufferSource(bytes));
    const h = await reader.getHeader();
    expect(h.leafDirectoryLength).toBeGreaterThan(0);
    expect(h.rootDirectoryOffset + h.rootDirectoryLength).toBeLessThanOrEqual(16_384);
    expect(h.numAddressedTiles).toBe(tiles.length);
    expect(tiles.length).toBeGreaterThan(25_000);
    // Every tile through its leaf.
    for (const t of tiles) {
      const got = await reader.getZxy(t.z, t.x, t.y);
      expect(Buffer.from(got!.data).toString()).toBe(padded(t));
    }
  });
});
