// Guests of a shared project (issue: share-link guests see a project's surveys read-only): the share
// token opens the project's survey sources, is checked on every request, and opens nothing else.
import { randomUUID } from 'node:crypto';
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
import { lonLatToTile } from '../../../testing/tiles.ts';

const sql = testDb(3);
const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'survey-guests-')) });
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
const questions = [
  {
    id: 'occupied',
    question: 'Is it occupied?',
    column: 'occupied',
    answers: [{ label: 'Yes', next: 'end' }, { label: 'No' }],
  },
  { id: 'why', question: 'Why is it empty?', column: 'why', answers: 'textarea' },
];

interface Shared {
  manager: TestBrowser;
  member: TestBrowser;
  mapId: number;
  path: string;
  surveyId: number;
  share: string;
  parcelPath: string;
}

/** A team's project with one survey, one post by a member, and a share link. */
async function sharedProjectWithSurvey(): Promise<Shared> {
  const admin = await signedInAdmin(app, sql);
  const { browser: manager } = await signedInUser(app, sql, 'team', admin);
  const project = await manager.post('/projects.json', { name: 'Shared field work', query: { path: cambridge } });
  expect(project.status).toBe(201);
  const survey = await manager.post('/surveys.json', {
    map_id: project.json.id,
    name: 'Occupancy',
    questions: JSON.stringify(questions),
    photo_required: '0',
  });
  expect(survey.status).toBe(201);
  const member = await invitedMember(app, config, manager, 'Rita Respondent');
  const [parcel] = await sql<
    { path: string }[]
  >`SELECT path FROM parcels WHERE path LIKE ${`${cambridge}/%`} ORDER BY id LIMIT 1`;
  const posted = await member.post(`/surveys/${survey.json.id}/posts.json`, {
    client_id: randomUUID(),
    parcel_path: parcel!.path,
    status: '2',
    answers: JSON.stringify({ occupied: 'Yes' }),
  });
  expect(posted.status, JSON.stringify(posted.json)).toBe(201);
  const link = await manager.post(`${project.json.path}/share.json`);
  expect(link.status).toBe(201);
  return {
    manager,
    member,
    mapId: project.json.id,
    path: project.json.path,
    surveyId: survey.json.id,
    share: link.json.share,
    parcelPath: parcel!.path,
  };
}

let shared: Shared;
beforeAll(async () => {
  shared = await sharedProjectWithSurvey();
});

const list = (browser: TestBrowser, mapId: number, share?: string) =>
  browser.get(`/sources.json?type=survey&group=false&map_id=${mapId}${share ? `&share=${share}` : ''}`);

