// The filter options of the parcel source: which catalog columns are ranges (numeric) and which offer
// a fixed list of checkboxes (low-cardinality code lists from shared/reference/parcel-schema.md).
// The one place these lists live; the viewer's style rules and filters read them through filters.json.
import { canSeeTier, type Level } from '@parcel-map/contracts/levels';
import { parcelFields, type ParcelField } from '@parcel-map/contracts/parcel-fields';
import type { FilterOption } from '@parcel-map/contracts/map/source-filters';

/** Code lists with a fixed set of values (reference: USPS flags, PAD-US, FEMA NRI, Opportunity Zones). */
export const checkboxOptions: Readonly<Record<string, readonly string[]>> = {
  qoz: ['Yes', 'No'],
  rdi: ['Y', 'N'],
  usps_vacancy: ['Y', 'N'],
  dpv_status: ['V', 'N'],
  padus_public_access: ['Open Access', 'Restricted Access', 'Closed', 'Unknown'],
  fema_nri_risk_rating: [
    'Very Low',
    'Relatively Low',
    'Relatively Moderate',
    'Relatively High',
    'Very High',
    'No Rating',
  ],
};

export function optionOf(field: ParcelField): FilterOption {
  const fixed = field.kind === 'boolean' ? ['Yes', 'No'] : checkboxOptions[field.name];
  return {
    key: field.name,
    label: field.label,
    range: field.kind === 'number' || field.kind === 'integer',
    checkboxes: fixed ? [...fixed] : null,
    kind: field.kind,
    group: field.group,
  };
}

/**
 * The options a caller may filter and style by: premium columns are left out for callers without the
 * plan (the sources API would refuse a definition that reads them). Only columns with data in the
 * place are offered when `present` is given.
 */
export function filterOptions(level: Level, present?: ReadonlySet<string>): FilterOption[] {
  return parcelFields
    .filter((f) => canSeeTier(level, f.tier) && (present === undefined || present.has(f.name)))
    .map(optionOf);
}
