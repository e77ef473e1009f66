import { describe, expect, it } from 'vitest';
import { csvField } from '../features/workspace/follows/csv.ts';
import { postsCsv } from '../features/workspace/surveys/csv.ts';
import { spreadsheetSafe } from './csv.ts';

const formulas = [
  '=HYPERLINK("http://evil.example","x")',
  '+1+1',
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(A1)',
  '\t=1',
  '\r=1',
];

describe('the spreadsheet-formula guard of every CSV', () => {
  it('L8: every CSV writer guards text starting with = + - @, a tab or a carriage return (bookmarks and survey posts alike)', () => {
    for (const text of formulas) {
      expect(spreadsheetSafe(text)).toBe(`'${text}`);
      expect(csvField(text, true)).toBe(`"'${text.replace(/"/g, '""')}"`);
      const csv = postsCsv(
        { id: 1, questions: [] },
        [
          {
            id: 1,
            parcel_path: '/us/ma/x/1',
            user_name: text,
            user_id: 2,
            status: 2,
            answers: {},
            photo: null,
            created_at: new Date(0),
            parcel: { owner: text, lat: -71.1 },
          },
        ],
        ['owner', 'lat'],
      );
      const row = csv.split('\r\n')[1]!;
      expect(row).not.toMatch(/(^|,)"?[=+@\t\r]/);
      expect(row).not.toMatch(/(^|,)"?-[^0-9]/);
      expect(row.split(`'${text.includes('"') ? text.replace(/"/g, '""') : text}`)).toHaveLength(3);
    }
  });

  it('leaves numbers and ordinary text alone, so negative coordinates stay numbers', () => {
    expect(spreadsheetSafe('12 Main St')).toBe('12 Main St');
    expect(csvField(-71.1)).toBe('"-71.1"');
    expect(
      postsCsv(
        { id: 1, questions: [] },
        [
          {
            id: 1,
            parcel_path: '/p',
            user_name: 'Ann',
            user_id: 2,
            status: 2,
            answers: {},
            photo: null,
            created_at: new Date(0),
            parcel: { lat: -71.1 },
          },
        ],
        ['lat'],
      ),
    ).toContain(',-71.1\r\n');
  });
});
