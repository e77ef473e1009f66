// Draws a decoded vector tile as one SVG: the same features and style rules a map client draws from
// the MVT (each feature's `rule` index picks its fill and line colour, the definition's default when a
// feature has none), every fill first and every outline over them, as a fill layer under a line layer.
// Features of one rule share a path, so the rasteriser parses a few long paths instead of thousands.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';

export interface RasterPaint {
  /** #rrggbbaa */
  fill: string;
  line: string;
}

/** How a source's tiles are painted: rule i of the tile's `rule` property, else the fallback. */
export interface RasterStyle {
  rules: readonly RasterPaint[];
  fallback: RasterPaint;
  /** The MVT layer drawn. */
  layer: string;
}

/**
 * Outline widths in CSS pixels by zoom, the parcel layer's ramp in the viewer (11: 0.5, 15: 1.2, 17: 2,
 * 19: 3), so a PNG tile looks like the vector map at the same zoom.
 */
const widthStops: readonly (readonly [number, number])[] = [
  [11, 0.5],
  [15, 1.2],
  [17, 2],
  [19, 3],
];

export function lineWidthAt(z: number): number {
  if (z <= widthStops[0]![0]) return widthStops[0]![1];
  for (let i = 1; i < widthStops.length; i++) {
    const [z1, w1] = widthStops[i]!;
    if (z <= z1) {
      const [z0, w0] = widthStops[i - 1]!;
      return w0 + ((w1 - w0) * (z - z0)) / (z1 - z0);
    }
  }
  return widthStops[widthStops.length - 1]![1];
}

/** '#rrggbbaa' as SVG paint and opacity; undefined when fully transparent (nothing to draw). */
export function paintOf(color: string): { rgb: string; opacity: number } | undefined {
  const rgb = color.slice(0, 7);
  const alpha = color.length === 9 ? Number.parseInt(color.slice(7, 9), 16) / 255 : 1;
  if (!/^#[0-9a-fA-F]{6}$/.test(rgb) || !(alpha > 0)) return undefined;
  return { rgb, opacity: Math.round(alpha * 1000) / 1000 };
}

/**
 * The SVG of a raw (uncompressed) MVT at `size` pixels, or undefined when nothing in it is drawn.
 * `z` sets the outline width; outlines are in CSS pixels, so a 512-px (@2x) tile draws them twice as wide.
 */
export function svgOfTile(raw: Buffer, style: RasterStyle, z: number, size: number): string | undefined {
  const layer = new VectorTile(new PbfReader(raw)).layers[style.layer];
  if (!layer || layer.length === 0) return undefined;
  const extent = layer.extent;
  // One path text per paint: index `rules.length` is the fallback.
  const paths: string[][] = Array.from({ length: style.rules.length + 1 }, () => []);
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i);
    if (feature.type !== 3) continue;
    const rule = feature.properties.rule;
    const index = typeof rule === 'number' && rule >= 0 && rule < style.rules.length ? rule : style.rules.length;
    paths[index]!.push(pathOf(feature.loadGeometry()));
  }
  const paints = [...style.rules, style.fallback];
  const strokeWidth = (lineWidthAt(z) * extent) / 256;
  const fills: string[] = [];
  const lines: string[] = [];
  paths.forEach((parts, index) => {
    if (parts.length === 0) return;
    const d = parts.join('');
    const fill = paintOf(paints[index]!.fill);
    const line = paintOf(paints[index]!.line);
    if (fill) fills.push(`<path d="${d}" fill="${fill.rgb}" fill-opacity="${fill.opacity}"/>`);
    if (line)
      lines.push(
        `<path d="${d}" fill="none" stroke="${line.rgb}" stroke-opacity="${line.opacity}" stroke-width="${strokeWidth}" stroke-linejoin="round"/>`,
      );
  });
  if (fills.length === 0 && lines.length === 0) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${extent} ${extent}">${fills.join('')}${lines.join('')}</svg>`;
}

/** Closed rings in tile units: "M x y" then the other points (implicit line-tos), "Z". */
function pathOf(rings: { x: number; y: number }[][]): string {
  let d = '';
  for (const ring of rings) {
    if (ring.length < 3) continue;
    d += `M${ring[0]!.x} ${ring[0]!.y}L`;
    // MVT rings repeat their first point last; Z closes them.
    const last = ring.length - 1;
    const end = ring[last]!.x === ring[0]!.x && ring[last]!.y === ring[0]!.y ? last : ring.length;
    for (let p = 1; p < end; p++) d += `${ring[p]!.x} ${ring[p]!.y} `;
    d += 'Z';
  }
  return d;
}
