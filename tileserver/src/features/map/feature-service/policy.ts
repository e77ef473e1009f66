// Who reads which feature layer with which fields. The feature service is part of the API offer, so
// parcels follow the parcel API's rules exactly (its policy functions, not a copy): the admin token reads
// every field everywhere; a group reads with its API plan (standard: the Pro fields, premium and the
// sandbox: the Team fields, without the Standardized Zoning add-on unless the plan includes it; a sandbox
// only in its counties; every feature returned is a metered record);
// anonymous callers get ArcGIS's 499 "Token Required", unknown tokens 498 "Invalid Token", and signed-in
// or token callers without an API plan (free, Pro and Team site plans alike) 403. The flood and wetland
// layers follow their tile layers: Pro, Team and admins (site control), not metered. Zoning follows its
// tile layer too: district code and name for everyone (anonymous callers included), the standardized
// type and subtype for those the catalogue's tier of zoning_type admits, not metered. The service
// directory (/arcgis/rest/info) is open to everyone so that clients can discover how to authenticate.
import { isPaid } from '@parcel-map/contracts/levels';
import type { Caller } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import type { Standing } from '../../commerce/api-plans/standing.ts';
import { accessOfStanding, apiCaller, apiFields } from '../parcel-api/policy.ts';
import { siteControlLayerMessage } from '../../../tiles/static-sources.ts';
import { seesZoningTypes } from '../layers/policy.ts';
import { parcelLayerFields, type FeatureLayer, type LayerField } from './layers.ts';

export interface LayerAccess {
  fields: LayerField[];
  /** County paths a sandbox reads; null for all. */
  counties: readonly string[] | null;
  /** The group whose records are metered; null when nothing is metered. */
  groupId: number | null;
  /** Records the caller may still read this month (Infinity when unmetered). */
  recordsLeft: number;
}

/** The access of a caller to a layer; `standing` is asked only for a group reading parcels. */
export async function layerAccess(
  layer: FeatureLayer,
  caller: Caller,
  standing: () => Promise<Standing | undefined>,
): Promise<LayerAccess> {
  if (layer.table === 'zoning_districts') {
    const typed = seesZoningTypes(caller) ? (layer.zoningTypeFields ?? []) : [];
    return { fields: [...layer.fields, ...typed], counties: null, groupId: null, recordsLeft: Infinity };
  }
  if (layer.table !== 'parcels') {
    if (caller.via === 'anonymous') throw new ApiError('UNAUTHORIZED', 'Token Required');
    if (!isPaid(caller.level)) throw new ApiError('FORBIDDEN', siteControlLayerMessage, { upgrade: '/plans#p=level1' });
    return { fields: [...layer.fields], counties: null, groupId: null, recordsLeft: Infinity };
  }
  const who = apiCaller(caller);
  const access = 'access' in who ? who.access : accessOfStanding(who.groupId, await standing());
  return {
    fields: parcelLayerFields(apiFields(access)),
    counties: access.counties,
    groupId: access.groupId,
    recordsLeft: access.recordsLeft,
  };
}
