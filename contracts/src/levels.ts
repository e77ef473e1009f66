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

export function canSeeTier(level: Level, tier: FieldTier): boolean {
  return tiersByLevel[level].includes(tier);
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
