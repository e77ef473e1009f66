// Which catalog fields a caller sees, which are listed locked, and the fixed details-pane groups. The
// server decides; locked values never leave the database query (see queries.ts). Two scopes: full use
// (`fieldAccess`: exports, the API, filters) and the parcel pane (`paneFieldAccess`), where Pro also
// views the premium fields ("view-only on Pro, full on Team").
import { canSeeTier, canViewTier, isViewOnly, unlockPlan, type Level } from '@parcel-map/contracts/levels';
import { parcelFields, type FieldGroup, type FieldTier, type ParcelField } from '@parcel-map/contracts/parcel-fields';
import type { PremiumMeta } from '@parcel-map/contracts/map/parcels';
import type { Country } from '../places/context-path.ts';

export const fieldGroups: readonly { id: FieldGroup; title: string }[] = [
  { id: 'parcel', title: 'Parcel Details' },
  { id: 'owner', title: 'Owner Information' },
  { id: 'sales', title: 'Property Sales & Value' },
  { id: 'zoning', title: 'Zoning, Land Use & Vacancy' },
  { id: 'structure', title: 'Structure Details' },
  { id: 'demographics', title: 'Area Demographics' },
  { id: 'geographic', title: 'Geographic Information' },
  { id: 'risk', title: 'Risk Factors' },
  { id: 'matching', title: 'Dataset Matching' },
];

export interface FieldAccess {
  /** Fields whose values the caller receives (nulls included). */
  visible: ParcelField[];
  /** Premium fields the caller may not see; their values are never selected. */
  locked: ParcelField[];
}

function split(can: (tier: FieldTier) => boolean): FieldAccess {
  const visible: ParcelField[] = [];
  const locked: ParcelField[] = [];
  for (const field of parcelFields) (can(field.tier) ? visible : locked).push(field);
  return { visible, locked };
}

/** Fields the caller may use in full: exports, the parcel API, filters, style rules. */
export function fieldAccess(level: Level): FieldAccess {
  return split((tier) => canSeeTier(level, tier));
}

/** Fields whose values the parcel pane shows: full-use fields and the view-only ones. */
export function paneFieldAccess(level: Level): FieldAccess {
  return split((tier) => canViewTier(level, tier));
}

export function premiumMeta(field: ParcelField, level: Level): PremiumMeta | undefined {
  if (field.tier === 'free') return undefined;
  return {
    tier: field.tier,
    locked: !canViewTier(level, field.tier),
    view_only: isViewOnly(level, field.tier),
    unlock: `Unlock with ${unlockPlan(field.tier)!}`,
  };
}

/**
 * The fields listed on a parcel: every visible field, and the locked ones to show as locked. The spec
 * shows US parcels' premium fields locked even without data; elsewhere only locked fields that have
 * data are listed (a Canadian parcel should not advertise US-only premium data it lacks).
 */
export function listedFields(access: FieldAccess, country: Country, lockedWithData: ReadonlySet<string>): Set<string> {
  const listed = new Set(access.visible.map((f) => f.name));
  for (const field of access.locked) if (country === 'us' || lockedWithData.has(field.name)) listed.add(field.name);
  return listed;
}
