// Survey and post queries (tagged templates; every value bound).
import type postgres from 'postgres';
import type { Sql } from '../../../db/client.ts';
import type { SurveyQuestion } from '@parcel-map/contracts/workspace/surveys';

export interface SurveyRow {
  id: number;
  project_id: number;
  group_id: number;
  created_by: number | null;
  name: string;
  questions: SurveyQuestion[];
  photo_required: boolean;
  created_at: Date;
  post_count: number;
}

const columns = (sql: Sql) => sql`s.id::int AS id, s.project_id::int AS project_id, s.group_id::int AS group_id,
  s.created_by::int AS created_by, s.name, s.questions, s.photo_required, s.created_at,
  (SELECT count(*)::int FROM survey_posts sp WHERE sp.survey_id = s.id) AS post_count`;

export async function surveyById(sql: Sql, id: number): Promise<SurveyRow | undefined> {
  const [row] = await sql<SurveyRow[]>`SELECT ${columns(sql)} FROM surveys s WHERE s.id = ${id}`;
  return row;
}

export function surveysOfGroup(sql: Sql, groupId: number | null, projectId?: number): Promise<SurveyRow[]> {
  return sql<SurveyRow[]>`SELECT ${columns(sql)} FROM surveys s
    WHERE (${groupId}::bigint IS NULL OR s.group_id = ${groupId}) AND (${projectId ?? null}::bigint IS NULL OR s.project_id = ${projectId ?? null})
    ORDER BY s.created_at, s.id LIMIT 500`;
}

export async function countSurveys(sql: Sql, groupId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM surveys WHERE group_id = ${groupId}`;
  return row!.n;
}

export async function projectGroup(sql: Sql, projectId: number): Promise<number | undefined> {
  const [row] = await sql<
    { group_id: number }[]
  >`SELECT group_id::int AS group_id FROM projects WHERE id = ${projectId}`;
  return row?.group_id;
}

export async function insertSurvey(
  sql: Sql,
  s: {
    projectId: number;
    groupId: number;
    userId: number | null;
    name: string;
    questions: SurveyQuestion[];
    photoRequired: boolean;
  },
): Promise<number> {
  const [row] = await sql<
    { id: number }[]
  >`INSERT INTO surveys (project_id, group_id, created_by, name, questions, photo_required)
    VALUES (${s.projectId}, ${s.groupId}, ${s.userId}, ${s.name}, ${sql.json(s.questions as never)}, ${s.photoRequired}) RETURNING id::int AS id`;
  return row!.id;
}

export async function updateSurvey(
  sql: Sql,
  id: number,
  s: { name?: string; questions: SurveyQuestion[]; photoRequired: boolean },
): Promise<void> {
  await sql`UPDATE surveys SET name = coalesce(${s.name ?? null}, name), questions = ${sql.json(s.questions as never)},
    photo_required = ${s.photoRequired}, updated_at = now() WHERE id = ${id}`;
}

export async function parcelExists(sql: Sql, path: string): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM parcels WHERE path = ${path}`;
  return row !== undefined;
}

export interface PostRow {
  id: number;
  created: boolean;
}

/**
 * Stores a post once per client id, and bumps the survey's layer version in the same transaction, so
 * sources styled by this survey's @status change tile URLs in every process (LISTEN/NOTIFY). A post
 * with a photo waits for its group's lock and is refused ('quota') when its bytes would take the
 * group's photos past `quotaBytes`, so parallel posts cannot pass the quota together.
 */
export async function insertPost(
  sql: Sql,
  p: {
    surveyId: number;
    groupId: number;
    parcelPath: string;
    userId: number | null;
    clientId: string;
    status: number;
    answers: Record<string, string>;
    photo: string | null;
    photoBytes: number | null;
    quotaBytes: number;
  },
): Promise<PostRow | 'quota'> {
  return sql.begin(async (tx) => {
    const known = async () =>
      (
        await tx<
          { id: number }[]
        >`SELECT id::int AS id FROM survey_posts WHERE survey_id = ${p.surveyId} AND client_id = ${p.clientId}`
      )[0];
    if (p.photoBytes !== null) {
      await tx`SELECT pg_advisory_xact_lock(${photoQuotaLock}, ${p.groupId}::int)`;
      const existing = await known();
      if (existing) return { id: existing.id, created: false };
      if ((await groupPhotoBytes(tx, p.groupId)) + p.photoBytes > p.quotaBytes) return 'quota';
    }
    const [made] = await tx<
      { id: number }[]
    >`INSERT INTO survey_posts (survey_id, parcel_path, user_id, client_id, status, answers, photo, photo_bytes)
      VALUES (${p.surveyId}, ${p.parcelPath}, ${p.userId}, ${p.clientId}, ${p.status}, ${tx.json(p.answers)}, ${p.photo}, ${p.photoBytes})
      ON CONFLICT (survey_id, client_id) DO NOTHING RETURNING id::int AS id`;
    if (made) {
      await tx`SELECT bump_layer_version(${`survey:${p.surveyId}`})`;
      return { id: made.id, created: true };
    }
    return { id: (await known())!.id, created: false };
  }) as Promise<PostRow | 'quota'>;
}

/** The first key of the advisory lock a group's photo posts take (the second is the group id). */
const photoQuotaLock = 26017;

/** Bytes of the photos stored for a group's surveys. */
export async function groupPhotoBytes(
  sql: Sql | postgres.TransactionSql<Record<string, never>>,
  groupId: number,
): Promise<number> {
  const [row] = await sql<{ bytes: string }[]>`
    SELECT coalesce(sum(sp.photo_bytes), 0)::text AS bytes FROM survey_posts sp JOIN surveys s ON s.id = sp.survey_id WHERE s.group_id = ${groupId}`;
  return Number(row!.bytes);
}

/** The id of the post a client id already made, if any. */
export async function postOfClient(sql: Sql, surveyId: number, clientId: string): Promise<number | undefined> {
  const [row] = await sql<
    { id: number }[]
  >`SELECT id::int AS id FROM survey_posts WHERE survey_id = ${surveyId} AND client_id = ${clientId}`;
  return row?.id;
}

export interface ExportRow {
  id: number;
  parcel_path: string;
  user_name: string | null;
  user_id: number | null;
  status: number;
  answers: Record<string, string>;
  photo: string | null;
  created_at: Date;
  parcel: Record<string, unknown> | null;
}

/** A survey's posts with the parcel fields the csv carries (null when the parcel is gone). */
export function postsForExport(sql: Sql, surveyId: number, parcelFields: string[]): Promise<ExportRow[]> {
  return sql<
    ExportRow[]
  >`SELECT sp.id::int AS id, sp.parcel_path, sp.user_id::int AS user_id, u.name AS user_name, sp.status, sp.answers, sp.photo, sp.created_at,
      (SELECT jsonb_build_object(${sql.unsafe(parcelFields.map((f) => `'${f}', p."${f}"`).join(', '))}) FROM parcels p WHERE p.path = sp.parcel_path) AS parcel
    FROM survey_posts sp LEFT JOIN users u ON u.id = sp.user_id
    WHERE sp.survey_id = ${surveyId} ORDER BY sp.created_at, sp.id`;
}

export async function postPhoto(sql: Sql, surveyId: number, postId: number): Promise<string | undefined> {
  const [row] = await sql<
    { photo: string | null }[]
  >`SELECT photo FROM survey_posts WHERE survey_id = ${surveyId} AND id = ${postId}`;
  return row?.photo ?? undefined;
}
