import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { focusAreaTooLarge } from '../../commerce/plans/project-limits.ts';
import { cambridgeSquare } from '../../../testing/shapes.ts';

const sql = testDb(3);
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
const oldHouses = { field: 'yearbuilt', predicate: 'lt', value: '1900', fill: '#ff0000', line: '#880000' };
const newProject = (browser: TestBrowser, name = 'Cambridge study') =>
  browser.post('/projects.json', {
    name,
    query: { path: cambridge, filters: { usecode: ['101'] } },
    styles: [oldHouses],
  });

const square = (miles: number) => cambridgeSquare(miles, [-71.11, 42.37]);

describe('projects', () => {
  it('lets a Pro user save a map of a place with filters and rules, and reopen it', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const made = await newProject(browser);
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      name: 'Cambridge study',
      slug: 'cambridge-study',
      query: { path: cambridge, filters: { usecode: ['101'] } },
      root: { name: 'Cambridge', path: cambridge },
      permissions: { update: true },
      regions: [],
    });
    expect(made.json.path).toMatch(/^\/g\/[a-z0-9-]+\/maps\/cambridge-study$/);
    expect(made.json.styles[0]).toMatchObject({ field: 'yearbuilt', predicate: 'lt', fill: '#ff0000ff' });
    const reopened = await browser.get(`${made.json.path}.json`);
    expect(reopened.json.styles).toEqual(made.json.styles);
    expect((await browser.get('/profile/projects.json')).json).toMatchObject({
      projects: [{ name: 'Cambridge study' }],
      limit: 5,
    });
  });

  it('refuses a rule that could not render, and an unknown place, as 400', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    expect(
      (
        await browser.post('/projects.json', {
          name: 'x',
          query: { path: cambridge },
          styles: [{ field: 'nope', predicate: 'is', value: '1', fill: '#fff', line: '#000' }],
        })
      ).status,
    ).toBe(400);
    expect((await browser.post('/projects.json', { name: 'x', query: { path: '/us/zz/nowhere-at-all' } })).status).toBe(
      400,
    );
  });

  it('blocks a Starter user with the save-map upsell, and stops a Pro user at 5 projects', async () => {
    const { browser: free } = await signedInUser(app, sql, 'free');
    const refused = await newProject(free);
    expect(refused.status).toBe(403);
    expect(refused.json.error.details).toMatchObject({ upsell: 'save-map' });
    const { browser: pro } = await signedInUser(app, sql, 'pro');
    for (let i = 1; i <= 5; i++) expect((await newProject(pro, `Map ${i}`)).status).toBe(201);
    const sixth = await newProject(pro, 'Map 6');
    expect(sixth.status).toBe(403);
    expect(sixth.json.error.message).toMatch(/5 projects/);
    const { browser: team } = await signedInUser(app, sql, 'team');
    for (let i = 1; i <= 6; i++) expect((await newProject(team, `Team map ${i}`)).status).toBe(201);
  });

  it('answers 404 to another group, anonymous visitors and a wrong share link; the share link gives read-only access with the sharer', async () => {
    const { browser: owner } = await signedInUser(app, sql, 'pro');
    const { path } = (await newProject(owner)).json;
    const { browser: stranger } = await signedInUser(app, sql, 'team');
    expect((await stranger.get(`${path}.json`)).status).toBe(404);
    expect((await stranger.put(`${path}.json`, { name: 'Mine now' })).status).toBe(404);
    expect((await stranger.request('DELETE', `${path}.json`)).status).toBe(404);
    expect((await new TestBrowser(app).get(`${path}.json`)).status).toBe(404);
    expect((await new TestBrowser(app).get(`${path}.json?share=not-the-token`)).status).toBe(404);
    const { share } = (await owner.post(`${path}/share.json`)).json;
    const guest = await new TestBrowser(app).get(`${path}.json?share=${share}`);
    expect(guest.json).toMatchObject({ permissions: { update: false }, sharer: 'pro user' });
    expect((await stranger.put(`${path}.json?share=${share}`, { name: 'Mine now' })).status).toBe(403);
    // A new link replaces the old one.
    await owner.post(`${path}/share.json`);
    expect((await new TestBrowser(app).get(`${path}.json?share=${share}`)).status).toBe(404);
  });

  it('lets members of the owning group update, copy, set the project home and delete', async () => {
    const { browser } = await signedInUser(app, sql, 'team');
    const { path } = (await newProject(browser)).json;
    expect((await browser.put(`${path}.json`, { styles: [] })).json.styles).toEqual([]);
    expect(
      (await browser.post(`${path}/set_root.json`, { path: '/us/ma/middlesex/somerville' })).json.root,
    ).toMatchObject({ name: 'Somerville' });
    const copy = await browser.post(`${path}/copy.json`);
    expect(copy.json.name).toBe('Copy of Cambridge study');
    expect((await browser.request('DELETE', `${path}.json`)).json).toEqual({ status: 'ok' });
    expect((await browser.get(`${path}.json`)).status).toBe(404);
  });

  it('lets an admin open any project', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const { path } = (await newProject(browser)).json;
    const admin = await signedInAdmin(app, sql);
    expect((await admin.get(`${path}.json`)).json.permissions.update).toBe(true);
  });
});

