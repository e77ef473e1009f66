// What other features may ask of surveys: how a caller may see one (the sources API checks this
// before a style rule reads a survey's @status; a guest passes the project's share token and may not
// read respondents, @user_id), and the layer whose version its posts bump.
import type { Caller } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { projectSharedWith } from '../projects/service.ts';
import { surveyAccess, type SurveyAccess } from './policy.ts';
import { surveyById } from './queries.ts';
import { shareToken } from '@parcel-map/contracts/workspace/surveys';

export const surveyLayer = (surveyId: number) => `survey:${surveyId}`;

/** 'member' (reads everything a member reads), 'guest' (through the project's share link: no respondents) or 'none'. */
export async function surveyAccessFor(
  sql: Sql,
  caller: Caller,
  surveyId: number,
  share?: string,
): Promise<SurveyAccess> {
  const survey = await surveyById(sql, surveyId);
  if (!survey) return 'none';
  if (surveyAccess(caller, survey, false) === 'member') return 'member';
  // A malformed token cannot be any project's link: not visible, like a wrong one.
  const shared = shareToken.safeParse(share).success && (await projectSharedWith(sql, survey.project_id, share));
  return shared ? 'guest' : 'none';
}
