// Colours an additional layer from its catalogue legend, so the map and the legend panel always agree:
// a match expression from each entry's attribute values to its colour.
import type { ExpressionSpecification } from 'maplibre-gl';
import type { LegendEntry } from '@parcel-map/contracts/map/layers';

export function legendColorExpression(
  property: string,
  legend: LegendEntry[],
  fallback: string,
): ExpressionSpecification | null {
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