describe('focus areas', () => {
  it('saves a drawn polygon with its geodesic acres and attaches it to a project in a folder', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const { path, slug } = (await newProject(browser)).json;
    const saved = await browser.post('/neighborhoods.json', {
      name: 'Harvard Square',
      description: 'walkable',
      shape: square(0.5),
      map_slug: slug,
    });
    expect(saved.status).toBe(201);
    expect(saved.json.map_regions[0].focus_areas[0]).toMatchObject({ id: saved.json.id, name: 'Harvard Square' });
    const [row] = await sql<
      { acres: number }[]
    >`SELECT ST_Area(geom::geography) / 4046.8564224 AS acres FROM focus_areas WHERE id = ${saved.json.id}`;
    expect(saved.json.map_regions[0].focus_areas[0].acres).toBeCloseTo(row!.acres, 3);
    expect(row!.acres).toBeGreaterThan(150); // 0.25 square miles is 160 acres
    expect((await browser.post(`${path}/settings/remove_focus.json`, { id: saved.json.id })).json.regions).toEqual([]);
    const again = await browser.post(`${path}/settings/add_focus.json`, { id: saved.json.id, folder: 'Sites' });
    expect(again.json.regions).toMatchObject([{ folder: 'Sites', focus_areas: [{ name: 'Harvard Square' }] }]);
  });

  it('refuses a focus area of 80 square miles or more with the spec’s message', async () => {
    const { browser } = await signedInUser(app, sql, 'team');
    const res = await browser.post('/neighborhoods.json', { name: 'All of it', shape: square(9) });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(focusAreaTooLarge);
    expect((await browser.post('/neighborhoods.json', { name: 'Just under', shape: square(8.9) })).status).toBe(201);
  });

  it('names the problem of a self-intersecting or malformed polygon', async () => {
    const { browser } = await signedInUser(app, sql, 'team');
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [-71.12, 42.37],
          [-71.1, 42.38],
          [-71.1, 42.37],
          [-71.12, 42.38],
          [-71.12, 42.37],
        ],
      ],
    };
    const crossed = await browser.post('/neighborhoods.json', { name: 'Bow tie', shape: bowtie });
    expect(crossed.status).toBe(400);
    expect(crossed.json.error.message).toMatch(/not a valid polygon: Self-intersection/);
    const garbage = await browser.post('/neighborhoods.json', {
      name: 'Garbage',
      shape: { type: 'Polygon', coordinates: [['x']] },
    });
    expect(garbage.status).toBe(400);
  });

  it('never attaches another group’s focus area, and stops Pro at 5', async () => {
    const { browser: other } = await signedInUser(app, sql, 'team');
    const theirs = (await other.post('/neighborhoods.json', { name: 'Theirs', shape: square(0.2) })).json.id;
    const { browser } = await signedInUser(app, sql, 'pro');
    const { path } = (await newProject(browser)).json;
    expect((await browser.post(`${path}/settings/add_focus.json`, { id: theirs })).status).toBe(404);
    expect((await browser.get('/neighborhoods.json')).json.focus_areas).toEqual([]);
    for (let i = 0; i < 5; i++)
      expect((await browser.post('/neighborhoods.json', { name: `Area ${i}`, shape: square(0.1) })).status).toBe(201);
    expect((await browser.post('/neighborhoods.json', { name: 'Area 6', shape: square(0.1) })).status).toBe(403);
    const names = (await browser.get('/neighborhoods.json')).json.focus_areas.map((f: { name: string }) => f.name);
    expect(names).toEqual(['Area 0', 'Area 1', 'Area 2', 'Area 3', 'Area 4']);
  });
});
