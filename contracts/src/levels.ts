// Levels and what each may see. Until accounts exist there are two tokens (resolved in caller.ts):
// the built-in anonymous one (free level) and the configured admin token (everything).
// The server decides what each level may see; clients never do.
import type { FieldTier } from './parcel-fields.ts';

export type Level = 'anonymous' | 'free' | 'pro' | 'team' | 'admin';

const tiersByLevel: Record<Level, readonly FieldTier[]> = {
  anonymous: ['free'],
  free: ['free'],
  pro: ['free', 'pro'],
  team: ['free', 'pro', 'team'],
  admin: ['free', 'pro', 'team'],
};

/** Full use of a tier's fields: values in the parcel pane, exports, filters and style rules, the API,
 * follows. Premium (team-tier) fields are full on Team only (spec: "view-only on Pro, full on Team"). */
export function canSeeTier(level: Level, tier: FieldTier): boolean {
  return tiersByLevel[level].includes(tier);
}

// What each level may read in the parcel pane: Pro also views the premium (team-tier) fields there.
const viewTiersByLevel: Record<Level, readonly FieldTier[]> = { ...tiersByLevel, pro: ['free', 'pro', 'team'] };

/** Reading a tier's values in the parcel pane only: a superset of canSeeTier (Pro views team fields). */
export function canViewTier(level: Level, tier: FieldTier): boolean {
  return viewTiersByLevel[level].includes(tier);
}

/** Viewed but not fully usable: shown in the pane, refused to exports, filters, style rules and the API. */
export function isViewOnly(level: Level, tier: FieldTier): boolean {
  return canViewTier(level, tier) && !canSeeTier(level, tier);
}

export function isPaid(level: Level): boolean {
  return level === 'pro' || level === 'team' || level === 'admin';
}

/** The plan a locked field needs, for "Unlock with Pro" / "Unlock with Team". */
export function unlockPlan(tier: FieldTier): 'Pro' | 'Team' | undefined {
  if (tier === 'pro') return 'Pro';
  if (tier === 'team') return 'Team';
  return undefined;
}
