// Who is metered for property images (spec 6): anonymous visitors and Starter (free) users get a
// lifetime allowance, then are told to register or upgrade; Pro, Team and admins are unlimited.
import type { Level } from '@parcel-map/contracts/levels';
import type { ImageNeed } from '@parcel-map/contracts/workspace/imagery';

export function imageAllowance(level: Level, free: number): { total: number; need: ImageNeed } | undefined {
  if (level === 'anonymous') return { total: free, need: 'register' };
  if (level === 'free') return { total: free, need: 'upgrade' };
  return undefined;
}
