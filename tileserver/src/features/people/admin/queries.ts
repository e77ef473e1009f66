// SQL of the admin pages: overview counts, user search, plan changes, the audit trail, and the lists
// of profile answers, place requests and search feedback.
import type { Sql } from '../../../db/client.ts';
import { likeContaining } from '../../../db/like.ts';

export async function overviewCounts(sql: Sql): Promise<Record<string, number>> {
  const [row] = await sql<Record<string, number>[]>`
    SELECT (SELECT count(*) FROM users)::int AS users,
           (SELECT count(*) FROM users WHERE created_at > now() - interval '7 days')::int AS users_last_7_days,
           (SELECT count(*) FROM groups WHERE tier = 'pro')::int AS pro_groups,
           (SELECT count(*) FROM groups WHERE tier = 'team')::int AS team_groups,
           (SELECT count(*) FROM sessions WHERE revoked_at IS NULL AND expires_at > now())::int AS active_sessions,
           (SELECT coalesce(sum(used), 0) FROM lookups WHERE day = (now() AT TIME ZONE 'UTC')::date)::int AS lookups_today,
           (SELECT count(*) FROM place_requests)::int AS place_requests,
           (SELECT count(*) FROM search_feedback)::int AS search_feedback`;
  return row!;
}

export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  created_at: Date;
  group_name: string | null;
  group_path: string | null;
  tier: string | null;
}

/** Users whose name or email contains the query (newest first), 50 per page. */
export async function searchUsers(sql: Sql, query: string, page: number): Promise<AdminUserRow[]> {
  const pattern = likeContaining(query);
  const rows = await sql<(AdminUserRow & { id: string })[]>`
    SELECT u.id, u.name, u.email, u.is_admin, u.created_at, g.name AS group_name, '/g/' || g.slug AS group_path, g.tier
    FROM users u LEFT JOIN groups g ON g.id = u.primary_group_id
    WHERE ${query} = '' OR u.name ILIKE ${pattern} OR u.email ILIKE ${pattern}
    ORDER BY u.created_at DESC, u.id DESC LIMIT 50 OFFSET ${page * 50}`;
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function audit(
  sql: Sql,
  entry: { actorId: number | null; action: string; targetUserId?: number; targetGroupId?: number; details?: object },
): Promise<void> {
  await sql`
    INSERT INTO audit_log (actor_id, action, target_user_id, target_group_id, details)
    VALUES (${entry.actorId}, ${entry.action}, ${entry.targetUserId ?? null}, ${entry.targetGroupId ?? null}, ${sql.json((entry.details ?? {}) as never)})`;
}

export async function profileAnswers(sql: Sql, page: number) {
  return sql<{ name: string; email: string; job_title: string | null; industry: string | null; created_at: Date }[]>`
    SELECT name, email, profile_answers->>'job_title' AS job_title, profile_answers->>'industry' AS industry, created_at
    FROM users WHERE profile_answers <> '{}' ORDER BY created_at DESC LIMIT 100 OFFSET ${page * 100}`;
}

export async function placeRequests(sql: Sql, page: number) {
  return sql<{ path: string; name: string; contact: string; comment: string; created_at: Date }[]>`
    SELECT path, name, contact, comment, created_at FROM place_requests ORDER BY created_at DESC LIMIT 100 OFFSET ${page * 100}`;
}

export async function searchFeedback(sql: Sql, page: number) {
  return sql<{ query: string; additional_information: string; created_at: Date }[]>`
    SELECT query, additional_information, created_at FROM search_feedback ORDER BY created_at DESC LIMIT 100 OFFSET ${page * 100}`;
}

/**
 * The admin session an acting session was started from, while it is live and its user still an admin
 * ("Switch Back to Admin" resumes it; anything else means signing in again).
 */
export async function adminSessionToResume(sql: Sql, adminId: number, actingHash: Buffer): Promise<Buffer | undefined> {
  const [row] = await sql<{ id_hash: Buffer }[]>`
    SELECT a.id_hash FROM sessions s
    JOIN sessions a ON a.id_hash = s.acting_from
    JOIN users u ON u.id = a.user_id
    WHERE s.id_hash = ${actingHash} AND a.user_id = ${adminId} AND u.is_admin AND a.acting_admin_id IS NULL
      AND a.revoked_at IS NULL AND a.expires_at > now()`;
  return row?.id_hash;
}
