// Who may do what with surveys, as pure functions of the Caller and the survey (spec 6): site control
// (Pro, Team) is needed to build one; a group's managers create surveys and edit them, as does the
// member who created one; every member of the owning group reads a survey and posts answers to it;
// a guest holding the project's current share link reads its surveys (never edits, posts or reads
// the posts' csv and photos, which name respondents); admins do everything; anyone else gets 404.
import type { Caller } from '../../../auth/caller.ts';
import { surveyTexts, type SurveyUpsell } from '@parcel-map/contracts/workspace/surveys';

export interface SurveyOwner {
  group_id: number;
  created_by: number | null;
}

const hasSiteControl = (caller: Caller) =>
  caller.level === 'pro' || caller.level === 'team' || caller.level === 'admin';
const isAdminSession = (caller: Caller) => caller.level === 'admin' && caller.via === 'session';

/** Reading a survey and posting answers: members of the owning group (a browser session) and admins. */
export function canReadSurvey(caller: Caller, survey: SurveyOwner): boolean {
  if (isAdminSession(caller)) return true;
  return caller.via === 'session' && caller.group?.id === survey.group_id;
}

/**
 * 'member': reads, posts, and edits by canEditSurvey; 'guest': reads the survey source only (the
 * caller holds the share link of the survey's project, checked by the route on each request).
 */
export type SurveyAccess = 'none' | 'guest' | 'member';

export function surveyAccess(caller: Caller, survey: SurveyOwner, sharedWithCaller: boolean): SurveyAccess {
  if (canReadSurvey(caller, survey)) return 'member';
  return sharedWithCaller ? 'guest' : 'none';
}

/** permissions.update of a survey source. */
export function canEditSurvey(caller: Caller, survey: SurveyOwner): boolean {
  if (isAdminSession(caller)) return true;
  if (!canReadSurvey(caller, survey) || !hasSiteControl(caller)) return false;
  return caller.group?.role === 'manager' || (caller.user !== undefined && survey.created_by === caller.user.id);
}

/**
 * The upsell check before a new survey (spec 4): a member-reason block, or a limit-reason block with
 * an upgrade-to-plan hint. `count` is how many surveys the caller's group has; `limit` its plan's cap.
 */
export function surveyUpsell(caller: Caller, count: number, limit: number | null): SurveyUpsell {
  if (isAdminSession(caller)) return { blocked: false, reason: null, message: null, upgrade_plan: null };
  if (caller.via !== 'session' || !caller.group || !hasSiteControl(caller)) {
    return { blocked: true, reason: 'level', message: surveyTexts.upgrade, upgrade_plan: 'Pro' };
  }
  if (caller.group.role !== 'manager')
    return { blocked: true, reason: 'member', message: surveyTexts.memberReason, upgrade_plan: null };
  if (limit !== null && count >= limit) {
    return { blocked: true, reason: 'limit', message: `Your plan includes ${limit} surveys.`, upgrade_plan: 'Team' };
  }
  return { blocked: false, reason: null, message: null, upgrade_plan: null };
}
