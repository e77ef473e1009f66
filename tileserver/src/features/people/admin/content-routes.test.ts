// The admin content pages' API against the test database: what is loaded, a notice counted then sent
// through the outbox with its audit row, a static page edited and restored, and neighborhoods that are
// made (and then are places) or refused for their shape, size or position.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { newestMailTo } from '../../../testing/outbox.ts';

const sql = testDb(3);
const config = loadConfig();
const app = createApp({ config, sql, logger: createLogger('silent') });
const cambridge = '/us/ma/middlesex/cambridge';
afterAll(async () => {
  await sql`DELETE FROM site_pages WHERE slug = 'privacy'`;
  await sql`DELETE FROM places WHERE path = ${`${cambridge}/test-quarter`}`;
  await sql.end();
});

const served = async (name: string) =>
  ((await (await app.request(`/api/v1/legal/${name}.json`)).json()) as { markdown: string }).markdown;

const box = (w: number, s: number, e: number, n: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});

describe('the admin content pages', () => {
  it('answer 404 to a Pro user', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    expect((await browser.get('/admin/map.json')).status).toBe(404);
    expect((await browser.post('/admin/notify.json', { audience: 'all', subject: 'x', body: 'y' })).status).toBe(404);
    expect((await browser.put('/admin/pages.json', { name: 'terms', markdown: 'x' })).status).toBe(404);
  });

  it('map every parcel source and layer with its count and extent, admin-only layers marked', async () => {
    const admin = await signedInAdmin(app, sql);
    const res = await admin.get('/admin/map.json');
    expect(res.status).toBe(200);
    const cambridgeParcels = res.json.sources.find((s: { source: string }) => s.source === 'cambridge_parcels_fy2014');
    expect(cambridgeParcels.parcels).toBeGreaterThan(10_000);
    const [w, s, e, n] = cambridgeParcels.bbox;
    expect(w).toBeLessThan(-71.1);
    expect(e).toBeGreaterThan(-71.1);
    expect(s).toBeLessThan(42.37);
    expect(n).toBeGreaterThan(42.37);
    const buildings = res.json.layers.find((l: { table: string }) => l.table === 'buildings');
    expect(buildings).toMatchObject({ label: 'Buildings', admin_only: false });
    expect(buildings.rows).toBeGreaterThan(1000);
    expect(
      res.json.layers.filter((l: { admin_only: boolean }) => l.admin_only).map((l: { table: string }) => l.table),
    ).toEqual(['streets', 'water_bodies']);
    expect(res.json.cities.map((c: { path: string }) => c.path)).toContain(cambridge);
    expect(res.json.catalogue.length).toBeGreaterThan(0);
    for (const entry of res.json.catalogue) expect(['everyone', 'paid', 'admin']).toContain(entry.access);
  });

  it('count a notice’s recipients, then on confirmation mail each of them and record it', async () => {
    const admin = await signedInAdmin(app, sql);
    const team = await signedInUser(app, sql, 'team', admin);
    const notice = { audience: 'team', subject: 'Maintenance tonight', body: 'The map is down from 2 to 3 am.' };
    const preview = await admin.post('/admin/notify.json', notice);
    expect(preview.status).toBe(200);
    expect(preview.json.sent).toBe(0);
    expect(preview.json.recipients).toBeGreaterThanOrEqual(1);
    expect(newestMailTo(config, team.email) ?? '').not.toContain('Maintenance tonight');
    const sent = await admin.post('/admin/notify.json', { ...notice, confirm: true });
    expect(sent.json.sent).toBe(sent.json.recipients);
    expect(newestMailTo(config, team.email)).toContain('Subject: Maintenance tonight');
    const [row] = await sql`SELECT details FROM audit_log WHERE action = 'notify' ORDER BY id DESC LIMIT 1`;
    expect(row!.details).toMatchObject({
      audience: 'team',
      subject: 'Maintenance tonight',
      recipients: sent.json.sent,
    });
    expect((await admin.post('/admin/notify.json', { audience: 'all', subject: '', body: 'x' })).status).toBe(400);
    expect(
      (await admin.post('/admin/notify.json', { audience: 'all', subject: 'x', body: 'y'.repeat(5001) })).status,
    ).toBe(400);
  });

  it('edit a static page’s text, served on its legal route, and restore the shipped text', async () => {
    const admin = await signedInAdmin(app, sql);
    const shipped = await served('privacy');
    const list = await admin.get('/admin/pages.json');
    expect(list.json.pages.map((p: { name: string }) => p.name)).toEqual(['terms', 'privacy', 'api', 'subscription']);
    expect(list.json.pages[1]).toMatchObject({
      title: 'Privacy',
      path: '/hs/terms/privacy',
      edited: false,
      markdown: shipped,
    });
    expect(
      (await admin.put('/admin/pages.json', { name: 'privacy', markdown: '# Privacy\n\nWe keep nothing.' })).status,
    ).toBe(200);
    expect(await served('privacy')).toBe('# Privacy\n\nWe keep nothing.');
    expect((await admin.get('/admin/pages.json')).json.pages[1]).toMatchObject({ edited: true });
    expect((await admin.post('/admin/pages/restore.json', { name: 'privacy' })).status).toBe(200);
    expect(await served('privacy')).toBe(shipped);
  });

  it('make a neighborhood inside its city that is then a place, and refuse one outside, too large or self-crossing', async () => {
    const admin = await signedInAdmin(app, sql);
    const made = await admin.post('/admin/neighborhoods.json', {
      name: 'Test Quarter',
      parent: cambridge,
      geometry: box(-71.106, 42.372, -71.103, 42.374),
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ path: `${cambridge}/test-quarter`, name: 'Test Quarter' });
    const [place] = await sql`SELECT kind, parent_path, headline FROM places WHERE path = ${made.json.path}`;
    expect(place).toEqual({ kind: 'neighborhood', parent_path: cambridge, headline: 'Test Quarter, Cambridge, MA' });
    const again = await admin.post('/admin/neighborhoods.json', {
      name: 'Test Quarter',
      parent: cambridge,
      geometry: box(-71.106, 42.372, -71.103, 42.374),
    });
    expect(again.status).toBe(409);
    const outside = await admin.post('/admin/neighborhoods.json', {
      name: 'Boston Bit',
      parent: cambridge,
      geometry: box(-71.06, 42.35, -71.05, 42.36),
    });
    expect(outside.status).toBe(400);
    expect(outside.json.error.message).toMatch(/must lie inside Cambridge, MA: 100% of it is outside/);
    const huge = await admin.post('/admin/neighborhoods.json', {
      name: 'Most Of It',
      parent: cambridge,
      geometry: box(-71.16, 42.35, -71.06, 42.41),
    });
    expect(huge.status).toBe(400);
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [-71.106, 42.372],
          [-71.103, 42.374],
          [-71.103, 42.372],
          [-71.106, 42.374],
          [-71.106, 42.372],
        ],
      ],
    };
    const crossing = await admin.post('/admin/neighborhoods.json', {
      name: 'Bow Tie',
      parent: cambridge,
      geometry: bowtie,
    });
    expect(crossing.status).toBe(400);
    expect(crossing.json.error.message).toMatch(/not a valid polygon/);
  });
});
