// Who may use the parcel API and with which fields: pure functions of the Caller and the account's
// API standing, table-tested. The admin token reads everything everywhere; a group reads with its API
// plan (standard schema: the Pro fields, premium: the Team fields; a sandbox only in its counties);
// anyone else is refused before anything they asked is looked at. The Standardized Zoning fields
// (the plans file's add-on: zoning_type, zoning_subtype, zoning_id, zoning_code_link) go only to plans
// whose `standardized_zoning` is "Yes" (Enterprise) and to the admin token: the sandbox and Standard say
// "No", Premium says "Add-on", and nothing grants an account the add-on today, so Premium reads without
// them until an add-on purchase exists (N5).
import type { Caller } from '../../../auth/caller.ts';
import type { Level } from '@parcel-map/contracts/levels';
import { ApiError } from '../../../errors.ts';
import type { Standing } from '../../commerce/api-plans/standing.ts';
import { addOnFieldNames } from '../parcels/field-catalog.ts';
import { fieldAccess } from '../parcels/policy.ts';

export const needsApiPlan =
  'The parcel API is for API plans: start a free sandbox or choose a plan at /plans, then send your API token (Authorization: Bearer <token> or ?token=).';

export interface Access {
  level: Level;
  counties: readonly string[] | null;
  groupId: number | null;
  recordsLeft: number;
  /** Whether the plan includes the Standardized Zoning fields (plans.json `standardized_zoning`). */
  standardizedZoning: boolean;
}

/** The Standardized Zoning add-on's fields (the field catalogue's list). */
export const standardizedZoningFields: ReadonlySet<string> = new Set(addOnFieldNames.zoning);

const visibleByLevel = new Map<Level, string[]>(
  (['pro', 'team', 'admin'] as const).map((level) => [level, fieldAccess(level).visible.map((f) => f.name)]),
);

/**
 * The first check of every parcel API request: the admin's access (not acting for a group), the
 * group whose API standing decides, or a refusal (401 anonymous, 403 without a group).
 */
export function apiCaller(caller: Caller): { access: Access } | { groupId: number } {
  if (caller.level === 'admin' && !caller.group)
    return {
      access: { level: 'admin', counties: null, groupId: null, recordsLeft: Infinity, standardizedZoning: true },
    };
  if (caller.via === 'anonymous') throw new ApiError('UNAUTHORIZED', needsApiPlan);
  if (!caller.group) throw new ApiError('FORBIDDEN', needsApiPlan, { upgrade: '/plans' });
  return { groupId: caller.group.id };
}

/** A group's access from its API standing; 403 without an API plan. */
export const tilesOnlyPlan =
  'Your API plan includes vector tiles only: parcel records need the Standard or Premium API plan.';

export function accessOfStanding(
  groupId: number,
  standing: Pick<Standing, 'plan' | 'row' | 'recordsLeft'> | undefined,
): Access {
  if (!standing) throw new ApiError('FORBIDDEN', needsApiPlan, { upgrade: '/plans' });
  // A tiles-only plan (api_tiles) draws parcels through the tile routes and never reads records.
  if (standing.plan.tiles_only)
    throw new ApiError('FORBIDDEN', tilesOnlyPlan, { plan: standing.row.plan, upgrade: '/plans' });
  return {
    level: standing.plan.limits.schema === 'premium' ? 'team' : 'pro',
    counties: standing.plan.sandbox ? standing.row.counties : null,
    groupId,
    recordsLeft: standing.recordsLeft,
    // "Yes" only: "Add-on" is an add-on nothing sells yet, "No" is no.
    standardizedZoning: standing.plan.properties.standardized_zoning === 'Yes',
  };
}

/** What decides a caller's fields: the schema level and whether the plan has Standardized Zoning. */
export type FieldScope = Pick<Access, 'level' | 'standardizedZoning'>;

/** The fields an access reads (and may filter on). */
export function apiFields(scope: FieldScope): string[] {
  const all = visibleByLevel.get(scope.level)!;
  return scope.standardizedZoning ? all : all.filter((name) => !standardizedZoningFields.has(name));
}

/** 400 naming every filter field outside the plan's schema. */
export function assertFiltersAllowed(scope: FieldScope, names: readonly string[]): void {
  const allowed = new Set(apiFields(scope));
  const refused = names.filter((name) => !allowed.has(name));
  if (refused.length)
    throw new ApiError('BAD_REQUEST', `Fields not in your plan's schema: ${refused.join(', ')}`, { fields: refused });
}