describe("share-link guests reading a project's surveys", () => {
  it("lets an anonymous guest with the share token read the project's surveys, without edit permission or respondents", async () => {
    const guest = new TestBrowser(app);
    const listed = await list(guest, shared.mapId, shared.share);
    expect(listed.status).toBe(200);
    expect(listed.json.sources).toHaveLength(1);
    expect(listed.json.sources[0]).toMatchObject({
      id: shared.surveyId,
      type: 'Survey',
      name: 'Occupancy',
      map_id: shared.mapId,
      permissions: { update: false },
      question_count: 2,
      count: 1,
    });
    expect(listed.json.sources[0].questions.map((q: { question: string }) => q.question)).toEqual([
      'Is it occupied?',
      'Why is it empty?',
    ]);
    // Anonymous guests are still told that building surveys needs Pro.
    expect(listed.json.upsell).toMatchObject({ blocked: true, reason: 'level' });
    for (const route of ['surveys', 'sources']) {
      const one = await guest.get(`/${route}/${shared.surveyId}.json?share=${shared.share}`);
      expect(one.status).toBe(200);
      expect(one.json).toEqual(listed.json.sources[0]);
    }
    // The survey source names no respondent.
    expect(JSON.stringify(listed.json)).not.toMatch(/Rita Respondent|@example\.org/i);
  });

  it('lets a signed-in user of another group with the share token read the surveys read-only too', async () => {
    const { browser: free } = await signedInUser(app, sql, 'free');
    const { browser: otherTeam } = await signedInUser(app, sql, 'team');
    for (const guest of [free, otherTeam]) {
      const listed = await list(guest, shared.mapId, shared.share);
      expect(listed.status).toBe(200);
      expect(listed.json.sources.map((s: { id: number; permissions: unknown }) => [s.id, s.permissions])).toEqual([
        [shared.surveyId, { update: false }],
      ]);
      expect((await guest.get(`/surveys/${shared.surveyId}.json?share=${shared.share}`)).json.permissions).toEqual({
        update: false,
      });
    }
  });

  it('answers 404 without the share token or with a wrong one, and 400 for a malformed one', async () => {
    const guest = new TestBrowser(app);
    expect((await guest.get(`/surveys/${shared.surveyId}.json`)).status).toBe(404);
    expect((await list(guest, shared.mapId)).json.sources).toEqual([]);
    const wrong = 'A'.repeat(43);
    const refused = await guest.get(`/surveys/${shared.surveyId}.json?share=${wrong}`);
    expect(refused.status).toBe(404);
    expect(refused.json.error.code).toBe('NOT_FOUND');
    expect((await guest.get(`/sources/${shared.surveyId}.json?share=${wrong}`)).status).toBe(404);
    expect((await list(guest, shared.mapId, wrong)).status).toBe(404);
    const malformed = await guest.get(`/surveys/${shared.surveyId}.json?share=${encodeURIComponent('not a token!')}`);
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatchObject({ code: 'BAD_REQUEST', details: { parameter: 'share' } });
    expect((await guest.get(`/sources.json?type=survey&share=${shared.share}`)).status).toBe(400);
  });

  it("does not open another project's surveys with a share token", async () => {
    const other = await sharedProjectWithSurvey();
    const guest = new TestBrowser(app);
    expect((await guest.get(`/surveys/${other.surveyId}.json?share=${shared.share}`)).status).toBe(404);
    expect((await list(guest, other.mapId, shared.share)).status).toBe(404);
    expect((await guest.get(`/surveys/${other.surveyId}.json?share=${other.share}`)).status).toBe(200);
  });

  it('refuses guests editing, posting answers and reading posts with 403, and changes nothing', async () => {
    const { browser: free } = await signedInUser(app, sql, 'free');
    const anonymous = new TestBrowser(app);
    const q = `?share=${shared.share}`;
    for (const guest of [anonymous, free]) {
      const edit = await guest.put(`/surveys/${shared.surveyId}.json${q}`, {
        map_id: shared.mapId,
        questions: '[]',
        photo_required: '0',
      });
      expect(edit.status).toBe(403);
      expect(edit.json.error.message).toBe('You do not have permission to edit this survey.');
      const post = await guest.post(`/surveys/${shared.surveyId}/posts.json${q}`, {
        client_id: randomUUID(),
        parcel_path: shared.parcelPath,
        status: '2',
        answers: JSON.stringify({ occupied: 'No' }),
      });
      expect(post.status).toBe(403);
      expect(post.json.error.message).toBe("Only members of the project's group can post answers to its surveys.");
      // The csv and photos name respondents: members only.
      expect((await guest.get(`/surveys/${shared.surveyId}/posts.csv${q}`)).status).toBe(403);
      expect((await guest.get(`/surveys/${shared.surveyId}/posts/1/photo${q}`)).status).toBe(403);
      // Creating a survey in the shared project stays refused (the share token is no membership).
      expect(
        (await guest.post(`/surveys.json${q}`, { map_id: shared.mapId, questions: JSON.stringify(questions) })).status,
      ).toBeGreaterThanOrEqual(401);
    }
    const after = await shared.manager.get(`/surveys/${shared.surveyId}.json`);
    expect(after.json).toMatchObject({ question_count: 2, count: 1 });
    // Members keep their own rights, share token or not.
    expect((await shared.member.get(`/surveys/${shared.surveyId}/posts.csv${q}`)).status).toBe(200);
    expect((await shared.manager.get(`/surveys/${shared.surveyId}.json${q}`)).json.permissions).toEqual({
      update: true,
    });
  });

  it('lets a guest colour the map by the survey through the sources API only with the share token', async () => {
    const guest = new TestBrowser(app);
    const definition = {
      query: { parcel: true, path: cambridge, survey: shared.surveyId },
      styles: [{ field: '@status', predicate: 'is', value: '2', fill: '#22aa22cc', line: '#116611ff' }],
    };
    expect((await guest.post('/api/v1/sources', definition)).status).toBe(404);
    const made = await guest.post(`/api/v1/sources?share=${shared.share}`, definition);
    expect(made.status).toBe(200);
    expect(made.json.query.survey).toBe(shared.surveyId);
    expect((await guest.get(`/api/v1/sources/${made.json.id}.json`)).status).toBe(404);
    expect((await guest.get(`/api/v1/sources/${made.json.id}.json?share=${shared.share}`)).status).toBe(200);
  });

  it('stops a guest at once when the share link is replaced by a new one', async () => {
    const own = await sharedProjectWithSurvey();
    const guest = new TestBrowser(app);
    expect((await guest.get(`/surveys/${own.surveyId}.json?share=${own.share}`)).status).toBe(200);
    const renewed = await own.manager.post(`${own.path}/share.json`);
    expect(renewed.status).toBe(201);
    expect((await guest.get(`/surveys/${own.surveyId}.json?share=${own.share}`)).status).toBe(404);
    expect((await list(guest, own.mapId, own.share)).status).toBe(404);
    expect(
      (
        await guest.post(`/api/v1/sources?share=${own.share}`, {
          query: { parcel: true, path: cambridge, survey: own.surveyId },
          styles: [{ field: '@status', predicate: 'is', value: '2', fill: '#22aa22cc', line: '#116611ff' }],
        })
      ).status,
    ).toBe(404);
    expect((await guest.get(`/surveys/${own.surveyId}.json?share=${renewed.json.share}`)).status).toBe(200);
  });

  it("serves a survey-styled source's tiles only to the survey's readers, and to a guest only while the share link is current", async () => {
    const own = await sharedProjectWithSurvey();
    const { z, x, y } = lonLatToTile(-71.1097, 42.3736, 16);
    const tileOf = (tilejson: { tiles: string[] }) => {
      const url = new URL(
        tilejson.tiles[0]!.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)),
      );
      return `${url.pathname}${url.search}`;
    };
    const definition = {
      query: { parcel: true, path: cambridge, survey: own.surveyId },
      styles: [{ field: '@status', predicate: 'is', value: '2', fill: '#22aa22cc', line: '#116611ff' }],
    };
    const made = await own.member.post('/api/v1/sources', definition);
    expect(made.status).toBe(200);
    expect((await own.member.get(tileOf(made.json))).status).toBe(200);
    // The id is a hash of the definition: anyone may compute it, so it opens nothing by itself.
    expect((await new TestBrowser(app).get(tileOf(made.json))).status).toBe(404);
    const { browser: otherTeam } = await signedInUser(app, sql, 'team');
    expect((await otherTeam.get(tileOf(made.json))).status).toBe(404);
    // A guest's tile URLs carry the share token, which is checked on every tile.
    const guest = new TestBrowser(app);
    const viaLink = await guest.post(`/api/v1/sources?share=${own.share}`, definition);
    expect(viaLink.status).toBe(200);
    expect(viaLink.json.id).toBe(made.json.id);
    expect(tileOf(viaLink.json)).toContain(`share=${own.share}`);
    expect((await guest.get(tileOf(viaLink.json))).status).toBe(200);
    expect((await own.manager.post(`${own.path}/share.json`)).status).toBe(201);
    expect((await guest.get(tileOf(viaLink.json))).status).toBe(404);
    expect((await own.member.get(tileOf(made.json))).status).toBe(200);
  });

  it("L9: a share-link guest may not style a survey source by @user_id (respondents), at POST or reading a member's stored source, and keeps @status", async () => {
    const own = await sharedProjectWithSurvey();
    const { z, x, y } = lonLatToTile(-71.1097, 42.3736, 16);
    const tileOf = (tilejson: { tiles: string[] }) => {
      const url = new URL(
        tilejson.tiles[0]!.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)),
      );
      return `${url.pathname}${url.search}`;
    };
    const [member] = await sql<
      { user_id: string }[]
    >`SELECT user_id FROM survey_posts WHERE survey_id = ${own.surveyId} LIMIT 1`;
    const byRespondent = {
      query: { parcel: true, path: cambridge, survey: own.surveyId },
      styles: [{ field: '@user_id', predicate: 'is', value: member!.user_id, fill: '#22aa22cc', line: '#116611ff' }],
    };
    const guest = new TestBrowser(app);
    const refused = await guest.post(`/api/v1/sources?share=${own.share}`, byRespondent);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toContain('@user_id');
    expect(refused.json.error.code).toBe('FORBIDDEN');
    // A member may style by respondent; a guest reading that stored source by its id is refused too.
    const stored = await own.member.post('/api/v1/sources', byRespondent);
    expect(stored.status).toBe(200);
    expect((await own.member.get(tileOf(stored.json))).status).toBe(200);
    const tilejson = await guest.get(`/api/v1/sources/${stored.json.id}.json?share=${own.share}`);
    expect(tilejson.status).toBe(403);
    const tile = await guest.get(`${tileOf(stored.json)}&share=${own.share}`);
    expect(tile.status).toBe(403);
    expect((await guest.get(`/api/v1/sources/${stored.json.id}/live?share=${own.share}`)).status).toBe(403);
    // @status stays open to guests.
    const byStatus = {
      ...byRespondent,
      styles: [{ field: '@status', predicate: 'is', value: '2', fill: '#22aa22cc', line: '#116611ff' }],
    };
    const made = await guest.post(`/api/v1/sources?share=${own.share}`, byStatus);
    expect(made.status).toBe(200);
    expect((await guest.get(tileOf(made.json))).status).toBe(200);
  });
});
