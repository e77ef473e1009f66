// Query filters as the panel edits them: one row per column test. Range columns take "at least" and
// "at most" bounds, columns with checkboxes take any of their options, other columns take values
// (several separated by semicolons, since owner names hold commas). A parcel must pass every column;
// several values of one column pass on any of them. Filters reach SQL only as data (the sources API).
import { isNumeric, type FilterOption, type Filters } from './style-rules.ts';

export interface FilterRow {
  /** Local identity for React keys; never sent. */
  id: string;
  field: string;
  values: string[];
  gte: string;
  lte: string;
}

export const incompleteFiltersTooltip = 'All filters must have completed fields to Apply';

let ids = 0;
export function newFilterRow(field = ''): FilterRow {
  return { id: `filter-${Date.now().toString(36)}-${++ids}`, field, values: [], gte: '', lte: '' };
}

export function splitValues(text: string): string[] {
  return text
    .split(';')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

const bound = (text: string) => (isNumeric(text) ? Number(text.replace(/,/g, '').trim()) : text.trim());

export function isFilterComplete(row: FilterRow, options: ReadonlyMap<string, FilterOption>): boolean {
  const option = options.get(row.field);
  if (!option) return false;
  if (option.range) return row.gte.trim() !== '' || row.lte.trim() !== '';
  if (option.checkboxes) return row.values.length > 0 && row.values.every((v) => option.checkboxes!.includes(v));
  return row.values.some((v) => v.trim() !== '');
}

export function rowsToFilters(rows: FilterRow[], options: ReadonlyMap<string, FilterOption>): Filters {
  const filters: Filters = {};
  for (const row of rows) {
    if (!isFilterComplete(row, options)) continue;
    if (options.get(row.field)!.range) {
      filters[row.field] = {
        ...(row.gte.trim() ? { gte: bound(row.gte) } : {}),
        ...(row.lte.trim() ? { lte: bound(row.lte) } : {}),
      };
      continue;
    }
    const previous = filters[row.field];
    const values = [
      ...(Array.isArray(previous) ? previous : []),
      ...row.values.map((v) => v.trim()).filter((v) => v !== ''),
    ];
    filters[row.field] = [...new Set(values)];
  }
  return filters;
}

export function filtersToRows(filters: Filters): FilterRow[] {
  return Object.entries(filters).map(([field, value]) =>
    Array.isArray(value)
      ? { ...newFilterRow(field), values: value.map(String) }
      : {
          ...newFilterRow(field),
          gte: value.gte === undefined ? '' : String(value.gte),
          lte: value.lte === undefined ? '' : String(value.lte),
        },
  );
}
