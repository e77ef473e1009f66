// Colours an additional layer from its catalogue legend, so the map and the legend panel always agree:
// a match expression from each entry's attribute values to its colour, or, for a legend of numeric
// ranges, a step expression over the attribute; and the legend's own text for a range ("1,000–5,000").
import type { ExpressionSpecification } from 'maplibre-gl';
import type { LegendEntry } from '@parcel-map/contracts/map/layers';

function matchExpression(property: string, legend: LegendEntry[], fallback: string): ExpressionSpecification | null {
  const pairs: (string | string[])[] = [];
  const seen = new Set<string>();
  for (const entry of legend) {
    const values = (entry.values ?? [entry.label]).filter((v) => !seen.has(v));
    values.forEach((v) => seen.add(v));
    if (values.length > 0) pairs.push(values, entry.color);
  }
  if (pairs.length === 0) return null;
  return ['match', ['get', property], ...pairs, fallback] as unknown as ExpressionSpecification;
}

/** Ranges in ascending order; below the first bound, in gaps and past the last closed end: the fallback.
 * A legend whose only range is open at both ends (an outline layer's one entry) is that one colour. */
function stepExpression(property: string, legend: LegendEntry[], fallback: string): ExpressionSpecification | string {
  const ranges = legend
    .filter((e) => e.range)
    .sort((a, b) => (a.range!.min ?? Number.NEGATIVE_INFINITY) - (b.range!.min ?? Number.NEGATIVE_INFINITY));
  let base = fallback;
  const stops: [number, string][] = [];
  const stop = (at: number, color: string) => {
    const last = stops[stops.length - 1];
    if (last && last[0] === at) last[1] = color;
    else if (!last || at > last[0]) stops.push([at, color]);
  };
  for (const entry of ranges) {
    const { min, max } = entry.range!;
    if (min === undefined) base = entry.color;
    else stop(min, entry.color);
    if (max !== undefined) stop(max, fallback);
  }
  if (stops.length === 0) return base;
  // A missing or non-numeric attribute is drawn in the fallback, not in the lowest class.
  return [
    'case',
    ['==', ['typeof', ['get', property]], 'number'],
    ['step', ['get', property], base, ...stops.flat()],
    fallback,
  ] as unknown as ExpressionSpecification;
}

export function legendColorExpression(
  property: string,
  legend: LegendEntry[],
  fallback: string,
): ExpressionSpecification | string | null {
  if (legend.length > 0 && legend.every((e) => e.range)) return stepExpression(property, legend, fallback);
  return matchExpression(property, legend, fallback);
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "1,000–5,000", "Under 1,000", "5,000 and over": a numeric legend range as the legend writes it. */
export function rangeText(range: { min?: number; max?: number }): string {
  const { min, max } = range;
  if (min !== undefined && max !== undefined) return `${numberFormat.format(min)}–${numberFormat.format(max)}`;
  if (max !== undefined) return `Under ${numberFormat.format(max)}`;
  if (min !== undefined) return `${numberFormat.format(min)} and over`;
  return '';
}
