// Which rows the parcel pane lists, from the record and the parcel_detail_preferences: hidden fields are
// left out; empty fields are left out unless asked for, except locked premium fields, which show their
// unlock badge; chosen add-on fields the record lacks show the add-on badge.
import type { FieldValue, ParcelEntity } from '@parcel-map/contracts/map/parcels';
import { additionalItems, isHidden } from '../preferences/parcel-detail-prefs.ts';
import type { ParcelDetailPreferences } from '../../model/preferences.ts';

/** Mailing fields read as the two-line formatted mailing address instead of one row each. */
export const mailingParts = new Set([
  'mail_addno',
  'mail_addpref',
  'mail_addstr',
  'mail_addsttyp',
  'mail_addstsuf',
  'mail_unit',
]);

export type RowKind = 'value' | 'locked' | 'addon';
export interface PaneGroup {
  id: string;
  title: string;
  rows: { name: string; kind: RowKind }[];
  /** A line shown in the group instead of missing values (the zoning group without zoning). */
  notice?: string;
}

/** The spec's text when a parcel has no zoning (no district covers it and its record has none). */
export const noZoningText = 'No Zoning Data Available';
const zoningFields = ['zoning', 'zoning_description', 'zoning_type', 'zoning_subtype'];

export function isEmptyValue(value: FieldValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function hasValue(parcel: ParcelEntity, name: string): boolean {
  if (name === 'mailadd' && parcel.formatted_addresses?.mailing) return true;
  return !isEmptyValue(parcel.fields?.[name]);
}

/** The groups and rows to show; `emptyCount` says how many empty rows "Show empty fields" would add. */
export function paneGroups(
  parcel: ParcelEntity,
  prefs: ParcelDetailPreferences | undefined,
  showEmpty: boolean,
): { groups: PaneGroup[]; emptyCount: number } {
  let emptyCount = 0;
  const listed = new Set<string>();
  const groups: PaneGroup[] = [];
  for (const group of parcel.groups ?? []) {
    const rows: PaneGroup['rows'] = [];
    for (const name of group.fields) {
      listed.add(name);
      if (mailingParts.has(name) || isHidden(prefs, name)) continue;
      if (parcel.premium_field_metadata?.[name]?.locked) rows.push({ name, kind: 'locked' });
      else if (hasValue(parcel, name)) rows.push({ name, kind: 'value' });
      else if (showEmpty) rows.push({ name, kind: 'value' });
      else emptyCount++;
    }
    const noZoning = group.id === 'zoning' && zoningFields.every((name) => !hasValue(parcel, name));
    if (noZoning) groups.push({ id: group.id, title: group.title, rows, notice: noZoningText });
    else if (rows.length > 0) groups.push({ id: group.id, title: group.title, rows });
  }
  // Add-on fields the user chose that this record does not carry (Enhanced Owner): locked, as an add-on.
  const addOns = additionalItems(prefs).filter(
    (name) => !listed.has(name) && !isHidden(prefs, name) && parcel.key?.[name],
  );
  if (addOns.length > 0)
    groups.push({ id: 'add-ons', title: 'Add-ons', rows: addOns.map((name) => ({ name, kind: 'addon' as const })) });
  return { groups, emptyCount };
}
