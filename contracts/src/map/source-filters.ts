// The answer of GET /sources/{source}/filters.json: which parcel columns the caller may filter and style
// by, ranges for numeric ones and a fixed list of values where the column has one.
import { z } from 'zod';
import type { FieldGroup } from '../parcel-fields.ts';
import { fieldKind } from './parcels.ts';

const fieldGroup = z.enum([
  'parcel',
  'owner',
  'sales',
  'zoning',
  'structure',
  'demographics',
  'geographic',
  'risk',
  'matching',
] as const satisfies readonly FieldGroup[]);

export const filterOption = z.object({
  key: z.string(),
  label: z.string(),
  /** Numeric columns: gt, lt, gte, lte and range filters apply. */
  range: z.boolean(),
  /** A fixed list of values to tick, or null when values are free text (autocomplete). */
  checkboxes: z.array(z.string()).nullable(),
  kind: fieldKind,
  group: fieldGroup,
});
export type FilterOption = z.infer<typeof filterOption>;

export const filtersAnswer = z.object({
  source: z.string(),
  path: z.string().nullable(),
  filters: z.array(filterOption),
});

/** GET /sources/{source}/autocomplete.json: values of a field that start with the typed text. */
export const autocompleteAnswer = z.object({ key: z.string(), query: z.string(), suggestions: z.array(z.string()) });

export type FiltersAnswer = z.infer<typeof filtersAnswer>;
export type AutocompleteAnswer = z.infer<typeof autocompleteAnswer>;
