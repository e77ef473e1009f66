// How many follows (followed places plus bookmarked parcels, in all) each level may keep. The numbers
// live in the config (FOLLOW_LIMIT_*); Team and admins are unlimited, anonymous visitors cannot follow.
import type { Level } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';

/** The follows a level may keep; undefined = unlimited. */
export function followLimit(config: Config, level: Level): number | undefined {
  switch (level) {
    case 'anonymous':
      return 0;
    case 'free':
      return config.FOLLOW_LIMIT_FREE;
    case 'pro':
      return config.FOLLOW_LIMIT_PRO;
    case 'team':
    case 'admin':
      return undefined;
  }
}
