// Plan limits of projects and focus areas (map.md section 9): Pro 5 projects and 5 focus areas, Team
// and admins unlimited. Starter (free) users and anonymous visitors cannot save maps: the viewer's
// upsell check "save-map" sends them to Pro.
import type { Level } from '../../auth/tokens.ts';

export const projectLimits: Record<Level, { projects: number; focusAreas: number }> = {
  anonymous: { projects: 0, focusAreas: 0 },
  free: { projects: 0, focusAreas: 0 },
  pro: { projects: 5, focusAreas: 5 },
  team: { projects: Infinity, focusAreas: Infinity },
  admin: { projects: Infinity, focusAreas: Infinity },
};

/** Focus areas must be smaller than 80 square miles (map.md section 5). */
export const maxFocusAreaSquareMiles = 80;
export const focusAreaTooLarge = 'Focus Area is too large. Please select an area smaller than 80 square miles.';
export const deleteProjectConfirmation = 'Are you sure you want to delete this project? You may lose exports that have not expired.';
