// A saved survey's results: the surveyor's form (for the selected parcel), the posts as csv, and the
// map coloured by the latest post's @status per parcel (surveyed green, could not survey grey). A
// guest of a shared project sees the count and the colouring only: the form and the csv (which names
// respondents) are for the project's group.
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { apiUrl } from '../../api/client.ts';
import { selectedPathAtom } from '../../state/selection.ts';
import { showAlertAtom } from '../../state/ui.ts';
import { POST_STATUS } from '@parcel-map/contracts/workspace/surveys';
import { applyStyleAtom } from '../style-rules/apply-style.ts';
import { defaultBaseStyle, newRule } from '../../model/style-rules.ts';
import { surveyFormHref, type SurveySource } from './api.ts';

export const statusRules = () => [
  {
    ...newRule('#22aa22cc', '#116611ff'),
    field: '@status',
    predicate: 'is' as const,
    value: String(POST_STATUS.surveyed),
  },
  {
    ...newRule('#999999cc', '#555555ff'),
    field: '@status',
    predicate: 'is' as const,
    value: String(POST_STATUS.couldNotSurvey),
  },
];

export function SurveyResults({ survey, guest = false }: { survey: SurveySource; guest?: boolean }) {
  const parcel = useAtomValue(selectedPathAtom);
  const apply = useSetAtom(applyStyleAtom);
  const alert = useSetAtom(showAlertAtom);
  const [busy, setBusy] = useState(false);
  const colour = async () => {
    setBusy(true);
    try {
      await apply({ rules: statusRules(), base: defaultBaseStyle });
    } catch (error) {
      alert({ text: `Could not colour the map: ${(error as Error).message}`, kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="survey-results" data-testid="survey-results">
      <p className="small muted" data-testid="survey-post-count">
        {survey.count} {survey.count === 1 ? 'post' : 'posts'}
      </p>
      <div className="survey-result-links">
        {!guest && (
          <>
            <a
              className="button"
              data-testid="survey-form-link"
              href={surveyFormHref(survey.id, parcel)}
              target="_blank"
              rel="noreferrer"
            >
              {parcel ? 'Survey the selected parcel' : 'Open the surveyor form'}
            </a>
            <a className="button" data-testid="survey-csv" href={apiUrl(`/surveys/${survey.id}/posts.csv`)} download>
              Download posts (csv)
            </a>
          </>
        )}
        <button
          type="button"
          className="button"
          data-testid="survey-colour"
          disabled={busy}
          onClick={() => void colour()}
        >
          Colour the map by status
        </button>
      </div>
    </div>
  );
}
