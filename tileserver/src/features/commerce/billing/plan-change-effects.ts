// What a plan change takes away (accounts-billing.md section 8: "members who lose access, projects
// removed, datasets removed"): members beyond the new seats (managers stay first), projects beyond the
// new limit (the least recently updated go), and the datasets: the surveys inside those projects, the
// newest focus areas past the new limit, and each remaining member's newest follows past it. Listed by
// the check and removed, in the same transaction as the change, by the confirm. deprecatedApi: the
// account has API access (api_combo) that the new plan cannot carry (Starter). A change to Starter
// takes effect at the end of the period: the renewal run then applies the same effects (endOnStarter),
// as the account stands at that moment.
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { membersPastSeats, removeMembersPastSeats } from '../../people/groups/service.ts';
import { followsPastLimit, removeFollowsPastLimit } from '../../workspace/follows/service.ts';
import {
  focusAreasPastLimit,
  projectsPastLimit,
  removeFocusAreasPastLimit,
  removeProjectsPastLimit,
  surveysInProjects,
} from '../../workspace/projects/service.ts';
import { planById, planLimit, type Plan } from '../plans/plans.ts';
import { projectLimits } from '../plans/project-limits.ts';

/** The one setting the effects read: Starter's follow limit is configured, not in the plans file. */
type LimitConfig = Pick<Config, 'FOLLOW_LIMIT_FREE'>;

export type SourceType = 'survey' | 'focus_area' | 'follow';

export interface ChangeEffects {
  users: [string, string, number][];
  maps: [number, string][];
  sources: [number, string, SourceType][];
  deprecatedApi: boolean;
}

export const noEffects = (): ChangeEffects => ({ users: [], maps: [], sources: [], deprecatedApi: false });

/** A plan's limit of `key` (Infinity for unlimited); Starter keeps no projects or focus areas. */
function limitOf(config: LimitConfig, plan: Plan, key: 'projects' | 'focus_areas' | 'follows'): number {
  if (plan.tier === 'free') return key === 'follows' ? config.FOLLOW_LIMIT_FREE : 0;
  if (key === 'projects') return projectLimits[plan.tier].projects;
  return planLimit(plan.plan, key);
}

/** What moving the account to `plan` with `seats` seats takes away. */
export async function changeEffects(
  db: Sql,
  config: LimitConfig,
  a: { groupId: number; plan: Plan; seats: number; apiAccess: string | null },
): Promise<ChangeEffects> {
  const leaving = await membersPastSeats(db, a.groupId, a.plan.tier === 'free' ? 1 : a.seats);
  const leavingIds = new Set(leaving.map((u) => Number(u.user_id)));
  const staying = (await membersPastSeats(db, a.groupId, 0))
    .map((u) => Number(u.user_id))
    .filter((id) => !leavingIds.has(id));
  const projects = limitOf(config, a.plan, 'projects');
  const maps = Number.isFinite(projects) ? await projectsPastLimit(db, a.groupId, projects) : [];
  const surveys = await surveysInProjects(
    db,
    a.groupId,
    maps.map((m) => Number(m.id)),
  );
  const focus = limitOf(config, a.plan, 'focus_areas');
  const areas = Number.isFinite(focus) ? await focusAreasPastLimit(db, a.groupId, focus) : [];
  const follows = limitOf(config, a.plan, 'follows');
  const followed = Number.isFinite(follows) ? await followsPastLimit(db, staying, follows) : [];
  return {
    users: leaving.map((u) => [u.name, u.role, Number(u.user_id)]),
    maps: maps.map((m) => [Number(m.id), m.name]),
    sources: [
      ...surveys.map((s) => [Number(s.id), s.name, 'survey'] as [number, string, SourceType]),
      ...areas.map((f) => [Number(f.id), f.name, 'focus_area'] as [number, string, SourceType]),
      ...followed.map((f) => [Number(f.id), f.path, 'follow'] as [number, string, SourceType]),
    ],
    deprecatedApi: a.apiAccess !== null && a.plan.tier === 'free',
  };
}

/** Removes what the check listed (inside the change's transaction, so a replay finds nothing left to remove). */
export async function applyEffects(db: Sql, groupId: number, effects: ChangeEffects): Promise<void> {
  const leaving = effects.users.map((u) => u[2]);
  if (leaving.length > 0) await removeMembersPastSeats(db, groupId, leaving);
  const maps = effects.maps.map((m) => m[0]);
  if (maps.length > 0) await removeProjectsPastLimit(db, groupId, maps);
  const ofType = (type: SourceType) => effects.sources.filter((s) => s[2] === type).map((s) => s[0]);
  const areas = ofType('focus_area');
  if (areas.length > 0) await removeFocusAreasPastLimit(db, groupId, areas);
  const follows = ofType('follow');
  if (follows.length > 0) {
    const members = (await membersPastSeats(db, groupId, 0)).map((u) => Number(u.user_id));
    await removeFollowsPastLimit(db, members, follows);
  }
}

/**
 * A subscription cancelled for the end of its period ends: what Starter has no room for goes, listed and
 * removed by the same functions as a confirmed change, inside the caller's transaction (the renewal run's,
 * which holds the subscription's row: a second run or worker finds it ended and removes nothing).
 */
export async function endOnStarter(db: Sql, config: LimitConfig, groupId: number): Promise<ChangeEffects> {
  const starter = planById.get('level0');
  if (!starter) throw new Error('The plans file has no Starter plan (level0)');
  const effects = await changeEffects(db, config, { groupId, plan: starter, seats: 1, apiAccess: null });
  await applyEffects(db, groupId, effects);
  return effects;
}
