// The arithmetic behind the SVG charts, kept apart from React so tests can check it directly: value axes
// with round ticks, bands for bars, pie angles and arc paths, and labels cut to the room they have.

/** The smallest 1, 2 or 5 times a power of ten that is at least `value` (0 stays 0). */
export function niceStep(value: number): number {
  if (!(value > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const scaled = value / power;
  const nice = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10;
  return nice * power;
}

/** Ticks from 0 to at least `max` at a round step, about `count` of them; whole numbers when `integer`. */
export function ticks(max: number, count = 5, integer = true): number[] {
  if (!(max > 0)) return [0, 1];
  let step = niceStep(max / Math.max(1, count - 1));
  if (integer) step = Math.max(1, Math.round(step));
  const top = max;
  const out: number[] = [];
  for (let i = 0; out.length === 0 || out.at(-1)! < top; i++) out.push(round(i * step));
  return out;
}

/** Maps 0..max onto 0..length; a max of 0 or less maps everything to 0, so empty data draws no bars. */
export function linear(max: number, length: number): (value: number) => number {
  return (value) => (max > 0 ? (Math.max(0, value) / max) * length : 0);
}

/** `n` equal bands over `length` with `padding` (0..1) of each band left empty, split on both sides. */
export function bands(
  n: number,
  length: number,
  padding = 0.2,
): { step: number; size: number; start: (i: number) => number } {
  const step = n > 0 ? length / n : 0;
  const size = step * (1 - padding);
  return { step, size, start: (i) => i * step + (step - size) / 2 };
}

export interface Angles {
  start: number;
  end: number;
}

/** Clockwise angles from twelve o'clock (radians) for each value's share of the total; zeros get no angle. */
export function pieAngles(values: number[]): Angles[] {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  let at = 0;
  return values.map((v) => {
    const start = at;
    at += total > 0 ? (Math.max(0, v) / total) * 2 * Math.PI : 0;
    return { start, end: at };
  });
}

/** A point at `angle` (clockwise from twelve o'clock) on a circle. */
export function polar(cx: number, cy: number, r: number, angle: number): [number, number] {
  return [round(cx + r * Math.sin(angle)), round(cy - r * Math.cos(angle))];
}

/** An SVG path of a ring sector (a pie slice when `inner` is 0). A full turn is two circles of two half
 * arcs each (an arc whose ends meet draws nothing), with no radial edge to show a seam. */
export function arcPath(cx: number, cy: number, outer: number, inner: number, { start, end }: Angles): string {
  if (end - start <= 0) return '';
  if (end - start >= 2 * Math.PI - 1e-9) {
    const circle = (r: number, sweep: 0 | 1) => {
      const [ax, ay] = polar(cx, cy, r, start);
      const [bx, by] = polar(cx, cy, r, start + Math.PI);
      return `M${ax},${ay} A${r},${r} 0 1 ${sweep} ${bx},${by} A${r},${r} 0 1 ${sweep} ${ax},${ay} Z`;
    };
    // The hole runs the other way round, so the non-zero fill rule leaves it empty.
    return inner > 0 ? `${circle(outer, 1)} ${circle(inner, 0)}` : circle(outer, 1);
  }
  const large = end - start > Math.PI ? 1 : 0;
  const [x0, y0] = polar(cx, cy, outer, start);
  const [x1, y1] = polar(cx, cy, outer, end);
  if (inner <= 0) return `M${cx},${cy} L${x0},${y0} A${outer},${outer} 0 ${large} 1 ${x1},${y1} Z`;
  const [x2, y2] = polar(cx, cy, inner, end);
  const [x3, y3] = polar(cx, cy, inner, start);
  return `M${x0},${y0} A${outer},${outer} 0 ${large} 1 ${x1},${y1} L${x2},${y2} A${inner},${inner} 0 ${large} 0 ${x3},${y3} Z`;
}

/** `text` cut with an ellipsis to fit `width` pixels at `fontSize`, by an average glyph width (no DOM
 * measuring, so the first render already has its final layout). */
export function fitText(text: string, width: number, fontSize: number): string {
  const fits = Math.floor(width / (fontSize * 0.58));
  if (text.length <= fits) return text;
  return fits <= 1 ? '…' : `${text.slice(0, fits - 1).trimEnd()}…`;
}

/** An estimate of `text`'s width in pixels at `fontSize` (the same average glyph as fitText). */
export function textWidth(text: string, fontSize: number): number {
  return Math.ceil(text.length * fontSize * 0.58);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
