// How many follows (followed places plus bookmarked parcels, in all) each level may keep. Pro's and
// Team's numbers come from the plans file (Pro 100, Team unlimited), the same file the plans page shows;
// Free's is configured (FOLLOW_LIMIT_FREE). Admins are unlimited, anonymous visitors cannot follow.
import type { Level } from '@parcel-map/contracts/levels';
import type { Config } from '../../../config.ts';
import { planLimit } from '../../commerce/plans/plans.ts';

/** Infinity (the plans file's null) is unlimited, which the routes and the answers spell undefined. */
const finite = (limit: number): number | undefined => (Number.isFinite(limit) ? limit : undefined);

/** The follows a level may keep; undefined = unlimited. */
export function followLimit(config: Config, level: Level): number | undefined {
  switch (level) {
    case 'anonymous':
      return 0;
    case 'free':
      return config.FOLLOW_LIMIT_FREE;
    case 'pro':
      return finite(planLimit('level1', 'follows'));
    case 'team':
      return finite(planLimit('team_flex', 'follows'));
    case 'admin':
      return undefined;
  }
}
