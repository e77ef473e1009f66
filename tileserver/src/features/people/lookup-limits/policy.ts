// How many parcel records each level may open per UTC day, and where the limit banner sends each
// level to raise it (map.md section 6): anonymous to sign-up, free to Pro, Pro to Team, Team to support.
import type { Level } from '@parcel-map/contracts/levels';
import type { Config } from '../../../config.ts';

import type { Need } from '@parcel-map/contracts/people/lookup-limits';

/** Daily lookups of a level; undefined = not metered (admins). */
export function dailyLookups(config: Config, level: Level): number | undefined {
  switch (level) {
    case 'anonymous':
      return config.LOOKUP_LIMIT_ANON;
    case 'free':
      return config.LOOKUP_LIMIT_FREE;
    case 'pro':
      return config.LOOKUP_LIMIT_PRO;
    case 'team':
      return config.LOOKUP_LIMIT_TEAM;
    case 'admin':
      return undefined;
  }
}

export function upgradeNeed(level: Level): Need {
  return ({ anonymous: 'sign_up', free: 'pro', pro: 'team', team: 'support', admin: null } as const)[level];
}

/**
 * Anonymous visitors are counted by their signed cookie and, so that clearing cookies does not reset
 * the count, by their address with room for several people behind one NAT.
 */
export const visitorsPerAddress = 4;
