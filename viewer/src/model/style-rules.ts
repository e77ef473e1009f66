// Style rules as the panel edits them (RuleRow: strings as typed, a local id) and the pure logic behind
// the panel: which predicates a column offers, when a rule is complete (Apply is enabled only then),
// reordering (the first matching rule wins, so order matters) and the source definition that Apply posts
// to /api/v1/sources. The definition itself (SourceDefinition, its wire StyleRule) is the contract's.
import type { FilterValue, Predicate, SourceDefinition } from '@parcel-map/contracts/map/source-definition';

export type { FilterValue, Predicate, SourceDefinition };
export type Filters = Record<string, FilterValue>;

/** One column the server lets the caller filter and style by (GET /sources/{source}/filters.json). */
export interface FilterOption {
  key: string;
  label: string;
  range: boolean;
  checkboxes: string[] | null;
}

/** One rule as the panel edits it; toDefinition turns the rows into the contract's wire rules. */
export interface RuleRow {
  /** Local identity for React keys and drag and drop; never sent to the server. */
  id: string;
  field: string;
  predicate: Predicate | '';
  value: string;
  fill: string;
  line: string;
}

export interface BaseStyle {
  fill: string;
  line: string;
}

/** Spec 3: a transparent default fill and a purple default line when no rule matches. */
export const defaultBaseStyle: BaseStyle = { fill: '#00000000', line: '#8a2be2ff' };

/** The rules in force on the map, in order, with the base style: what Apply made current and a project saves. */
export interface ActiveStyle {
  rules: RuleRow[];
  base: BaseStyle;
}

export const predicateLabels: Record<Predicate, string> = {
  is: 'is',
  'is not': 'is not',
  exists: 'exists',
  gt: 'greater than',
  lt: 'less than',
  gte: 'at least',
  lte: 'at most',
};

const rangePredicates: Predicate[] = ['gt', 'lt', 'gte', 'lte'];

export const incompleteTooltip = 'All style rules must have completed fields to Apply';

/** gt, lt, gte and lte only for range (numeric) columns (spec 5). */
export function predicatesFor(option: FilterOption | undefined): Predicate[] {
  const base: Predicate[] = ['is', 'is not', 'exists'];
  return option?.range ? [...base, ...rangePredicates] : base;
}

/** The values a rule's value box offers as a fixed list: Yes/No for exists, else the column's checkboxes. */
export function fixedValues(rule: Pick<RuleRow, 'predicate'>, option: FilterOption | undefined): string[] | null {
  if (rule.predicate === 'exists') return ['Yes', 'No'];
  if (rule.predicate === 'is' || rule.predicate === 'is not') return option?.checkboxes ?? null;
  return null;
}

/** Numbers as people type them: thousand separators allowed (as the server parses them). */
export function isNumeric(value: string): boolean {
  const text = value.replace(/,/g, '').trim();
  return text !== '' && Number.isFinite(Number(text));
}

const colorPattern = /^#([0-9a-f]{6}|[0-9a-f]{8})$/i;

export function isRuleComplete(rule: RuleRow, options: ReadonlyMap<string, FilterOption>): boolean {
  const option = options.get(rule.field);
  if (!option || rule.predicate === '' || !predicatesFor(option).includes(rule.predicate)) return false;
  if (!colorPattern.test(rule.fill) || !colorPattern.test(rule.line)) return false;
  if (rule.predicate === 'exists') return rule.value === 'Yes' || rule.value === 'No';
  if (rangePredicates.includes(rule.predicate)) return isNumeric(rule.value);
  const fixed = fixedValues(rule, option);
  if (fixed) return fixed.includes(rule.value);
  return rule.value.trim() !== '';
}

export function canApply(rules: RuleRow[], options: ReadonlyMap<string, FilterOption>): boolean {
  return rules.every((rule) => isRuleComplete(rule, options));
}

/** Moves the rule at `from` to index `to` (both clamped); a new array, the others keep their order. */
export function moveRule<T>(rules: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= rules.length) return [...rules];
  const target = Math.max(0, Math.min(rules.length - 1, to));
  const next = [...rules];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

let ids = 0;
export function newRule(fill = '#ff0000', line = '#880000'): RuleRow {
  return { id: `rule-${Date.now().toString(36)}-${++ids}`, field: '', predicate: '', value: '', fill, line };
}

/** A rule's predicate changed: exists defaults to Yes; a value that no longer fits is cleared. */
export function withPredicate(rule: RuleRow, predicate: Predicate, option: FilterOption | undefined): RuleRow {
  const next = { ...rule, predicate };
  if (predicate === 'exists') return { ...next, value: rule.value === 'No' ? 'No' : 'Yes' };
  const fixed = fixedValues(next, option);
  if (fixed && !fixed.includes(rule.value)) return { ...next, value: '' };
  if (rule.predicate === 'exists') return { ...next, value: '' };
  return next;
}

/** A rule's column changed: keep the predicate if the column offers it, clear the value. */
export function withField(rule: RuleRow, field: string, option: FilterOption | undefined): RuleRow {
  const predicate = rule.predicate && predicatesFor(option).includes(rule.predicate) ? rule.predicate : '';
  return { ...rule, field, predicate, value: predicate === 'exists' ? 'Yes' : '' };
}

/** Parcels a filter selects (an owner highlight, a project's filters) stand out when no rule styles them. */
export const filterHighlight: BaseStyle = { fill: '#ffd400b3', line: '#b38f00ff' };

/** The definition Apply posts: the query filters, the rules in order, then the base style as the default rule. */
export function toDefinition(
  rules: RuleRow[],
  base: BaseStyle,
  path: string | null,
  filters: Filters = {},
): SourceDefinition {
  const filtered = Object.keys(filters).length > 0;
  if (filtered && rules.length === 0 && base.fill === defaultBaseStyle.fill && base.line === defaultBaseStyle.line)
    base = filterHighlight;
  return {
    query: { parcel: true, ...(path ? { path } : {}), ...(filtered ? { filters } : {}) },
    fields: [],
    styles: [
      ...rules.map((r) => ({
        field: r.field,
        predicate: r.predicate as Predicate, // only complete rules are applied
        value: rangePredicates.includes(r.predicate as Predicate) ? Number(r.value.replace(/,/g, '').trim()) : r.value,
        fill: r.fill,
        line: r.line,
      })),
      { predicate: 'default', fill: base.fill, line: base.line },
    ],
  };
}

/** #rrggbbaa as a CSS rgba() colour for maplibre paint properties. */
export function cssColor(hex: string): string {
  const h = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  const a = h.length === 8 ? parseInt(h.slice(6, 8), 16) / 255 : 1;
  return `rgba(${r}, ${g}, ${b}, ${Math.round(a * 1000) / 1000})`;
}
