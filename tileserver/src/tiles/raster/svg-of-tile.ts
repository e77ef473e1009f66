// Draws a decoded vector tile as one SVG: the same features and style rules a map client draws from
// the MVT (each feature's `rule` index picks its fill and line colour, the definition's default when a
// feature has none). Features of one rule share one path, filled and outlined, so the rasteriser parses
// a few long paths once instead of thousands (a rule's fill may cover half of an earlier rule's outline
// where they touch; drawing fills and outlines as separate paths cost a third more on dense tiles).
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
  // Coordinates on the pixel grid: anti-aliased edges hide the snap, and points that merge are dropped.
  const grid = size;
  const factor = grid / layer.extent;
  // One path text per paint: index `rules.length` is the fallback.
  const paths: string[][] = Array.from({ length: style.rules.length + 1 }, () => []);
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i);
    if (feature.type !== 3) continue;
    const rule = feature.properties.rule;
    const index = typeof rule === 'number' && rule >= 0 && rule < style.rules.length ? rule : style.rules.length;
    const d = pathOf(feature.loadGeometry(), factor);
    if (d) paths[index]!.push(d);
  }
  const paints = [...style.rules, style.fallback];
  const strokeWidth = Math.round(((lineWidthAt(z) * grid) / 256) * 100) / 100;
  let body = '';
  paths.forEach((parts, index) => {
    if (parts.length === 0) return;
    const fill = paintOf(paints[index]!.fill);
    const line = paintOf(paints[index]!.line);
    if (!fill && !line) return;
    const fillPaint = fill ? `fill="${fill.rgb}" fill-opacity="${fill.opacity}"` : 'fill="none"';
    const linePaint = line
      ? ` stroke="${line.rgb}" stroke-opacity="${line.opacity}" stroke-width="${strokeWidth}"`
      : '';
    body += `<path d="${parts.join('')}" ${fillPaint}${linePaint}/>`;
  });
  if (!body) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${grid} ${grid}">${body}</svg>`;
}

/**
 * Closed rings on the pixel grid (`factor` = pixels per MVT unit): "M x y", the other
 * points as implicit line-tos, "Z". Points that fall on the previous one are dropped, so a dense low
 * zoom tile (a few pixels per parcel) hands the rasteriser a fraction of its vertices; a ring that
 * shrinks below three points is below a pixel and is left out.
 */
function pathOf(rings: { x: number; y: number }[][], factor: number): string {
  let d = '';
  for (const ring of rings) {
    if (ring.length < 3) continue;
    const x0 = Math.round(ring[0]!.x * factor);
    const y0 = Math.round(ring[0]!.y * factor);
    let part = '';
    let kept = 1;
    let [px, py] = [x0, y0];
    for (let p = 1; p < ring.length; p++) {
      const x = Math.round(ring[p]!.x * factor);
      const y = Math.round(ring[p]!.y * factor);
      if (x === px && y === py) continue;
      part += `${x} ${y} `;
      kept++;
      [px, py] = [x, y];
    }
    // MVT rings repeat their first point last; Z closes them.
    if (px === x0 && py === y0) kept--;
    if (kept >= 3) d += `M${x0} ${y0}L${part}Z`;
  }
  return d;
}
