// Surveys inside projects (spec 2 and 7): presets, the survey list, create and update,
// the surveyor's posts (with a photo stored under DATA_DIR) and a survey's posts as csv. Members of
// the owning group read and post; managers (and a survey's creator) edit; a guest with the project's
// share link (?share=, checked on every request) reads the survey source only, and is refused the
// rest with 403; others get 404 (policy.ts).
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { requireSession, type Caller, type CallerResolver } from '../../../auth/caller.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { bodyLimit, requestBody } from '../../../http/request-body.ts';
import { MAX_PHOTO_BYTES, photoType, surveysPerGroup } from './limits.ts';
import { projectSharedWith } from '../projects/service.ts';
import { canEditSurvey, canReadSurvey, surveyAccess, surveyUpsell } from './policy.ts';
import { photoDirOf } from './photo-files.ts';
import { surveyPresets } from './presets.ts';
import {
  countSurveys,
  groupPhotoBytes,
  insertPost,
  postOfClient,
  insertSurvey,
  parcelExists,
  postPhoto,
  postsForExport,
  projectGroup,
  surveyById,
  surveysOfGroup,
  updateSurvey,
  type SurveyRow,
} from './queries.ts';
import {
  answerProblems,
  answersOnPath,
  normaliseQuestions,
  postFields,
  POST_STATUS,
  shareToken,
  surveySaveBody,
  surveyTexts,
  type SurveySource,
} from '@parcel-map/contracts/workspace/surveys';
import { postsCsv } from './csv.ts';

/** The ?share= token of a guest's request (validated: a malformed one is a 400, a wrong one a 404). */
const shareParam = (c: Context): string | undefined => {
  const raw = c.req.query('share');
  if (raw === undefined || raw === '') return undefined;
  const parsed = shareToken.safeParse(raw);
  if (!parsed.success)
    throw new ApiError('BAD_REQUEST', 'share must be the token of a share link', { parameter: 'share' });
  return parsed.data;
};

const surveyIdParam = (c: Context) => {
  const id = Number(c.req.param('id')!.replace(/\.json$/, ''));
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError('NOT_FOUND', 'No such survey');
  return id;
};

