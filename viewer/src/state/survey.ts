// The survey whose posts style rules read (@status, @user_id): set by the surveys panel when a project
// opens or a survey is chosen; apply-style.ts sends it as the source's query.survey. And the signal
// that a survey's posts moved: survey-live.tsx counts the live stream's version changes (the same
// event that recolours the map), and the surveys panel re-reads its post counts when it moves.
import { atom } from 'jotai';

export const styleSurveyAtom = atom<number | null>(null);

/** Bumped on each new version of a survey-styled source after the first (a post, an edit, a reload). */
export const surveyPostsSignalAtom = atom(0);
