// Map label glyphs served by us: MapLibre glyph ranges (protobuf, 256 code points each, signed distance
// fields at 24 px with a 3 px buffer, radius 8 and cutoff 0.25 like node-fontnik) generated from the
// DejaVu fonts of the npm package dejavu-fonts-ttf, so that no style needs an external glyph URL.
// A range is computed once per process (tens of milliseconds) and kept.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import opentype, { type Font, type PathCommand } from 'opentype.js';

/** Font stacks we serve, by the name styles write in text-font, and their files in the package. */
export const fontFiles: Record<string, string> = {
  'DejaVu Sans Book': 'DejaVuSans.ttf',
  'DejaVu Sans Bold': 'DejaVuSans-Bold.ttf',
  'DejaVu Sans Oblique': 'DejaVuSans-Oblique.ttf',
};

const SIZE = 24;
const BUFFER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;
/** MapLibre's glyph baseline offset at 24 px (the one it uses for locally drawn glyphs). */
const TOP_OFFSET = 27;

const fonts = new Map<string, Font>();
const ranges = new Map<string, Buffer>();

function fontDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** The first font of a comma-separated stack that we have, or undefined. */
export function resolveFontstack(stack: string): string | undefined {
  return stack
    .split(',')
    .map((s) => s.trim())
    .find((name) => fontFiles[name]);
}

function fontFor(name: string): Font {
  let font = fonts.get(name);
  if (!font) {
    const bytes = readFileSync(join(fontDir(), fontFiles[name]!));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
    fonts.set(name, font);
  }
  return font;
}

/** The glyph range PBF starting at `start` (a multiple of 256) for a font we have. */
export function glyphRange(fontName: string, start: number): Buffer {
  const key = `${fontName}/${start}`;
  let pbf = ranges.get(key);
  if (!pbf) {
    const font = fontFor(fontName);
    const glyphs: Buffer[] = [];
    for (let code = start; code < start + 256; code++) {
      const char = String.fromCodePoint(code);
      if (!font.hasChar(char)) continue;
      glyphs.push(encodeGlyph(renderGlyph(font, code)));
    }
    pbf = message([
      [1, message([[1, text(fontName)], [2, text(`${start}-${start + 255}`)], ...glyphs.map((g) => [3, g] as Field)])],
    ]);
    ranges.set(key, pbf);
  }
  return pbf;
}

interface RenderedGlyph {
  id: number;
  bitmap: Buffer;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

type Segment = [number, number, number, number];

/** Outline segments in pixels (y down, baseline at 0), curves flattened into 8 pieces each. */
function segments(commands: PathCommand[]): Segment[] {
  const out: Segment[] = [];
  let [sx, sy, x, y] = [0, 0, 0, 0];
  const to = (nx: number, ny: number) => {
    out.push([x, y, nx, ny]);
    [x, y] = [nx, ny];
  };
  for (const c of commands) {
    if (c.type === 'M') [sx, sy, x, y] = [c.x!, c.y!, c.x!, c.y!];
    else if (c.type === 'L') to(c.x!, c.y!);
    else if (c.type === 'Q') {
      const [x0, y0] = [x, y];
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        to(u * u * x0 + 2 * u * t * c.x1! + t * t * c.x!, u * u * y0 + 2 * u * t * c.y1! + t * t * c.y!);
      }
    } else if (c.type === 'C') {
      const [x0, y0] = [x, y];
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        to(
          u * u * u * x0 + 3 * u * u * t * c.x1! + 3 * u * t * t * c.x2! + t * t * t * c.x!,
          u * u * u * y0 + 3 * u * u * t * c.y1! + 3 * u * t * t * c.y2! + t * t * t * c.y!,
        );
      }
    } else if (c.type === 'Z') {
      if (x !== sx || y !== sy) to(sx, sy);
    }
  }
  return out;
}

function renderGlyph(font: Font, code: number): RenderedGlyph {
  const glyph = font.charToGlyph(String.fromCodePoint(code));
  const advance = Math.round(((glyph.advanceWidth ?? 0) * SIZE) / font.unitsPerEm);
  const segs = segments(glyph.getPath(0, 0, SIZE).commands);
  if (segs.length === 0)
    return { id: code, bitmap: Buffer.alloc(0), width: 0, height: 0, left: 0, top: -TOP_OFFSET, advance };
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x0, y0, x1, y1] of segs) {
    minX = Math.min(minX, x0, x1);
    maxX = Math.max(maxX, x0, x1);
    minY = Math.min(minY, y0, y1);
    maxY = Math.max(maxY, y0, y1);
  }
  const left = Math.floor(minX);
  const topY = Math.floor(minY);
  const width = Math.ceil(maxX) - left;
  const height = Math.ceil(maxY) - topY;
  const w = width + 2 * BUFFER;
  const h = height + 2 * BUFFER;
  const bitmap = Buffer.alloc(w * h);
  for (let j = 0; j < h; j++) {
    const py = topY - BUFFER + j + 0.5;
    // Segments more than RADIUS away vertically cannot change a clamped value, and cannot cross the
    // row: each row looks at the segments near it only.
    const near = segs.filter(([, y0, , y1]) => Math.min(y0, y1) - RADIUS <= py && Math.max(y0, y1) + RADIUS >= py);
    for (let i = 0; i < w; i++) {
      const px = left - BUFFER + i + 0.5;
      let best = Infinity;
      let winding = 0;
      for (const [x0, y0, x1, y1] of near) {
        const dx = x1 - x0;
        const dy = y1 - y0;
        const len = dx * dx + dy * dy;
        const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len));
        const ex = x0 + t * dx - px;
        const ey = y0 + t * dy - py;
        best = Math.min(best, ex * ex + ey * ey);
        // Non-zero winding of a ray to the right of the pixel centre.
        if (y0 <= py ? y1 > py : y1 <= py) {
          const cross = x0 + ((py - y0) / dy) * dx;
          if (cross > px) winding += y1 > y0 ? 1 : -1;
        }
      }
      const distance = winding !== 0 ? -Math.sqrt(best) : Math.sqrt(best);
      bitmap[j * w + i] = Math.max(0, Math.min(255, Math.round(255 - 255 * (distance / RADIUS + CUTOFF))));
    }
  }
  return { id: code, bitmap, width, height, left, top: -topY - TOP_OFFSET, advance };
}

// A minimal protobuf writer for the glyphs message (fields: varint, zigzag sint32, bytes).
type Field = [number, Buffer | number | { sint: number }];

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let v = value >>> 0;
  while (v > 0x7f) {
    bytes.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  bytes.push(v);
  return Buffer.from(bytes);
}

function text(value: string): Buffer {
  return Buffer.from(value, 'utf8');
}

function message(fields: Field[]): Buffer {
  const parts: Buffer[] = [];
  for (const [tag, value] of fields) {
    if (Buffer.isBuffer(value)) parts.push(varint((tag << 3) | 2), varint(value.length), value);
    else if (typeof value === 'number') parts.push(varint(tag << 3), varint(value));
    else parts.push(varint(tag << 3), varint((value.sint << 1) ^ (value.sint >> 31)));
  }
  return Buffer.concat(parts);
}

function encodeGlyph(g: RenderedGlyph): Buffer {
  const fields: Field[] = [[1, g.id]];
  if (g.bitmap.length > 0) fields.push([2, g.bitmap]);
  fields.push([3, g.width], [4, g.height], [5, { sint: g.left }], [6, { sint: g.top }], [7, g.advance]);
  return message(fields);
}
