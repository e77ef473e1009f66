// What other features may ask of surveys: whether a caller may see one (the sources API checks this
// before a style rule reads a survey's @status; a guest passes the project's share token), and the
// layer whose version its posts bump.
import type { Caller } from '../../auth/caller.ts';
import type { Sql } from '../../db/client.ts';
import { projectSharedWith } from '../projects/service.ts';
import { canReadSurvey } from './policy.ts';
import { surveyById } from './queries.ts';
import { shareToken } from './schema.ts';

export const surveyLayer = (surveyId: number) => `survey:${surveyId}`;

export async function surveyVisibleTo(sql: Sql, caller: Caller, surveyId: number, share?: string): Promise<boolean> {
  const survey = await surveyById(sql, surveyId);
  if (!survey) return false;
  // A malformed token cannot be any project's link: not visible, like a wrong one.
  return canReadSurvey(caller, survey) || (shareToken.safeParse(share).success && projectSharedWith(sql, survey.project_id, share));
}
