// The parcel_detail_preferences value (map.md section 3): field name to shown, a missing field shown,
// false or the text "false" hidden; additional_items lists chosen add-on fields outside the schema.
// Read by the parcel pane and written by the Customise Property View Details page.
import type { ParcelDetailPreferences } from '../../model/preferences.ts';

export const additionalItemsKey = 'additional_items';

export function isHidden(prefs: ParcelDetailPreferences | undefined, field: string): boolean {
  const value = prefs?.[field];
  return value === false || value === 'false';
}

/** Shows or hides fields; a shown field is removed (missing means shown), keeping the saved value small. */
export function withFields(
  prefs: ParcelDetailPreferences | undefined,
  fields: readonly string[],
  shown: boolean,
): ParcelDetailPreferences {
  const next: ParcelDetailPreferences = { ...prefs };
  for (const field of fields) {
    if (shown) delete next[field];
    else next[field] = false;
  }
  return next;
}

export type GroupState = 'all' | 'none' | 'partial';

/** Whether a group's fields are all shown, none, or some (the group icon). */
export function groupState(prefs: ParcelDetailPreferences | undefined, fields: readonly string[]): GroupState {
  const shown = fields.filter((f) => !isHidden(prefs, f)).length;
  if (shown === fields.length) return 'all';
  return shown === 0 ? 'none' : 'partial';
}

export function additionalItems(prefs: ParcelDetailPreferences | undefined): string[] {
  const items = prefs?.[additionalItemsKey];
  return Array.isArray(items) ? items : [];
}

export function withAdditionalItem(
  prefs: ParcelDetailPreferences | undefined,
  field: string,
  on: boolean,
): ParcelDetailPreferences {
  const items = additionalItems(prefs).filter((f) => f !== field);
  return { ...prefs, [additionalItemsKey]: on ? [...items, field] : items };
}

/** Saved field names this schema does not know ("not found: {field}" on the Customise page). */
export function unknownFields(prefs: ParcelDetailPreferences | undefined, known: ReadonlySet<string>): string[] {
  const names = Object.keys(prefs ?? {}).filter((k) => k !== additionalItemsKey);
  return [...new Set([...names, ...additionalItems(prefs)])].filter((name) => !known.has(name));
}

/** Forgets a field entirely (a saved name the schema no longer has). */
export function withoutField(prefs: ParcelDetailPreferences | undefined, field: string): ParcelDetailPreferences {
  const next: ParcelDetailPreferences = { ...prefs };
  delete next[field];
  const items = additionalItems(prefs);
  if (items.includes(field)) next[additionalItemsKey] = items.filter((f) => f !== field);
  return next;
}
