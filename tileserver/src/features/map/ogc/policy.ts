// Who may read the OGC API. Its metadata (landing page, conformance, collections, tilesets, tile
// matrix sets) describes the service and is anyone's, so a GIS client can discover it before it has a
// token. Features follow the parcel API's rule (features/map/parcel-api/policy.ts, reused, not
// copied): anonymous callers get 401, callers without an API plan 403, in the one JSON error shape;
// an API plan reads its schema's fields in its counties, each record metered. Tiles pass the tile
// routes' own gate (tiles/tile-gate.ts), so they are exactly as open as /api/v1/parcels.
import type { Caller } from '../../../auth/caller.ts';
import type { ApiGate } from '../../commerce/api-plans/standing.ts';
import { accessOfStanding, apiCaller, apiFields, assertFiltersAllowed, type Access } from '../parcel-api/policy.ts';

export type { Access };
export { apiFields, assertFiltersAllowed };

/** The caller's access to features: the admin's, an API plan's, or a refusal (401/403, then 402/429 by the gate). */
export async function featureAccess(caller: Caller, gate: Pick<ApiGate, 'assert'>): Promise<Access> {
  const who = apiCaller(caller);
  if ('access' in who) return who.access;
  return accessOfStanding(who.groupId, await gate.assert(caller));
}
