// A survey's posts as csv: post columns, one column per question (its short column name), then the
// parcel's fields. Text cells go through the one spreadsheet-formula guard.
import { spreadsheetSafe } from '../../../http/csv.ts';
import type { ExportRow, SurveyRow } from './queries.ts';
import { POST_STATUS } from '@parcel-map/contracts/workspace/surveys';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'string' ? spreadsheetSafe(value) : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const statusLabel = (status: number) =>
  status === POST_STATUS.surveyed
    ? 'surveyed'
    : status === POST_STATUS.couldNotSurvey
      ? 'could not survey'
      : String(status);

export function postsCsv(
  survey: Pick<SurveyRow, 'id' | 'questions'>,
  rows: ExportRow[],
  parcelFields = ['parcelnumb', 'address', 'owner', 'usedesc', 'lat', 'lon'],
): string {
  const header = [
    'post_id',
    'parcel_path',
    'created_at',
    'user_id',
    'user_name',
    'status',
    'status_label',
    'photo',
    ...survey.questions.map((q) => q.column),
    ...parcelFields,
  ];
  const lines = [header.map(cell).join(',')];
  for (const row of rows) {
    const photo = row.photo ? `/surveys/${survey.id}/posts/${row.id}/photo` : '';
    lines.push(
      [
        row.id,
        row.parcel_path,
        row.created_at,
        row.user_id,
        row.user_name,
        row.status,
        statusLabel(row.status),
        photo,
        ...survey.questions.map((q) => row.answers[q.id]),
        ...parcelFields.map((f) => row.parcel?.[f]),
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
