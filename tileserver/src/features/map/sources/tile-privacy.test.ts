// Who may keep a source's tiles: a tile only some callers may read (Pro or Team fields, a survey's
// answers) travels under a URL that names no one (a session's tile URLs carry the anonymous token), so
// a shared cache must never store it; tiles anyone may read stay publicly cacheable.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { lonLatToTile } from '../../../testing/tiles.ts';

const sql = testDb(3);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
const { z, x, y } = lonLatToTile(-71.1097, 42.3736, 16);

/** The tile URL of a source's TileJSON at z/x/y, without the origin. */
const tilePath = (tilejson: { tiles: string[] }) => {
  const url = new URL(tilejson.tiles[0]!.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)));
  return `${url.pathname}${url.search}`;
};

describe('caching headers of source tiles', () => {
  it('marks tiles of a source with Pro fields private, varying by cookie and authorization', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const made = await browser.post('/api/v1/sources', {
      query: { parcel: true, path: cambridge },
      fields: ['address', 'fema_flood_zone'],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    // The URL is the same one an anonymous caller would ask for: only the cookie tells them apart.
    expect(made.json.tiles[0]).toContain('token=public');
    const tile = await browser.get(tilePath(made.json), { 'Accept-Encoding': 'gzip' });
    expect(tile.status).toBe(200);
    expect(tile.headers.get('cache-control')).toMatch(/^private\b/);
    expect(tile.headers.get('vary')).toMatch(/Cookie/);
    expect(tile.headers.get('vary')).toMatch(/Authorization/);
    expect(tile.headers.get('vary')).toMatch(/Accept-Encoding/);
    // And the anonymous caller asking for the same URL is refused.
    expect((await new TestBrowser(app).get(tilePath(made.json))).status).toBe(403);
  });

  it('marks tiles of a survey-styled source private', async () => {
    const { browser } = await signedInUser(app, sql, 'team');
    const project = await browser.post('/projects.json', { name: 'Private survey tiles', query: { path: cambridge } });
    expect(project.status).toBe(201);
    const survey = await browser.post('/surveys.json', {
      map_id: project.json.id,
      name: 'Vacancy',
      questions: JSON.stringify([{ id: 'q', question: 'Vacant?', column: 'q', answers: [{ label: 'Yes' }] }]),
      photo_required: '0',
    });
    expect(survey.status).toBe(201);
    const made = await browser.post('/api/v1/sources', {
      query: { parcel: true, path: cambridge, survey: survey.json.id },
      styles: [{ field: '@status', predicate: 'is', value: '2', fill: '#22aa22cc', line: '#116611ff' }],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const tile = await browser.get(tilePath(made.json), { 'Accept-Encoding': 'gzip' });
    expect(tile.status).toBe(200);
    expect(tile.headers.get('cache-control')).toMatch(/^private\b/);
    expect(tile.headers.get('vary')).toMatch(/Cookie/);
  });

  it('keeps tiles of a source of free fields publicly cacheable', async () => {
    const anonymous = new TestBrowser(app);
    const made = await anonymous.post('/api/v1/sources', {
      query: { parcel: true, path: cambridge },
      fields: ['address'],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const tile = await anonymous.get(tilePath(made.json), { 'Accept-Encoding': 'gzip' });
    expect(tile.status).toBe(200);
    expect(tile.headers.get('cache-control')).toMatch(/^public\b/);
  });
});
