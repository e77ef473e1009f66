// The basemap sprite served by us (styles must not need an external sprite URL): a generated PNG
// with its index, holding one icon, "dot" (a place marker), at 1x and 2x.
import { crc32, deflateSync } from 'node:zlib';

export function spriteIndex(
  ratio: 1 | 2,
): Record<string, { x: number; y: number; width: number; height: number; pixelRatio: number }> {
  const size = 10 * ratio;
  return { dot: { x: 0, y: 0, width: size, height: size, pixelRatio: ratio } };
}

const pngs = new Map<number, Buffer>();

/** A dark grey dot with a white ring, anti-aliased, on a transparent background. */
export function spritePng(ratio: 1 | 2): Buffer {
  const known = pngs.get(ratio);
  if (known) return known;
  const size = 10 * ratio;
  const rows: Buffer[] = [];
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const alpha = Math.max(0, Math.min(1, c - d)) * 255;
      const inner = d < c - 2 * ratio;
      row.set(inner ? [75, 66, 102, Math.round(alpha)] : [255, 255, 255, Math.round(alpha)], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  pngs.set(ratio, png);
  return png;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
