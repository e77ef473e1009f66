// The one spreadsheet-formula guard of every CSV the product writes (OWASP "CSV injection"): a text
// cell starting with = + - @, a tab or a carriage return gets a leading apostrophe, so a spreadsheet
// shows it as text instead of running it. GDAL csv exports apply the same rule in SQL (csv_safe in
// sql/functions/csv-safe.sql).

const formulaStart = /^[=+\-@\t\r]/;

export function spreadsheetSafe(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}
