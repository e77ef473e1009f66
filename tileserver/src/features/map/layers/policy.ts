// Who reads what of the map layers: pure functions of the Caller, table-tested. The standardized
// zoning type is a catalog field (its tier decides); 3D terrain and the style's site-control layers
// are site control (Pro, Team, admins), as the viewer's Tools panel gates them.
import type { Caller } from '../../../auth/caller.ts';
import { isPaid, type Level } from '@parcel-map/contracts/levels';
import { maySeeField } from '../parcels/policy.ts';

/** Whether the caller may read the standardized zoning fields (the catalog's tier of zoning_type). */
export function seesZoningTypes(caller: Caller): boolean {
  return maySeeField(caller.level, 'zoning_type');
}

/** Whether the level has site control: the terrain URL and the style's site-control layers. */
export function hasSiteControl(level: Level): boolean {
  return isPaid(level);
}
