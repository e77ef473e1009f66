// Which message the survey editor shows, in the spec's order (section 4): not signed in (promo,
// read-only), no site control (upgrade), Pro without a project (save a Project first), an existing
// survey without permissions.update (read-only), a new survey (unless the upsell check blocks it).
// A guest of a shared project (another group's) never creates one: with no survey to read, it is told so.
import { surveyTexts, type SurveySource, type SurveyUpsell } from '@parcel-map/contracts/workspace/surveys';

export type Situation =
  | { kind: 'promo'; message: string; readOnly: true }
  | { kind: 'upgrade'; message: string; readOnly: true }
  | { kind: 'no-project'; message: string; readOnly: true }
  | { kind: 'no-permission'; message: string; readOnly: true }
  | { kind: 'shared-empty'; message: string; readOnly: true }
  | { kind: 'blocked'; message: string; hint: string | null; readOnly: true }
  | { kind: 'creating'; message: string; readOnly: false }
  | { kind: 'editing'; message: null; readOnly: false };

export function situationOf(input: {
  signedIn: boolean;
  siteControl: boolean;
  hasProject: boolean;
  active: SurveySource | null;
  upsell: SurveyUpsell | null;
  guest?: boolean;
}): Situation {
  if (!input.signedIn) return { kind: 'promo', message: surveyTexts.promo, readOnly: true };
  if (!input.siteControl) return { kind: 'upgrade', message: surveyTexts.upgrade, readOnly: true };
  if (!input.hasProject) return { kind: 'no-project', message: surveyTexts.saveProjectFirst, readOnly: true };
  if (input.active) {
    return input.active.permissions.update
      ? { kind: 'editing', message: null, readOnly: false }
      : { kind: 'no-permission', message: surveyTexts.noPermission, readOnly: true };
  }
  if (input.guest) return { kind: 'shared-empty', message: surveyTexts.sharedEmpty, readOnly: true };
  if (input.upsell?.blocked) {
    const hint = input.upsell.upgrade_plan ? `Upgrade to ${input.upsell.upgrade_plan} to create more surveys.` : null;
    return {
      kind: 'blocked',
      message: input.upsell.message ?? surveyTexts.upgrade,
      hint: input.upsell.reason === 'limit' ? hint : null,
      readOnly: true,
    };
  }
  return { kind: 'creating', message: surveyTexts.creating, readOnly: false };
}
