// SQL of accounts: users, sign-in failures, password resets. Emails compare case-insensitively.
import type { Sql } from '../../../db/client.ts';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  is_admin: boolean;
}

export async function insertUser(
  sql: Sql,
  user: {
    name: string;
    email: string;
    passwordHash: string;
    profileAnswers: object;
    wantsEmail: boolean;
    source: string | null;
    isAdmin?: boolean;
  },
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
  const [row] = await sql<
    (UserRow & { id: string })[]
  >`SELECT id, name, email, password_hash, is_admin FROM users WHERE id = ${id}`;
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** Changes what is given; answers false when the new email belongs to someone else. */
export async function updateUser(
  sql: Sql,
  id: number,
  change: { name?: string; email?: string; passwordHash?: string },
): Promise<boolean> {
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

export async function primaryGroupOf(sql: Sql, id: number): Promise<number | undefined> {
  const [row] = await sql<{ primary_group_id: string | null }[]>`SELECT primary_group_id FROM users WHERE id = ${id}`;
  return row?.primary_group_id ? Number(row.primary_group_id) : undefined;
}

export async function setAdmin(sql: Sql, id: number): Promise<void> {
  await sql`UPDATE users SET is_admin = true WHERE id = ${id}`;
}

/** Stores a stronger hash of the same password (parameters raised), unless the password changed meanwhile. */
export async function rehashPassword(sql: Sql, id: number, oldHash: string, newHash: string): Promise<void> {
  await sql`UPDATE users SET password_hash = ${newHash} WHERE id = ${id} AND password_hash = ${oldHash}`;
}

const failureWindow = '10 minutes';

/**
 * Counts the recent failures of each key and, unless `refuse` says the attempt may not go on, records
 * this attempt as a failure of every key, all under a lock per key: parallel guesses queue here, so no
 * more than the limit of them ever reach the password check. A success takes its rows back (release).
 */
export async function reserveSignInAttempt(
  sql: Sql,
  keys: string[],
  refuse: (failures: Map<string, number>) => boolean,
): Promise<{ failures: Map<string, number>; reserved: string[] | undefined }> {
  return sql.begin(async (tx) => {
    const db = tx as unknown as Sql;
    // Sorted, so two requests never wait for each other's keys in opposite order.
    await db`SELECT pg_advisory_xact_lock(hashtextextended(k, 7)) FROM unnest(${[...keys].sort()}::text[]) AS k`;
    const rows = await db<{ key: string; n: number }[]>`
      SELECT key, count(*)::int AS n FROM sign_in_failures
      WHERE key = ANY(${keys}::text[]) AND at > now() - ${failureWindow}::interval GROUP BY key`;
    const failures = new Map(keys.map((key) => [key, rows.find((r) => r.key === key)?.n ?? 0]));
    if (refuse(failures)) return { failures, reserved: undefined };
    const ids = await db<
      { id: string }[]
    >`INSERT INTO sign_in_failures (key) SELECT unnest(${keys}::text[]) RETURNING id`;
    return { failures, reserved: ids.map((r) => r.id) };
  });
}

/** Takes back a reserved attempt that turned out right; trims rows past any window on the way. */
export async function releaseSignInAttempt(sql: Sql, reserved: string[]): Promise<void> {
  await sql`DELETE FROM sign_in_failures WHERE id = ANY(${reserved}::bigint[])`;
  await sql`DELETE FROM sign_in_failures WHERE at < now() - interval '1 day'`;
}

/** A device cookie for a browser that just signed in to `userId` (only its hash is kept). */
export async function createSignInDevice(sql: Sql, userId: number, tokenHash: Buffer, days: number): Promise<void> {
  await sql`
    INSERT INTO sign_in_devices (token_hash, user_id, expires_at) VALUES (${tokenHash}, ${userId}, now() + make_interval(days => ${days}))
    ON CONFLICT (token_hash) DO NOTHING`;
}

/** Whether a device cookie is a live one of `userId`. */
export async function isSignInDevice(sql: Sql, userId: number, tokenHash: Buffer): Promise<boolean> {
  const [row] =
    await sql`SELECT 1 FROM sign_in_devices WHERE token_hash = ${tokenHash} AND user_id = ${userId} AND expires_at > now()`;
  return row !== undefined;
}

/** Reset links still out for a user stop working (a password change or a completed reset). */
export async function revokePasswordResets(sql: Sql, userId: number): Promise<void> {
  await sql`UPDATE password_resets SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`;
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
