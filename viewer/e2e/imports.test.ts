// Browser test of /admin/imports_exports/running at phone size: an admin uploads a GeoJSON parcel
// file, is offered the real place for one that does not exist, starts a dry-run import with a mapping
// (a job of the server's own import queue), and sees the run finish with its report, beside the
// running and failed exports of users; at desktop size too; a non-admin gets the not-found page.
import { describe, expect, it } from 'vitest';
import { createAdmin } from '@parcel-map/tileserver/features/people/admin/create-admin';
import { openPage, screenshot } from './browser.ts';
import { useHarness } from './harness.ts';

const harness = useHarness({}, { jobs: true });
const square = (x: number, y: number, d = 0.0002) => [
  [
    [x, y],
    [x + d, y],
    [x + d, y + d],
    [x, y + d],
    [x, y],
  ],
];
const geojson = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { APN: 'E2E-1', OWNER_NAME: 'SMITH JOHN' },
      geometry: { type: 'Polygon', coordinates: square(-71.1, 42.39) },
    },
    {
      type: 'Feature',
      properties: { APN: 'E2E-2', OWNER_NAME: 'DOE JANE' },
      geometry: { type: 'Polygon', coordinates: square(-71.101, 42.39) },
    },
    {
      type: 'Feature',
      properties: { APN: 'E2E-3', OWNER_NAME: null },
      geometry: { type: 'Point', coordinates: [-71.102, 42.39] },
    },
  ],
});

/** Two export files of a user, one running at 40% and one failed, as the export job leaves them. */
async function exportsOf(h: ReturnType<typeof harness>, email: string): Promise<number[]> {
  const rows = await h.server.sql<{ id: number }[]>`
    INSERT INTO exports (user_id, kind, path, format, level, definition, status, requested, progress, error, token, created_at, expires_at)
    SELECT u.id, 'export', v.path, v.format, 'pro', jsonb_build_object('query', jsonb_build_object('path', v.path)), v.status, v.requested, v.progress, v.error, md5(random()::text), now(), now() + interval '1 day'
    FROM users u, (VALUES ('/us/ma/middlesex/somerville', 'gpkg', 1, 1200, 40, NULL), ('/us/ma/middlesex/cambridge', 'csv', 3, 80, 0, 'Could not be completed')) AS v(path, format, status, requested, progress, error)
    WHERE u.email = ${email}
    RETURNING id::int`;
  return rows.map((r) => r.id);
}

describe('the admin imports page', () => {
  it('uploads a file, runs a dry-run import and shows its report, at 390x800', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 390, height: 800 });
    const email = `e2e-imports-${process.pid}@example.org`;
    const { password } = await createAdmin(h.server.sql, email, 'Ada Admin');
    expect(
      (await tp.page.request.post(`${h.server.origin}/users/sign_in.json`, { data: { email, password } })).status(),
    ).toBe(200);
    await tp.page.goto(`${h.server.origin}/admin/imports_exports/running`);
    await tp.page.getByTestId('import-form').waitFor();
    await tp.page
      .getByTestId('import-file')
      .setInputFiles({ name: 'county.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(geojson) });
    // 27.3: a place that does not exist is refused naming the real one, which one click puts in the form.
    await tp.page.getByTestId('import-place').fill('/us/va/williamsburg');
    await tp.page.getByTestId('import-start').click();
    await tp.page.getByText('there is no place /us/va/williamsburg: did you mean /us/va/williamsburg-city').waitFor();
    await tp.page.getByRole('button', { name: /^Use \/us\/va\/williamsburg-city/ }).click();
    expect(await tp.page.getByTestId('import-place').inputValue()).toBe('/us/va/williamsburg-city');
    await tp.page.getByTestId('import-place').fill('/us/ma/middlesex/e2e-import');
    await tp.page.getByTestId('import-mapping').fill('{"parcelnumb": "APN", "owner": "OWNER_NAME"}');
    expect(await tp.page.getByTestId('import-dry-run').isChecked()).toBe(true);
    await tp.page.getByTestId('import-start').click();
    await tp.page
      .getByText(/Import \d+ of county\.geojson into \/us\/ma\/middlesex\/e2e-import started \(dry run\)/)
      .waitFor();
    const summary = tp.page.getByTestId('import-summary').first();
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toBe('read 3, loaded 0, repaired 0, skipped 1 (not_a_polygon 1)');
    await summary.click();
    await tp.page.getByRole('cell', { name: 'OWNER_NAME' }).waitFor();
    const [running, failed] = await exportsOf(h, email);
    await tp.page.reload();
    const runningItem = tp.page.getByTestId(`export-run-${running}`);
    await runningItem.waitFor();
    expect(await runningItem.textContent()).toContain('In progress');
    expect(await runningItem.textContent()).toContain('40% of 1,200 parcels');
    expect(await tp.page.getByTestId(`export-run-${failed}`).textContent()).toContain('Could not be completed');
    const overflow = await tp.page.evaluate(() => {
      const p = document.querySelector('.page')!;
      return p.scrollWidth - p.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(tp.page, 'admin-imports-phone');
    await runningItem.scrollIntoViewIfNeeded();
    await screenshot(tp.page, 'admin-imports-phone-exports');
    // The run shows the name the admin uploaded, not the server's prefixed one.
    expect(await tp.page.getByTestId('import-runs').textContent()).toContain('county.geojson · dry run');
    await h.server.sql`UPDATE exports SET status = 3 WHERE id = ${running!}`;
    // The one 400 is the refused place above, which Chromium logs like any failed response.
    expect(tp.errors).toEqual([
      `console: Failed to load resource: the server responded with a status of 400 (Bad Request) (${h.server.origin}/admin/imports)`,
    ]);
    await tp.context.close();
  });

  it('lists imports and exports side by side at desktop size', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin, { width: 1280, height: 800 });
    const email = `e2e-imports-desk-${process.pid}@example.org`;
    const { password } = await createAdmin(h.server.sql, email, 'Ada Desk');
    expect(
      (await tp.page.request.post(`${h.server.origin}/users/sign_in.json`, { data: { email, password } })).status(),
    ).toBe(200);
    const [running, failed] = await exportsOf(h, email);
    try {
      await tp.page.goto(`${h.server.origin}/admin/imports_exports/running`);
      await tp.page.getByRole('heading', { name: 'Running and recent exports' }).waitFor();
      await tp.page.getByTestId(`export-run-${running}`).waitFor();
      expect(await tp.page.getByTestId(`export-run-${running}`).textContent()).toContain(email);
      expect(await tp.page.getByTestId(`export-run-${failed}`).textContent()).toContain('Could not be completed');
      await screenshot(tp.page, 'admin-imports-desktop');
      expect(tp.errors).toEqual([]);
    } finally {
      await h.server.sql`UPDATE exports SET status = 3 WHERE id = ${running!}`;
      await tp.context.close();
    }
  });

  it('is not found for a visitor who is not an admin', async () => {
    const h = harness();
    const tp = await openPage(h.browser, h.server.origin);
    await tp.page.goto(`${h.server.origin}/admin/imports_exports/running`);
    await tp.page
      .getByText(/not found/i)
      .first()
      .waitFor();
    expect(await tp.page.getByTestId('import-form').count()).toBe(0);
    await tp.context.close();
  });
});
