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
import { decodeTile, lonLatToTile } from '../../../testing/tiles.ts';

const sql = testDb(4);
const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'surveys-')) });
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
let parcel: { id: number; path: string; lat: number; lon: number };
beforeAll(async () => {
  const rows = await sql<
    (typeof parcel)[]
  >`SELECT id::int AS id, path, lat, lon FROM parcels WHERE path LIKE ${`${cambridge}/%`} AND lat IS NOT NULL ORDER BY id LIMIT 1`;
  parcel = rows[0]!;
});

// A tiny valid JPEG header is enough: the server checks the type by the first bytes.
const jpeg = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
]);

const twoQuestions = [
  {
    id: 'occupied',
    question: 'Is it occupied?',
    column: 'occupied',
    answers: [{ label: 'Yes', next: 'end' }, { label: 'No' }],
  },
  { id: 'why', question: 'Why is it empty?', column: '', answers: 'textarea', required: true },
];

async function proWithProject() {
  const admin = await signedInAdmin(app, sql);
  const { browser, userId } = await signedInUser(app, sql, 'team', admin);
  const project = await browser.post('/projects.json', { name: 'Field work', query: { path: cambridge } });
  expect(project.status).toBe(201);
  return { browser, userId, mapId: project.json.id as number, admin };
}

async function createSurvey(
  browser: TestBrowser,
  mapId: number,
  questions: unknown = twoQuestions,
  photo: '1' | '0' = '1',
) {
  return browser.post('/surveys.json', {
    map_id: mapId,
    name: 'Occupancy',
    questions: JSON.stringify(questions),
    photo_required: photo,
  });
}

