// The answer of GET /sources/{source}/filters.json: which parcel columns the caller may filter and style
// by, ranges for numeric ones and a fixed list of values where the column has one.
import type { ParcelField } from '../parcel-fields.ts';

export interface FilterOption {
  key: string;
  label: string;
  /** Numeric columns: gt, lt, gte, lte and range filters apply. */
  range: boolean;
  /** A fixed list of values to tick, or null when values are free text (autocomplete). */
  checkboxes: string[] | null;
  kind: ParcelField['kind'];
  group: ParcelField['group'];
}
