// "Survey this parcel" in the parcel pane: opens the surveyor's form of the project's chosen survey.
import { useAtomValue } from 'jotai';
import { styleSurveyAtom } from '../../state/survey.ts';
import { surveyFormHref } from './api.ts';

export function SurveyParcelLink({ path }: { path: string }) {
  const survey = useAtomValue(styleSurveyAtom);
  if (survey === null) return null;
  return (
    <a className="small" data-testid="survey-parcel-link" href={surveyFormHref(survey, path)}>
      Survey this parcel
    </a>
  );
}
