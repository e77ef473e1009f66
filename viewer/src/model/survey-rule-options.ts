// The style-rule columns a survey adds (issue 15): the latest post's status per parcel (2 surveyed,
// 1 could not survey) and the surveyor's user id. Rules only: filters stay on parcel columns.
import type { FilterOption } from './style-rules.ts';
import { POST_STATUS } from '@parcel-map/contracts/workspace/surveys';

export const surveyRuleOptions: FilterOption[] = [
  {
    key: '@status',
    label: 'Survey status (@status)',
    range: true,
    checkboxes: [String(POST_STATUS.surveyed), String(POST_STATUS.couldNotSurvey)],
  },
  { key: '@user_id', label: 'Surveyor user id (@user_id)', range: false, checkboxes: null },
];
