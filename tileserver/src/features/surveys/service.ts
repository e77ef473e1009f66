// What other features may ask of surveys: whether a caller may see one (the sources API checks this
// before a style rule reads a survey's @status), and the layer whose version its posts bump.
import type { Caller } from '../../auth/caller.ts';
import type { Sql } from '../../db/client.ts';
import { canReadSurvey } from './policy.ts';
import { surveyById } from './queries.ts';

export const surveyLayer = (surveyId: number) => `survey:${surveyId}`;

export async function surveyVisibleTo(sql: Sql, caller: Caller, surveyId: number): Promise<boolean> {
  const survey = await surveyById(sql, surveyId);
  return survey !== undefined && canReadSurvey(caller, survey);
}
