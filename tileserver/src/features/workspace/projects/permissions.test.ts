// The permission matrix of projects, focus areas and follows: for every route and every kind of caller,
// the status the server answers. A project of a Team group is read and changed by its members (any role)
// and by an admin, deleted and shared (link made, replaced, stopped) only by the group's managers, its
// creator and an admin, read by a guest with its share link (403 on any change), and invisible (404) to
// everyone else; follows are their user's own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { invitedMember, signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser } from '../../../testing/http-client.ts';

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'project-matrix-')) });
const sql = testDb(3);
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

type Kind = 'anonymous' | 'free' | 'other pro' | 'guest' | 'team manager' | 'team member' | 'admin';
const kinds: Kind[] = ['anonymous', 'free', 'other pro', 'guest', 'team manager', 'team member', 'admin'];
const callers = new Map<Kind, TestBrowser>();
const cambridge = '/us/ma/middlesex/cambridge';
const tinySquare = {
  type: 'Polygon',
  coordinates: [
    [
      [-71.11, 42.37],
      [-71.109, 42.37],
      [-71.109, 42.371],
      [-71.11, 42.371],
      [-71.11, 42.37],
    ],
  ],
};
let project: { path: string; share: string };
let focusId: number;
let followId: number;

const as = (kind: Kind) => callers.get(kind)!;
/** The guest carries the share token on every call, as the viewer does. */
const url = (kind: Kind, path: string) => (kind === 'guest' ? `${path}?share=${project.share}` : path);

beforeAll(async () => {
  const admin = await signedInAdmin(app, sql);
  callers.set('anonymous', new TestBrowser(app));
  callers.set('guest', new TestBrowser(app));
  callers.set('free', (await signedInUser(app, sql, 'free')).browser);
  callers.set('other pro', (await signedInUser(app, sql, 'pro', admin)).browser);
  const manager = (await signedInUser(app, sql, 'team', admin)).browser;
  callers.set('team manager', manager);
  callers.set('team member', await invitedMember(app, config, manager));
  callers.set('admin', admin);

  const made = await manager.post('/projects.json', { name: 'Matrix', query: { path: cambridge } });
  const { share } = (await manager.post(`${made.json.path}/share.json`)).json;
  project = { path: made.json.path, share };
  focusId = (await manager.post('/neighborhoods.json', { name: 'Corner', shape: tinySquare, map_slug: made.json.slug }))
    .json.id;
  const [parcel] = await sql<
    { path: string }[]
  >`SELECT path FROM parcels WHERE path LIKE ${`${cambridge}/%`} ORDER BY id LIMIT 1`;
  followId = (await manager.post(`${parcel!.path}/bookmark.json`, {})).json.follow.id;
});

/** Statuses per kind: members and admins may change, the guest only read, the rest see nothing. */
const readers = (ok: number) => ({
  anonymous: 404,
  free: 404,
  'other pro': 404,
  guest: ok,
  'team manager': ok,
  'team member': ok,
  admin: ok,
});
const editors = (ok: number) => ({ ...readers(ok), guest: 403 });

describe('project routes per kind of caller', () => {
  it('reads a project only as a member, an admin or a guest with the link', async () => {
    const expected = readers(200);
    for (const kind of kinds)
      expect([kind, (await as(kind).get(url(kind, `${project.path}.json`))).status]).toEqual([kind, expected[kind]]);
  });

  it('changes the name and the home place as a member or an admin, and the share link only as a manager, the creator or an admin', async () => {
    const put = editors(200);
    const share = { ...editors(201), 'team member': 403 };
    for (const kind of kinds) {
      expect([
        kind,
        (await as(kind).put(url(kind, `${project.path}.json`), { name: `Matrix ${kind}` })).status,
      ]).toEqual([kind, put[kind]]);
      expect([
        kind,
        (await as(kind).post(url(kind, `${project.path}/set_root.json`), { path: cambridge })).status,
      ]).toEqual([kind, put[kind]]);
      if (kind === 'team manager' || kind === 'admin') continue; // a new link would lock the guest out
      expect([kind, (await as(kind).post(url(kind, `${project.path}/share.json`))).status]).toEqual([
        kind,
        share[kind],
      ]);
    }
    project.share = (await as('team manager').post(`${project.path}/share.json`)).json.share;
  });

  it('adds and removes focus areas only as a member or an admin', async () => {
    const expected = editors(200);
    for (const kind of kinds) {
      expect([
        kind,
        (await as(kind).post(url(kind, `${project.path}/settings/remove_focus.json`), { id: focusId })).status,
      ]).toEqual([kind, expected[kind]]);
      expect([
        kind,
        (await as(kind).post(url(kind, `${project.path}/settings/add_focus.json`), { id: focusId })).status,
      ]).toEqual([kind, expected[kind]]);
    }
  });

  it('copies a project into the caller’s own group, which a guest without a plan or an admin without a group does not have', async () => {
    const expected = { ...readers(201), guest: 401, admin: 403 };
    for (const kind of kinds)
      expect([kind, (await as(kind).post(url(kind, `${project.path}/copy.json`))).status]).toEqual([
        kind,
        expected[kind],
      ]);
  });

  it('lists and saves focus areas of the caller’s own group only', async () => {
    const listed = {
      anonymous: 401,
      free: 200,
      'other pro': 200,
      guest: 401,
      'team manager': 200,
      'team member': 200,
      admin: 200,
    };
    for (const kind of kinds) {
      const res = await as(kind).get('/neighborhoods.json');
      expect([kind, res.status]).toEqual([kind, listed[kind]]);
      const ids = res.status === 200 ? res.json.focus_areas.map((f: { id: number }) => f.id) : [];
      expect([kind, ids.includes(focusId)]).toEqual([kind, kind === 'team manager' || kind === 'team member']);
    }
    const saved = {
      anonymous: 401,
      free: 403,
      'other pro': 201,
      guest: 401,
      'team manager': 201,
      'team member': 201,
      admin: 403,
    };
    for (const kind of kinds) {
      expect([
        kind,
        (await as(kind).post('/neighborhoods.json', { name: `By ${kind}`, shape: tinySquare })).status,
      ]).toEqual([kind, saved[kind]]);
    }
  });

  it('stops sharing and deletes a project only as a manager, the creator or an admin', async () => {
    const expected = { ...editors(200), 'team member': 403 };
    for (const kind of kinds.filter((k) => expected[k] !== 200)) {
      expect([kind, (await as(kind).request('DELETE', url(kind, `${project.path}/share.json`))).status]).toEqual([
        kind,
        expected[kind],
      ]);
      expect([kind, (await as(kind).request('DELETE', url(kind, `${project.path}.json`))).status]).toEqual([
        kind,
        expected[kind],
      ]);
    }
    expect((await as('team manager').request('DELETE', `${project.path}/share.json`)).status).toBe(200);
    expect((await as('guest').get(url('guest', `${project.path}.json`))).status).toBe(404);
    expect((await as('team manager').request('DELETE', `${project.path}.json`)).status).toBe(200);
    expect((await as('team manager').get(`${project.path}.json`)).status).toBe(404);
  });
});

