// CSV of /profile/bookmarks.csv (RFC 4180): every field quoted, quotes doubled, CRLF line ends.
// Text from the county (address, owner, parcel number) goes through the one spreadsheet-formula guard.
import { spreadsheetSafe } from '../../../http/csv.ts';

export const bookmarkCsvHeader = ['path', 'address', 'owner', 'parcelnumb', 'lat', 'lon', 'created_at'] as const;

export function csvField(value: string | number | null | undefined, text = false): string {
  if (value === null || value === undefined) return '""';
  const s = text ? spreadsheetSafe(String(value)) : String(value);
  return `"${s.replace(/"/g, '""')}"`;
}

export function csvRow(fields: string[]): string {
  return `${fields.join(',')}\r\n`;
}
