// Plan limits of projects and focus areas (map.md section 9), read from the plans file that the plans
// page shows (Pro 5 projects and 5 focus areas, Team unlimited; null there is unlimited). Admins are
// unlimited. Starter (free) users and anonymous visitors cannot save maps: the viewer's upsell check
// "save-map" sends them to Pro.
import type { Level } from '@parcel-map/contracts/levels';
import { planLimit } from './plans.ts';

export const projectLimits: Record<Level, { projects: number; focusAreas: number }> = {
  anonymous: { projects: 0, focusAreas: 0 },
  free: { projects: 0, focusAreas: 0 },
  pro: { projects: planLimit('level1', 'projects'), focusAreas: planLimit('level1', 'focus_areas') },
  team: { projects: planLimit('team_flex', 'projects'), focusAreas: planLimit('team_flex', 'focus_areas') },
  admin: { projects: Infinity, focusAreas: Infinity },
};

/** Focus areas must be smaller than 80 square miles (map.md section 5). */
export const maxFocusAreaSquareMiles = 80;
export const focusAreaTooLarge = 'Focus Area is too large. Please select an area smaller than 80 square miles.';
