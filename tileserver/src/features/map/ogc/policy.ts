// Who may read the OGC API. Its metadata (landing page, conformance, collections, tilesets, tile
// matrix sets) describes the service and is anyone's, so a GIS client can discover it before it has a
// token. Features follow the parcel API's rule (features/map/parcel-api/policy.ts, reused, not
// copied): anonymous callers get 401, callers without an API plan 403, in the one JSON error shape;
// an API plan reads its schema's fields in its counties, each record metered. Tiles pass the tile
// routes' own gate (tiles/tile-gate.ts), so they are exactly as open as /api/v1/parcels. The layer
// collections (zoning, flood, wetlands) are read by their tile layers' rules, items and tiles alike.
import type { Context } from 'hono';
import type { Caller } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import type { TileContext } from '../../../tiles/tile-context.ts';
import type { ApiGate } from '../../commerce/api-plans/standing.ts';
import { accessOfStanding, apiCaller, apiFields, assertFiltersAllowed, type Access } from '../parcel-api/policy.ts';
import type { LayerCollection } from './layers.ts';

export type { Access };
export { apiFields, assertFiltersAllowed };

/** The caller's access to features: the admin's, an API plan's, or a refusal (401/403, then 402/429 by the gate). */
export async function featureAccess(caller: Caller, gate: Pick<ApiGate, 'assert'>): Promise<Access> {
  const who = apiCaller(caller);
  if ('access' in who) return who.access;
  return accessOfStanding(who.groupId, await gate.assert(caller));
}

/**
 * The columns a caller reads of a layer collection, refused as its tile layer refuses: flood and
 * wetlands are site control (anonymous callers 401, so a GIS client knows to send a token; signed-in
 * callers without Pro 403 from the tile source's own check), zoning is anyone's.
 */
export async function layerColumns(
  layer: LayerCollection,
  tiles: TileContext,
  caller: Caller,
  c: Context,
): Promise<readonly string[]> {
  if (layer.siteControl && caller.via === 'anonymous')
    throw new ApiError('UNAUTHORIZED', `The ${layer.id} collection needs a Pro, Team or admin token`);
  await layer.tiles.mayRead(tiles, caller, c);
  return layer.columnsFor(caller);
}

/** Property filters may name only the caller's columns of the layer: 400 naming the others. */
export function assertLayerFilters(columns: readonly string[], names: readonly string[]): void {
  const refused = names.filter((name) => !columns.includes(name));
  if (refused.length)
    throw new ApiError('BAD_REQUEST', `Not a filterable property: ${refused.join(', ')}`, { fields: refused });
}
