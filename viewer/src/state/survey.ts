// The survey whose posts style rules read (@status, @user_id): set by the surveys panel when a project
// opens or a survey is chosen; apply-style.ts sends it as the source's query.survey.
import { atom } from 'jotai';

export const styleSurveyAtom = atom<number | null>(null);
