// A project's saved styles are the sources API's canonical rules (typed values, #rrggbbaa colours, the
// base style as the last, default rule). These turn them into the panel's rules and back, and decide
// whether the style on the map differs from the saved one (the unsaved-changes state of spec 4).
import type { StyleRule as SavedRule } from '@parcel-map/contracts/map/source-definition';
import {
  defaultBaseStyle,
  newRule,
  toDefinition,
  type ActiveStyle,
  type BaseStyle,
  type Predicate,
  type RuleRow,
} from './style-rules.ts';

export type { SavedRule };

/** #rrggbb gains an opaque alpha, as the server stores it. */
export function fullColor(color: string): string {
  const lower = color.toLowerCase();
  return lower.length === 7 ? `${lower}ff` : lower;
}

function valueText(value: SavedRule['value']): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return value === undefined ? '' : String(value);
}

export function fromSavedStyles(styles: readonly unknown[]): ActiveStyle {
  const saved = styles.filter((s): s is SavedRule => typeof s === 'object' && s !== null && 'predicate' in s);
  const fallback = saved.find((s) => s.predicate === 'default');
  const base: BaseStyle = fallback
    ? { fill: fullColor(fallback.fill), line: fullColor(fallback.line) }
    : defaultBaseStyle;
  const rules: RuleRow[] = saved
    .filter((s) => s.predicate !== 'default')
    .map((s) => ({
      ...newRule(fullColor(s.fill), fullColor(s.line)),
      field: s.field ?? '',
      predicate: s.predicate as Predicate,
      value: valueText(s.value),
    }));
  return { rules, base };
}

/** The styles a Save sends: the same definition Apply posts. */
export function toSavedStyles(style: ActiveStyle): SavedRule[] {
  return toDefinition(style.rules, style.base, null).styles;
}

const comparable = (style: ActiveStyle) =>
  JSON.stringify([
    style.rules.map((r) => [
      r.field,
      r.predicate,
      r.value.replace(/,/g, '').trim(),
      fullColor(r.fill),
      fullColor(r.line),
    ]),
    fullColor(style.base.fill),
    fullColor(style.base.line),
  ]);

/** Spec 4: unsaved changes are active styles that differ from the saved ones. */
export function hasUnsavedStyles(active: ActiveStyle, saved: readonly unknown[]): boolean {
  return comparable(active) !== comparable(fromSavedStyles(saved));
}
