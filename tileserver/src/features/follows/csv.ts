// CSV of /profile/bookmarks.csv (RFC 4180): every field quoted, quotes doubled, CRLF line ends.
// Text from the county (address, owner, parcel number) that begins like a spreadsheet formula gets a
// leading apostrophe, so opening the file in a spreadsheet never runs it.

export const bookmarkCsvHeader = ['path', 'address', 'owner', 'parcelnumb', 'lat', 'lon', 'created_at'] as const;

const formulaStart = /^[=+@\t\r]/;

export function csvField(value: string | number | null | undefined, text = false): string {
  if (value === null || value === undefined) return '""';
  let s = String(value);
  if (text && formulaStart.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export function csvRow(fields: string[]): string {
  return `${fields.join(',')}\r\n`;
}
