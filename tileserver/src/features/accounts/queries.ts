// SQL of accounts: users, sign-in failures, password resets. Emails compare case-insensitively.
import type { Sql } from '../../db/client.ts';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  is_admin: boolean;
}

export async function insertUser(
  sql: Sql,
  user: { name: string; email: string; passwordHash: string; profileAnswers: object; wantsEmail: boolean; source: string | null; isAdmin?: boolean },
): Promise<number | undefined> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO users (name, email, password_hash, profile_answers, wants_email, source, is_admin)
    VALUES (${user.name}, ${user.email}, ${user.passwordHash}, ${sql.json(user.profileAnswers as never)}, ${user.wantsEmail}, ${user.source}, ${user.isAdmin ?? false})
    ON CONFLICT (lower(email)) DO NOTHING
    RETURNING id`;
  return row ? Number(row.id) : undefined;
}

export async function userByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<(UserRow & { id: string })[]>`
    SELECT id, name, email, password_hash, is_admin FROM users WHERE lower(email) = lower(${email})`;
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function userById(sql: Sql, id: number): Promise<UserRow | undefined> {
  const [row] = await sql<(UserRow & { id: string })[]>`SELECT id, name, email, password_hash, is_admin FROM users WHERE id = ${id}`;
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** Changes what is given; answers false when the new email belongs to someone else. */
export async function updateUser(sql: Sql, id: number, change: { name?: string; email?: string; passwordHash?: string }): Promise<boolean> {
  const rows = await sql`
    UPDATE users SET
      name = coalesce(${change.name ?? null}, name),
      email = coalesce(${change.email ?? null}, email),
      password_hash = coalesce(${change.passwordHash ?? null}, password_hash),
      password_changed_at = CASE WHEN ${change.passwordHash ?? null}::text IS NULL THEN password_changed_at ELSE now() END
    WHERE id = ${id}
      AND NOT EXISTS (SELECT 1 FROM users o WHERE o.id <> ${id} AND lower(o.email) = lower(${change.email ?? ''}))
    RETURNING id`;
  return rows.length === 1;
}

const failureWindow = '10 minutes';

export async function recentFailures(sql: Sql, keys: string[]): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT coalesce(max(n), 0)::int AS n FROM (
      SELECT count(*) AS n FROM sign_in_failures WHERE key = ANY(${keys}::text[]) AND at > now() - ${failureWindow}::interval GROUP BY key
    ) per_key`;
  return row?.n ?? 0;
}

export async function recordFailure(sql: Sql, keys: string[]): Promise<void> {
  await sql`INSERT INTO sign_in_failures (key) SELECT unnest(${keys}::text[])`;
  // Old rows are useless after the window; trimming here keeps the table small without a job.
  await sql`DELETE FROM sign_in_failures WHERE at < now() - interval '1 day'`;
}

export async function createPasswordReset(sql: Sql, userId: number, tokenHash: Buffer): Promise<void> {
  await sql`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (${tokenHash}, ${userId}, now() + interval '1 hour')`;
}

/** Marks a reset link used and answers its user, once, within the hour. */
export async function consumePasswordReset(sql: Sql, tokenHash: Buffer): Promise<number | undefined> {
  const [row] = await sql<{ user_id: string }[]>`
    UPDATE password_resets SET used_at = now()
    WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()
    RETURNING user_id`;
  return row ? Number(row.user_id) : undefined;
}
