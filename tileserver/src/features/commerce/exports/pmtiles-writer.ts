// A PMTiles v3 writer (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): no maintained
// writer library is on npm, and the format is small. Tiles are given by coordinates and read one at a
// time in Hilbert order, so memory holds the directory entries, never the tile data: the data section
// is written to a side file in tile-id order (clustered), identical contents stored once (by SHA-256)
// and runs of one content on consecutive ids written as one entry; then the header, the root
// directory (split into leaf directories when it would not fit in the first 16 KiB), the metadata
// JSON and the leaves are written, and the data appended.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

export interface PmtilesOptions {
  /** The tiles to write, in any order; read(z, x, y) answers each one's bytes (already compressed). */
  tiles: TileCoord[];
  read: (tile: TileCoord) => Uint8Array;
  metadata: Record<string, unknown>;
  /** 1 = MVT. */
  tileType: number;
  /** 1 = none, 2 = gzip: how the tile bytes given are compressed. */
  tileCompression: number;
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
  /** Reported as tiles are written: done of total. */
  onProgress?: (done: number, total: number) => void;
  /** The largest root directory in bytes (the spec's 16,384 less the header); tests lower it. */
  rootLimit?: number;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

const headerBytes = 127;
const gzipInternal = 2;

/** The tile id of z/x/y: tiles of lower zooms first, then the position on zoom z's Hilbert curve. */
export function tileId({ z, x, y }: TileCoord): number {
  const base = (4 ** z - 1) / 3;
  const n = 2 ** z;
  let d = 0;
  let tx = x;
  let ty = y;
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (tx & s) > 0 ? 1 : 0;
    const ry = (ty & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        tx = n - 1 - tx;
        ty = n - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return base + d;
}

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** A directory: entry count, delta-coded ids, run lengths, lengths, offsets (0 = follows the previous). */
function serializeDirectory(entries: Entry[]): Buffer {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let last = 0;
  for (const e of entries) {
    writeVarint(out, e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) writeVarint(out, e.runLength);
  for (const e of entries) writeVarint(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    writeVarint(out, i > 0 && prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return gzipSync(Buffer.from(out));
}

/** The root directory, and the leaves when the root alone would pass the limit (leaf size grown until it fits). */
function buildDirectories(entries: Entry[], rootLimit: number): { root: Buffer; leaves: Buffer } {
  const root = serializeDirectory(entries);
  if (root.length <= rootLimit) return { root, leaves: Buffer.alloc(0) };
  for (let leafSize = 4096; ; leafSize = Math.ceil(leafSize * 1.2)) {
    const leafParts: Buffer[] = [];
    const rootEntries: Entry[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const leaf = serializeDirectory(entries.slice(i, i + leafSize));
      rootEntries.push({ tileId: entries[i]!.tileId, offset, length: leaf.length, runLength: 0 });
      leafParts.push(leaf);
      offset += leaf.length;
    }
    const candidate = serializeDirectory(rootEntries);
    if (candidate.length <= rootLimit) return { root: candidate, leaves: Buffer.concat(leafParts) };
  }
}

function header(fields: {
  root: number;
  metadata: number;
  leaves: number;
  data: number;
  addressed: number;
  entries: number;
  contents: number;
  options: PmtilesOptions;
}): Buffer {
  const b = Buffer.alloc(headerBytes);
  b.write('PMTiles', 0, 'ascii');
  b.writeUInt8(3, 7);
  const u64 = (at: number, value: number) => b.writeBigUInt64LE(BigInt(value), at);
  let offset = headerBytes;
  u64(8, offset);
  u64(16, fields.root);
  offset += fields.root;
  u64(24, offset);
  u64(32, fields.metadata);
  offset += fields.metadata;
  u64(40, offset);
  u64(48, fields.leaves);
  offset += fields.leaves;
  u64(56, offset);
  u64(64, fields.data);
  u64(72, fields.addressed);
  u64(80, fields.entries);
  u64(88, fields.contents);
  const o = fields.options;
  b.writeUInt8(1, 96); // clustered
  b.writeUInt8(gzipInternal, 97);
  b.writeUInt8(o.tileCompression, 98);
  b.writeUInt8(o.tileType, 99);
  b.writeUInt8(o.minZoom, 100);
  b.writeUInt8(o.maxZoom, 101);
  const e7 = (at: number, degrees: number) => b.writeInt32LE(Math.round(degrees * 1e7), at);
  e7(102, o.bounds[0]);
  e7(106, o.bounds[1]);
  e7(110, o.bounds[2]);
  e7(114, o.bounds[3]);
  b.writeUInt8(o.center[2], 118);
  e7(119, o.center[0]);
  e7(123, o.center[1]);
  return b;
}

/**
 * Writes the archive to `file`; answers its counts (addressed tiles, entries, distinct contents). It
 * yields to the event loop every 256 tiles: a county's archive must not stall the tiles this process serves.
 */
export async function writePmtiles(
  file: string,
  options: PmtilesOptions,
): Promise<{ addressed: number; entries: number; contents: number; bytes: number }> {
  const ordered = options.tiles.map((t) => ({ t, id: tileId(t) })).sort((a, b) => a.id - b.id);
  const dataFile = `${file}.data`;
  const data = openSync(dataFile, 'w');
  const entries: Entry[] = [];
  const seen = new Map<string, { offset: number; length: number }>();
  let dataBytes = 0;
  try {
    for (const [i, { t, id }] of ordered.entries()) {
      const bytes = options.read(t);
      const hash = createHash('sha256').update(bytes).digest('base64');
      let stored = seen.get(hash);
      if (!stored) {
        stored = { offset: dataBytes, length: bytes.length };
        writeSync(data, bytes);
        dataBytes += bytes.length;
        seen.set(hash, stored);
      }
      const last = entries[entries.length - 1];
      if (last && last.offset === stored.offset && last.tileId + last.runLength === id) last.runLength += 1;
      else entries.push({ tileId: id, offset: stored.offset, length: stored.length, runLength: 1 });
      if (i % 256 === 255) {
        options.onProgress?.(i + 1, ordered.length);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  } finally {
    closeSync(data);
  }
  const { root, leaves } = buildDirectories(entries, options.rootLimit ?? 16_384 - headerBytes);
  const metadata = gzipSync(Buffer.from(JSON.stringify(options.metadata)));
  const counts = { addressed: ordered.length, entries: entries.length, contents: seen.size };
  const out = openSync(file, 'w');
  try {
    const head = header({
      root: root.length,
      metadata: metadata.length,
      leaves: leaves.length,
      data: dataBytes,
      ...counts,
      options,
    });
    for (const part of [head, root, metadata, leaves]) writeSync(out, part);
    const input = openSync(dataFile, 'r');
    try {
      const chunk = Buffer.alloc(1 << 20);
      for (let n = readSync(input, chunk); n > 0; n = readSync(input, chunk)) writeSync(out, chunk, 0, n);
    } finally {
      closeSync(input);
    }
  } finally {
    closeSync(out);
    rmSync(dataFile, { force: true });
  }
  options.onProgress?.(ordered.length, ordered.length);
  return { ...counts, bytes: headerBytes + root.length + metadata.length + leaves.length + dataBytes };
}
