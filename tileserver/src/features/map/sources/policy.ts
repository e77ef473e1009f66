// Who may read what a source definition names: fields beyond the caller's tier (tiles, filters, style
// rules) and the owner highlight (query.owner, Pro like the viewer's button) are refused with 403 JSON;
// so are buildings sources below Pro and zoning sources that read the standardized type.
// Sources, their tiles and export selections all ask here, so a locked field is locked everywhere.
import type { Caller } from '../../../auth/caller.ts';
import { canSeeTier, isPaid, unlockPlan, type Level } from '@parcel-map/contracts/levels';
import { ApiError } from '../../../errors.ts';
import type { SurveyAccess } from '../../workspace/surveys/policy.ts';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import { referencedFields, type SourceDefinition } from '@parcel-map/contracts/map/source-definition';
import {
  layerOf,
  readsZoningType,
  type LayerSourceDefinition,
} from '@parcel-map/contracts/map/layer-source-definition';
import { seesZoningTypes } from '../layers/policy.ts';

export const ownerHighlightMessage =
  'Owner highlights (query.owner) are available to Pro customers. Upgrade to Pro to use them.';

/** 403 naming every field the level may not read, and the plan that unlocks them. */
export function assertFieldsAllowed(level: Level, fields: readonly string[]): void {
  const locked = fields
    .map((name) => parcelFieldsByName.get(name))
    .filter((f) => f !== undefined && !canSeeTier(level, f.tier));
  if (locked.length === 0) return;
  const plans = [...new Set(locked.map((f) => unlockPlan(f!.tier)))].join(' or ');
  throw new ApiError(
    'FORBIDDEN',
    `Your plan cannot read ${locked.map((f) => f!.name).join(', ')}; these fields need ${plans}`,
    {
      fields: locked.map((f) => f!.name),
    },
  );
}

/** Every field the definition reads, and the owner highlight, checked against the caller's level. */
export function assertDefinitionAllowed(caller: Caller, definition: SourceDefinition): void {
  assertFieldsAllowed(caller.level, referencedFields(definition));
  if (definition.query.owner !== undefined && !isPaid(caller.level)) {
    throw new ApiError('FORBIDDEN', ownerHighlightMessage, { upgrade: '/plans#p=level1' });
  }
}

export const respondentGuestMessage =
  "A share-link guest cannot use @user_id (who answered the survey): respondents are shown to the account's members only. Style by @status instead.";

/**
 * A survey's readers by share link see its answers, never its respondents (the survey policy keeps
 * posts, csv and photos from them), so a rule on @user_id, which would tell who surveyed each parcel,
 * is refused to them: at POST, and when a member's stored source is read through a share link.
 */
export function assertSurveyFieldsAllowed(access: SurveyAccess, definition: SourceDefinition): void {
  if (access !== 'guest') return;
  if (definition.styles.some((r) => r.field === '@user_id'))
    throw new ApiError('FORBIDDEN', respondentGuestMessage, { fields: ['@user_id'] });
}

/** Whether some callers may not read this definition's tiles: Pro/Team fields, an owner highlight, or a survey's posts. */
export function entitledOnly(definition: SourceDefinition): boolean {
  if (definition.query.survey !== undefined || definition.query.owner !== undefined) return true;
  return referencedFields(definition).some((name) => {
    const field = parcelFieldsByName.get(name);
    return field !== undefined && !canSeeTier('anonymous', field.tier);
  });
}

/** Purging a source's cached tiles is the admin token's (or an admin's) alone: 403 for anyone else. */
export function assertMayPurgeSourceCache(caller: Caller): void {
  if (caller.level !== 'admin') throw new ApiError('FORBIDDEN', 'Purging a source cache needs the admin token');
}

/** Admins list and create sources without an owner's limits: every stored source, no daily quota. */
export function seesEverySource(caller: Caller): boolean {
  return caller.level === 'admin';
}

export const buildingsSourceMessage = 'Building sources are available to Pro customers. Upgrade to Pro to use them.';
export const zoningTypeSourceMessage =
  'The standardized zoning type (zoning_type) is available to Pro customers. Upgrade to Pro to filter or colour by it.';

/** Buildings sources are paid (as the buildings layer); a zoning source may read zoning_type only for callers who see it. */
export function assertLayerDefinitionAllowed(caller: Caller, definition: LayerSourceDefinition): void {
  if (layerOf(definition) === 'buildings' && !isPaid(caller.level))
    throw new ApiError('FORBIDDEN', buildingsSourceMessage, { upgrade: '/plans#p=level1' });
  if (readsZoningType(definition) && !seesZoningTypes(caller))
    throw new ApiError('FORBIDDEN', zoningTypeSourceMessage, { fields: ['zoning_type'], upgrade: '/plans#p=level1' });
}