describe('project roles and revocation (Low 20)', () => {
  const newProject = (browser: TestBrowser) =>
    browser.post('/projects.json', { name: 'Roles study', query: { path: cambridge } });

  it('L20: a member who is not a manager cannot delete a project or replace its share link; a second manager and the creator can', async () => {
    const admin = await signedInAdmin(app, sql);
    const { browser: creator } = await signedInUser(app, sql, 'team', admin);
    const member = await invitedMember(app, config, creator, 'Pat Plain');
    const other = await invitedMember(app, config, creator, 'Max Manager');
    const otherId = (await creator.get('/users/members.json')).json.members.find(
      (m: { name: string }) => m.name === 'Max Manager',
    ).user_id;
    expect((await creator.put(`/users/members/${otherId}.json`, { role: 'manager' })).status).toBe(200);
    const { path } = (await newProject(creator)).json;
    const refused = await member.request('DELETE', `${path}.json`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/managers and the project's creator/);
    expect((await member.post(`${path}/share.json`)).status).toBe(403);
    expect((await member.request('DELETE', `${path}/share.json`)).status).toBe(403);
    // The member still edits it, and sees which buttons are theirs.
    expect((await member.put(`${path}.json`, { name: 'Renamed by a member' })).status).toBe(200);
    expect((await member.get(`${path}.json`)).json.permissions).toEqual({ update: true, manage: false });
    expect((await creator.get(`${path}.json`)).json.permissions).toEqual({ update: true, manage: true });
    expect((await other.post(`${path}/share.json`)).status).toBe(201);
    // A member's own project is theirs to share and delete.
    const own = (await newProject(member)).json.path;
    expect((await member.post(`${own}/share.json`)).status).toBe(201);
    expect((await member.request('DELETE', `${own}.json`)).status).toBe(200);
    expect((await other.request('DELETE', `${path}.json`)).status).toBe(200);
  });

  it('L20: stopping sharing ends the share link at once, and a new link works again', async () => {
    const { browser: owner } = await signedInUser(app, sql, 'team');
    const { path } = (await newProject(owner)).json;
    const { share } = (await owner.post(`${path}/share.json`)).json;
    const guest = new TestBrowser(app);
    expect((await guest.get(`${path}.json?share=${share}`)).status).toBe(200);
    const stopped = await owner.request('DELETE', `${path}/share.json`);
    expect(stopped.status).toBe(200);
    expect(stopped.json).toEqual({ status: 'ok', shared: false });
    expect((await guest.get(`${path}.json?share=${share}`)).status).toBe(404);
    expect((await owner.get(`${path}.json`)).json.shared).toBe(false);
    const again = (await owner.post(`${path}/share.json`)).json.share;
    expect((await guest.get(`${path}.json?share=${again}`)).status).toBe(200);
  });
});

describe('follow routes per kind of caller', () => {
  it('lists only the caller’s own follows and removes no one else’s', async () => {
    for (const kind of kinds) {
      const listed = await as(kind).get('/profile/follows.json');
      const signedIn = kind !== 'anonymous' && kind !== 'guest';
      expect([kind, listed.status]).toEqual([kind, signedIn ? 200 : 401]);
      if (kind === 'team manager') continue;
      expect([kind, (await as(kind).request('DELETE', `/notify/follows/${followId}.json`)).status]).toEqual([
        kind,
        signedIn ? 404 : 401,
      ]);
      expect([kind, (await as(kind).get('/profile/bookmarks.csv')).status]).toEqual([kind, signedIn ? 200 : 401]);
    }
    expect((await as('team manager').request('DELETE', `/notify/follows/${followId}.json`)).status).toBe(200);
  });
});