export function surveyRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  const { sql } = deps;
  const photoDir = photoDirOf(deps.config.DATA_DIR);

  const source = (caller: Caller, row: SurveyRow): SurveySource => ({
    id: row.id,
    type: 'Survey',
    name: row.name,
    map_id: row.project_id,
    permissions: { update: canEditSurvey(caller, row) },
    questions: row.questions,
    photo_required: row.photo_required,
    question_count: row.questions.length,
    count: row.post_count,
    created_at: row.created_at.toISOString(),
  });

  /**
   * The survey a request names, if the caller may read it; `membersOnly` is the 403 message for a
   * guest (who may read the survey through the share link, but not do this).
   */
  const load = async (c: Context, membersOnly?: string): Promise<{ caller: Caller; survey: SurveyRow }> => {
    const caller = await deps.callers.of(c);
    const share = shareParam(c);
    const survey = await surveyById(sql, surveyIdParam(c));
    const shared =
      survey && share && !canReadSurvey(caller, survey)
        ? await projectSharedWith(sql, survey.project_id, share)
        : false;
    const access = survey ? surveyAccess(caller, survey, shared) : 'none';
    if (!survey || access === 'none') throw new ApiError('NOT_FOUND', 'No such survey');
    if (access === 'guest' && membersOnly !== undefined) throw new ApiError('FORBIDDEN', membersOnly);
    return { caller, survey };
  };

  const upsellOf = async (caller: Caller) =>
    surveyUpsell(caller, caller.group ? await countSurveys(sql, caller.group.id) : 0, surveysPerGroup[caller.level]);

  app.get('/sources/presets.json', (c) =>
    c.json({ presets: surveyPresets }, 200, { 'Cache-Control': 'private, max-age=3600' }),
  );

  // GET /sources.json?type=survey&group=false: the caller's group's surveys (optionally of one project),
  // with the upsell check the editor shows before a new survey. With map_id and share (a guest
  // holding the project's share link): that project's surveys, read-only.
  app.get('/sources.json', async (c) => {
    const caller = await deps.callers.of(c);
    const type = c.req.query('type') ?? 'survey';
    if (type !== 'survey')
      throw new ApiError('BAD_REQUEST', 'type must be survey (the only listed source type)', { parameter: 'type' });
    const mapRaw = c.req.query('map_id');
    const mapId = mapRaw === undefined || mapRaw === '' ? undefined : Number(mapRaw);
    if (mapId !== undefined && (!Number.isSafeInteger(mapId) || mapId <= 0))
      throw new ApiError('BAD_REQUEST', 'map_id must be a project id', { parameter: 'map_id' });
    const share = shareParam(c);
    if (share !== undefined && mapId === undefined)
      throw new ApiError('BAD_REQUEST', 'share needs map_id: a share link names one project', { parameter: 'map_id' });
    const admin = caller.level === 'admin' && caller.via === 'session';
    /** A guest's list: the shared project's surveys; undefined for its members, who list as members. */
    const sharedRows = async (projectId: number, token: string) => {
      const groupId = await projectGroup(sql, projectId);
      if (admin || (caller.via === 'session' && groupId !== undefined && caller.group?.id === groupId))
        return undefined;
      // Checked on every request, so a revoked link (a new one was made) stops at once.
      if (groupId === undefined || !(await projectSharedWith(sql, projectId, token)))
        throw new ApiError('NOT_FOUND', 'No such project');
      return surveysOfGroup(sql, groupId, projectId);
    };
    const rows =
      (share !== undefined && mapId !== undefined ? await sharedRows(mapId, share) : undefined) ??
      (caller.via === 'session' && (caller.group || admin)
        ? await surveysOfGroup(sql, admin ? null : caller.group!.id, mapId)
        : []);
    return c.json({ sources: rows.map((r) => source(caller, r)), upsell: await upsellOf(caller) }, 200, {
      'Cache-Control': 'no-store',
    });
  });

  // GET /sources/{id}.json is the spec's name for a survey source; /surveys/{id}.json the same answer.
  for (const route of ['/surveys/:id{[0-9]+\\.json}', '/sources/:id{[0-9]+\\.json}']) {
    app.get(route, async (c) => {
      const { caller, survey } = await load(c);
      return c.json(source(caller, survey), 200, { 'Cache-Control': 'no-store' });
    });
  }

  app.post('/surveys.json', bodyLimit(600 * 1024), async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    const body = await requestBody(c, surveySaveBody);
    const groupId = await projectGroup(sql, body.map_id);
    const admin = caller.level === 'admin';
    if (groupId === undefined || (!admin && caller.group?.id !== groupId))
      throw new ApiError('NOT_FOUND', 'No such project');
    const upsell = await upsellOf(caller);
    if (upsell.blocked)
      throw new ApiError('FORBIDDEN', upsell.message!, {
        upsell: 'survey',
        reason: upsell.reason,
        upgrade_plan: upsell.upgrade_plan,
      });
    const questions = normaliseQuestions(body.questions);
    const name = body.name || `Survey ${(await countSurveys(sql, groupId)) + 1}`;
    const id = await insertSurvey(sql, {
      projectId: body.map_id,
      groupId,
      userId: caller.user.id,
      name,
      questions,
      photoRequired: body.photo_required,
    });
    return c.json({ ...source(caller, (await surveyById(sql, id))!), message: surveyTexts.saved }, 201);
  });

  app.put('/surveys/:id{[0-9]+\\.json}', bodyLimit(600 * 1024), async (c) => {
    const { caller, survey } = await load(c, surveyTexts.noPermission);
    requireSession(caller);
    if (!canEditSurvey(caller, survey)) throw new ApiError('FORBIDDEN', surveyTexts.noPermission);
    const body = await requestBody(c, surveySaveBody);
    if (body.map_id !== survey.project_id)
      throw new ApiError('BAD_REQUEST', 'A survey stays in its project: map_id must be its project', {
        parameter: 'map_id',
      });
    await updateSurvey(sql, survey.id, {
      name: body.name || undefined,
      questions: normaliseQuestions(body.questions),
      photoRequired: body.photo_required,
    });
    return c.json({ ...source(caller, (await surveyById(sql, survey.id))!), message: surveyTexts.saved });
  });

  // A surveyor's answers for one parcel: multipart (fields plus an optional photo file) or JSON without
  // a photo. The browser's client_id makes a resend after a lost connection a no-op (200, same id).
  const tooLarge = () =>
    new ApiError('PAYLOAD_TOO_LARGE', `A photo may be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);
  app.post(
    '/surveys/:id{[0-9]+}/posts.json',
    bodyLimit(MAX_PHOTO_BYTES + 256 * 1024, { message: tooLarge().message, upload: true }),
    async (c) => {
      const { caller, survey } = await load(c, surveyTexts.guestPosts);
      requireSession(caller);
      const type = c.req.header('content-type') ?? '';
      let raw: Record<string, unknown>;
      let photo: File | undefined;
      if (type.startsWith('multipart/form-data')) {
        const form = await c.req.parseBody();
        const { photo: file, ...rest } = form;
        raw = rest;
        if (file instanceof File && file.size > 0) photo = file;
        else if (file !== undefined && !(file instanceof File))
          throw new ApiError('BAD_REQUEST', 'photo must be a file', { parameter: 'photo' });
      } else {
        raw = await requestBody(c, postFields.partial().passthrough());
        raw = Object.fromEntries(
          Object.entries(raw).map(([k, v]) => [k, k === 'answers' && typeof v === 'object' ? JSON.stringify(v) : v]),
        );
      }
      const fields = postFields.parse({ ...raw, status: raw.status === undefined ? undefined : String(raw.status) });
      if (!(await parcelExists(sql, fields.parcel_path)))
        throw new ApiError('BAD_REQUEST', `No parcel at ${fields.parcel_path}`, { parameter: 'parcel_path' });
      const answers = fields.status === POST_STATUS.surveyed ? answersOnPath(survey.questions, fields.answers) : {};
      if (fields.status === POST_STATUS.surveyed) {
        const problems = answerProblems(survey.questions, fields.answers);
        if (survey.photo_required && !photo) problems.push('A photo is required');
        if (problems.length) throw new ApiError('BAD_REQUEST', problems.join('; '), { problems });
      }
      let photoName: string | null = null;
      let wrote = false;
      const quotaBytes = deps.config.SURVEY_PHOTO_QUOTA_MB * 1024 * 1024;
      const quotaFull = () =>
        new ApiError('PAYLOAD_TOO_LARGE', surveyTexts.photoQuotaFull(deps.config.SURVEY_PHOTO_QUOTA_MB));
      if (photo) {
        if (photo.size > MAX_PHOTO_BYTES) throw tooLarge();
        // A resend of a stored post answers it as it is: its photo is never replaced by another's bytes.
        const known = await postOfClient(sql, survey.id, fields.client_id);
        if (known !== undefined)
          return c.json({ id: known, client_id: fields.client_id, created: false, status: fields.status }, 200);
        if ((await groupPhotoBytes(sql, survey.group_id)) + photo.size > quotaBytes) throw quotaFull();
        const bytes = new Uint8Array(await photo.arrayBuffer());
        const kind = photoType(bytes);
        if (!kind)
          throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'A photo must be a JPEG, PNG or WebP image', {
            parameter: 'photo',
          });
        // Named by the client id: a resend after a lost answer finds the file of its first attempt.
        photoName = `${survey.id}/${fields.client_id}.${kind.ext}`;
        await mkdir(join(photoDir, String(survey.id)), { recursive: true });
        const temp = join(photoDir, `${photoName}.${process.pid}.part`);
        await writeFile(temp, bytes);
        // link, not rename: a photo already stored under this name (a parallel post of the same client
        // id, or an attempt killed before its row) is kept, never overwritten.
        try {
          await link(temp, join(photoDir, photoName));
          wrote = true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        } finally {
          await rm(temp, { force: true });
        }
      }
      const post = await insertPost(sql, {
        surveyId: survey.id,
        groupId: survey.group_id,
        parcelPath: fields.parcel_path,
        userId: caller.user.id,
        clientId: fields.client_id,
        status: fields.status,
        answers,
        photo: photoName,
        photoBytes: photo ? photo.size : null,
        quotaBytes,
      });
      // A file this request wrote that no new row points at goes again.
      if (wrote && (post === 'quota' || !post.created)) await rm(join(photoDir, photoName!), { force: true });
      if (post === 'quota') throw quotaFull();
      return c.json(
        { id: post.id, client_id: fields.client_id, created: post.created, status: fields.status },
        post.created ? 201 : 200,
      );
    },
  );

  app.get('/surveys/:id{[0-9]+}/posts/:post{[0-9]+}/photo', async (c) => {
    const { survey } = await load(c, surveyTexts.guestResults);
    const name = await postPhoto(sql, survey.id, Number(c.req.param('post')));
    if (!name) throw new ApiError('NOT_FOUND', 'This post has no photo');
    const bytes = await readFile(join(photoDir, name)).catch(() => undefined);
    if (!bytes) throw new ApiError('NOT_FOUND', 'This post has no photo');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': photoType(bytes)?.mime ?? 'application/octet-stream',
      'Cache-Control': 'private, max-age=86400',
    });
  });

  // The direct csv download (the export pipeline is another issue's): one row per post, with the
  // parcel's fields beside the answers.
  app.get('/surveys/:id{[0-9]+}/posts.csv', async (c) => {
    const { survey } = await load(c, surveyTexts.guestResults);
    const csv = postsCsv(survey, await postsForExport(sql, survey.id, csvParcelFields));
    const file = `${
      survey.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'survey'
    }-posts.csv`;
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'no-store',
    });
  });

  return app;
}

/** Parcel columns beside each post in the csv (catalog names, never from a request). */
export const csvParcelFields = ['parcelnumb', 'address', 'owner', 'usedesc', 'lat', 'lon'];