/** Posts answers the way the surveyor's form does: multipart with an optional photo. */
async function postAnswers(
  browser: TestBrowser,
  surveyId: number,
  fields: Record<string, string>,
  photo?: Uint8Array,
  type = 'image/jpeg',
  to = app,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (photo) form.set('photo', new Blob([photo as BlobPart], { type }), 'photo.jpg');
  const headers: Record<string, string> = {
    'X-CSRF-Token': browser.csrf,
    Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  const res = await to.request(
    `/surveys/${surveyId}/posts.json`,
    { method: 'POST', body: form, headers },
    { incoming: { socket: { remoteAddress: browser.address } } },
  );
  return { status: res.status, json: await res.json() };
}

const cookieOf = (browser: TestBrowser) => ({ Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
/** A JPEG of `bytes` bytes whose last byte is `mark`, so two photos tell apart. */
const jpegOf = (bytes: number, mark = 1) => {
  const photo = new Uint8Array(bytes);
  photo.set(jpeg);
  photo[bytes - 1] = mark;
  return photo;
};

describe('survey editor API', () => {
  it('saves a new survey dropping empty questions and answers, removing default next steps, and encoding photo_required', async () => {
    const { browser, mapId } = await proWithProject();
    const questions = [
      {
        id: 'a',
        question: 'Condition?',
        column: 'condition',
        answers: [{ label: 'Good' }, { label: '  ' }, { label: 'Poor', next: 'c' }],
        next: 'b',
      },
      { id: 'b', question: '   ', column: 'x', answers: 'textarea' },
      { id: 'c', question: 'Notes', column: 'notes', answers: 'textarea', required: true },
    ];
    const made = await createSurvey(browser, mapId, questions, '0');
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      type: 'Survey',
      name: 'Occupancy',
      map_id: mapId,
      photo_required: false,
      permissions: { update: true },
      question_count: 2,
      count: 0,
      message: 'Survey saved.',
    });
    // b was empty, so a's next step (b) no longer names a later question and falls back to the default.
    expect(made.json.questions).toEqual([
      {
        id: 'a',
        question: 'Condition?',
        column: 'condition',
        answers: [
          { label: 'Good', value: 1 },
          { label: 'Poor', value: 2, next: 'c' },
        ],
      },
      { id: 'c', question: 'Notes', column: 'notes', answers: 'textarea', required: true },
    ]);
    const updated = await browser.put(`/surveys/${made.json.id}.json`, {
      map_id: mapId,
      questions: JSON.stringify(twoQuestions),
      photo_required: '1',
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ photo_required: true, question_count: 2, message: 'Survey saved.' });
    expect(updated.json.questions[1]).toMatchObject({ id: 'why', column: 'why_is_it' });
    const listed = await browser.get(`/sources.json?type=survey&group=false&map_id=${mapId}`);
    expect(listed.json.sources).toHaveLength(1);
    expect(listed.json.upsell).toMatchObject({ blocked: false });
  });

  it('refuses an answer over 500 characters and bad input with the one error shape', async () => {
    const { browser, mapId } = await proWithProject();
    const long = [{ id: 'a', question: 'Q', answers: [{ label: 'x'.repeat(501) }] }];
    const refused = await createSurvey(browser, mapId, long);
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('BAD_REQUEST');
    expect(
      (await createSurvey(browser, mapId, [{ id: 'a', question: 'Q', answers: [{ label: 'x'.repeat(500) }] }])).status,
    ).toBe(201);
    expect((await browser.post('/surveys.json', { map_id: mapId, questions: '{not json' })).json.error.code).toBe(
      'BAD_REQUEST',
    );
    expect(
      (await browser.post('/surveys.json', { map_id: mapId, questions: '[]', photo_required: 'yes' })).status,
    ).toBe(400);
  });

  it('serves presets that are valid surveys', async () => {
    const res = await new TestBrowser(app).get('/sources/presets.json');
    expect(res.status).toBe(200);
    const names = res.json.presets.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Property condition', 'Vacancy check']));
    const { browser, mapId } = await proWithProject();
    for (const preset of res.json.presets) {
      const made = await createSurvey(browser, mapId, preset.questions);
      expect(made.status).toBe(201);
      expect(made.json.questions).toEqual(preset.questions);
    }
  });
});

describe('survey permissions per role', () => {
  it('lets managers create and edit, members read and post but not create or edit, and hides surveys from everyone else', async () => {
    const { browser: manager, mapId, admin } = await proWithProject();
    const survey = (await createSurvey(manager, mapId, twoQuestions, '0')).json;
    const member = await invitedMember(app, config, manager);
    const { browser: otherPro } = await signedInUser(app, sql, 'pro', admin);
    const { browser: free } = await signedInUser(app, sql, 'free');
    const anonymous = new TestBrowser(app);

    // Anonymous: nothing; Free: the upgrade block; another group: 404.
    expect((await createSurvey(anonymous, mapId)).status).toBe(401);
    const freeTry = await createSurvey(free, mapId);
    expect(freeTry.status).toBe(404); // not their project
    expect((await free.get('/sources.json?type=survey&group=false')).json).toMatchObject({
      sources: [],
      upsell: { blocked: true, reason: 'level', upgrade_plan: 'Pro' },
    });
    expect((await otherPro.get(`/surveys/${survey.id}.json`)).status).toBe(404);
    expect((await otherPro.put(`/surveys/${survey.id}.json`, { map_id: mapId, questions: '[]' })).status).toBe(404);
    expect((await anonymous.get(`/surveys/${survey.id}/posts.csv`)).status).toBe(404);

    // A member reads the survey (permissions.update false), cannot edit or create, and can post.
    const seen = await member.get(`/surveys/${survey.id}.json`);
    expect(seen.json.permissions).toEqual({ update: false });
    expect((await member.get(`/sources/${survey.id}.json`)).json).toEqual(seen.json);
    const edit = await member.put(`/surveys/${survey.id}.json`, { map_id: mapId, questions: '[]' });
    expect(edit.status).toBe(403);
    expect(edit.json.error.message).toBe('You do not have permission to edit this survey.');
    const create = await createSurvey(member, mapId);
    expect(create.status).toBe(403);
    expect(create.json.error.details).toMatchObject({ reason: 'member' });
    const posted = await postAnswers(member, survey.id, {
      client_id: randomUUID(),
      parcel_path: parcel.path,
      answers: JSON.stringify({ occupied: 'Yes' }),
    });
    expect(posted.status).toBe(201);

    // An admin session sees and edits every survey.
    expect((await admin.get(`/surveys/${survey.id}.json`)).json.permissions).toEqual({ update: true });
  });
});

describe('surveyor posts', () => {
  it('follows next steps, enforces Required and the photo, and stores one post per client id', async () => {
    const { browser, mapId } = await proWithProject();
    const survey = (await createSurvey(browser, mapId)).json;
    const base = { parcel_path: parcel.path };
    const missingWhy = await postAnswers(
      browser,
      survey.id,
      { ...base, client_id: randomUUID(), answers: JSON.stringify({ occupied: 'No' }) },
      jpeg,
    );
    expect(missingWhy.status).toBe(400);
    expect(missingWhy.json.error.message).toContain('"Why is it empty?" is required');
    const noPhoto = await postAnswers(browser, survey.id, {
      ...base,
      client_id: randomUUID(),
      answers: JSON.stringify({ occupied: 'Yes' }),
    });
    expect(noPhoto.json.error.message).toContain('A photo is required');
    const notImage = await postAnswers(
      browser,
      survey.id,
      { ...base, client_id: randomUUID(), answers: JSON.stringify({ occupied: 'Yes' }) },
      new TextEncoder().encode('<html>'),
      'image/jpeg',
    );
    expect(notImage.status).toBe(415);

    // "Yes" ends the survey: the stale answer to the skipped question is dropped.
    const clientId = randomUUID();
    const fields = { ...base, client_id: clientId, answers: JSON.stringify({ occupied: 'Yes', why: 'left over' }) };
    const first = await postAnswers(browser, survey.id, fields, jpeg);
    expect(first.status).toBe(201);
    const again = await postAnswers(browser, survey.id, fields, jpeg);
    expect(again).toMatchObject({ status: 200, json: { id: first.json.id, created: false } });
    const [row] = await sql`SELECT answers, status, photo FROM survey_posts WHERE survey_id = ${survey.id}`;
    expect(row).toMatchObject({ answers: { occupied: 'Yes' }, status: 2 });
    expect((await sql`SELECT count(*)::int AS n FROM survey_posts WHERE survey_id = ${survey.id}`)[0]!.n).toBe(1);
    const photo = await app.request(`/surveys/${survey.id}/posts/${first.json.id}/photo`, {
      headers: { Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(photo.headers.get('content-type')).toBe('image/jpeg');

    const csv = await app.request(`/surveys/${survey.id}/posts.csv`, {
      headers: { Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'post_id,parcel_path,created_at,user_id,user_name,status,status_label,photo,occupied,why_is_it,parcelnumb,address,owner,usedesc,lat,lon',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${parcel.path},`);
    expect(lines[1]).toContain(',2,surveyed,');
  });

  it('recolours the parcel through an @status rule, and tells an open map the new tile URL within 2 seconds', async () => {
    const { browser, mapId, userId } = await proWithProject();
    const survey = (await createSurvey(browser, mapId, twoQuestions, '0')).json;
    const definition = {
      query: { parcel: true, path: cambridge, survey: survey.id },
      styles: [{ field: '@status', predicate: 'is', value: '2', fill: '#00ff00', line: '#008800' }],
    };
    const created = await browser.post('/api/v1/sources', definition);
    expect(created.status).toBe(200);
    // Someone outside the group cannot style by this survey.
    expect((await new TestBrowser(app).post('/api/v1/sources', definition)).status).toBe(404);

    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { z, x, y } = lonLatToTile(parcel.lon, parcel.lat, 16);
    const ruleOfParcel = async (tiles: string) => {
      const res = await app.request(
        new URL(tiles.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))).pathname +
          new URL(tiles.replace('{z}/{x}/{y}', '0/0/0')).search,
        { headers: { Cookie: cookie } },
      );
      return (await decodeTile(res, 'parcels')).find((f) => f.id === parcel.id)?.properties.rule;
    };
    expect(await ruleOfParcel(created.json.tiles[0])).toBe(1); // the default rule: not surveyed yet

    const live = await app.request(`/api/v1/sources/${created.json.id}/live`, { headers: { Cookie: cookie } });
    expect(live.headers.get('content-type')).toContain('text/event-stream');
    const reader = live.body!.getReader();
    const events: { version: string; tiles: string[] }[] = [];
    let buffer = '';
    const nextEvent = async () => {
      while (true) {
        const cut = buffer.indexOf('\n\n');
        if (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((l) => l.startsWith('data:'));
          if (data) return JSON.parse(data.slice(5)) as { version: string; tiles: string[] };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += new TextDecoder().decode(value);
      }
    };
    events.push(await nextEvent());
    expect(events[0]!.tiles).toEqual(created.json.tiles);

    const started = performance.now();
    expect(
      (
        await postAnswers(browser, survey.id, {
          client_id: randomUUID(),
          parcel_path: parcel.path,
          answers: JSON.stringify({ occupied: 'Yes' }),
        })
      ).status,
    ).toBe(201);
    events.push(await nextEvent());
    const elapsed = performance.now() - started;
    await reader.cancel();
    expect(elapsed).toBeLessThan(2000);
    expect(events[1]!.version).not.toBe(events[0]!.version);
    expect(await ruleOfParcel(events[1]!.tiles[0]!)).toBe(0); // @status is 2: green

    // @user_id reads the surveyor of the latest post; the TileJSON is for the survey's readers only.
    const bySurveyor = await browser.post('/api/v1/sources', {
      query: { parcel: true, path: cambridge, survey: survey.id },
      styles: [{ field: '@user_id', predicate: 'is', value: String(userId), fill: '#0000ff', line: '#000088' }],
    });
    expect(await ruleOfParcel(bySurveyor.json.tiles[0])).toBe(0);
    expect((await new TestBrowser(app).get(`/api/v1/sources/${created.json.id}.json`)).status).toBe(404);
    expect((await new TestBrowser(app).get(`/api/v1/sources/${created.json.id}/live`)).status).toBe(404);
  });

  it('L17: a post repeating an existing client_id does not overwrite that photo (200 with the first post, its bytes kept)', async () => {
    const { browser, mapId } = await proWithProject();
    const survey = (await createSurvey(browser, mapId)).json;
    const fields = { client_id: randomUUID(), parcel_path: parcel.path, answers: JSON.stringify({ occupied: 'Yes' }) };
    const first = await postAnswers(browser, survey.id, fields, jpegOf(2048, 7));
    expect(first.status).toBe(201);
    const again = await postAnswers(browser, survey.id, fields, jpegOf(4096, 9));
    expect(again).toMatchObject({ status: 200, json: { id: first.json.id, created: false } });
    const stored = await app.request(`/surveys/${survey.id}/posts/${first.json.id}/photo`, {
      headers: cookieOf(browser),
    });
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.from(jpegOf(2048, 7)))).toBe(true);
  });

  it('L17: a group has a survey photo storage quota (SURVEY_PHOTO_QUOTA_MB): a photo that would pass it is refused with 413, also in parallel', async () => {
    const quota = createApp({ config: { ...config, SURVEY_PHOTO_QUOTA_MB: 1 }, sql, logger: createLogger('silent') });
    const { browser, mapId } = await proWithProject();
    const survey = (await createSurvey(browser, mapId)).json;
    const post = () =>
      postAnswers(
        browser,
        survey.id,
        { client_id: randomUUID(), parcel_path: parcel.path, answers: JSON.stringify({ occupied: 'Yes' }) },
        jpegOf(300 * 1024),
        'image/jpeg',
        quota,
      );
    const answers = await Promise.all(Array.from({ length: 5 }, post));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 413);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json.error.message).toBe(
      "Your account's survey photos have reached their 1 MB of storage; this photo was not saved.",
    );
    const [row] = await sql<
      { n: number; bytes: number }[]
    >`SELECT count(*)::int AS n, sum(photo_bytes)::int AS bytes FROM survey_posts WHERE survey_id = ${survey.id}`;
    expect(row).toEqual({ n: 3, bytes: 3 * 300 * 1024 });
    // A post without a photo still goes in.
    const bare = createApp({ config: { ...config, SURVEY_PHOTO_QUOTA_MB: 1 }, sql, logger: createLogger('silent') });
    const plain = (await createSurvey(browser, mapId, twoQuestions, '0')).json;
    expect(
      (
        await postAnswers(
          browser,
          plain.id,
          { client_id: randomUUID(), parcel_path: parcel.path, answers: JSON.stringify({ occupied: 'Yes' }) },
          undefined,
          'image/jpeg',
          bare,
        )
      ).status,
    ).toBe(201);
  });

  it('refuses a photo over 8 MB as 413', async () => {
    const { browser, mapId } = await proWithProject();
    const survey = (await createSurvey(browser, mapId)).json;
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set(jpeg.subarray(0, 4));
    const res = await postAnswers(
      browser,
      survey.id,
      { client_id: randomUUID(), parcel_path: parcel.path, answers: JSON.stringify({ occupied: 'Yes' }) },
      big,
    );
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
