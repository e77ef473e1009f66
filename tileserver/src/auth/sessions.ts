// Sessions stored in PostgreSQL (only a SHA-256 of the id), carried in an HttpOnly, SameSite=Lax
// cookie (Secure when PUBLIC_URL is https). Each session has its own CSRF token, which the viewer reads
// from /api/v1/session.json and sends back in X-CSRF-Token on state-changing cookie requests.
// A session slides 30 days from its last use but ends 90 days after sign-in whatever happens; an
// admin's acting session ("sign in as") ends one hour after it began.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { servedOverHttps, type Config } from '../config.ts';
import type { Sql } from '../db/client.ts';

export const sessionCookieName = 'pm_session';
export const csrfHeaderName = 'X-CSRF-Token';
const sessionDays = 30;
/** The absolute lifetime: no use keeps a session alive past this many days after sign-in. */
export const sessionMaxDays = 90;
/** An acting session ("sign in as") lasts this long from its start, and does not slide. */
export const actingSessionMinutes = 60;

export const secretHash = (secret: string): Buffer => createHash('sha256').update(secret).digest();
export const newSecret = (): string => randomBytes(32).toString('base64url');
/**
 * A group or sandbox API token. Its own prefix (not pm_, which payment-method ids carry) lets secret
 * scanners and log scrubbers tell it apart; tokens issued with the old prefix still work (looked up by hash).
 */
export const newApiToken = (): string => `pmk_${newSecret()}`;

export interface SessionRecord {
  idHash: Buffer;
  userId: number;
  csrfToken: string;
  actingAdminId: number | null;
}

/** A new session; an acting one ("sign in as") names its admin and the admin session it came from. */
export async function createSession(
  sql: Sql,
  userId: number,
  acting?: { adminId: number; from: Buffer },
): Promise<{ id: string; csrfToken: string }> {
  const id = newSecret();
  const csrfToken = newSecret();
  const actingAdminId = acting?.adminId ?? null;
  await sql`
    INSERT INTO sessions (id_hash, user_id, csrf_token, acting_admin_id, acting_from, expires_at)
    VALUES (${secretHash(id)}, ${userId}, ${csrfToken}, ${actingAdminId}, ${acting?.from ?? null},
            now() + CASE WHEN ${actingAdminId}::bigint IS NULL THEN make_interval(days => ${sessionDays}) ELSE make_interval(mins => ${actingSessionMinutes}) END)`;
  return { id, csrfToken };
}

/** Whether a cookie value can be a session id at all (newSecret's shape), before any query. */
export function looksLikeSessionId(id: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(id);
}

/**
 * Sliding expiry. The caller resolver reads the session with its user in one query and calls this when
 * `last_seen_at` is over an hour old, so that most reads stay reads.
 */
export async function touchSession(sql: Sql, idHash: Buffer): Promise<void> {
  await sql`
    UPDATE sessions SET last_seen_at = now(),
      expires_at = CASE WHEN acting_admin_id IS NULL
                        THEN least(now() + make_interval(days => ${sessionDays}), created_at + make_interval(days => ${sessionMaxDays}))
                        ELSE expires_at END
    WHERE id_hash = ${idHash}`;
}

/**
 * Continues a live session under a new id (its cookie value is unknown: only hashes are kept), with
 * the same user and the same expiry; the old id stops working. Undefined when it was not live.
 */
export async function resumeSession(sql: Sql, idHash: Buffer): Promise<{ id: string; csrfToken: string } | undefined> {
  const id = newSecret();
  const csrfToken = newSecret();
  const rows = await sql`
    WITH old AS (
      UPDATE sessions SET revoked_at = now() WHERE id_hash = ${idHash} AND revoked_at IS NULL AND expires_at > now()
      RETURNING user_id, created_at, expires_at
    )
    INSERT INTO sessions (id_hash, user_id, csrf_token, created_at, expires_at)
    SELECT ${secretHash(id)}, user_id, ${csrfToken}, created_at, expires_at FROM old
    RETURNING user_id`;
  return rows.length === 1 ? { id, csrfToken } : undefined;
}

export async function revokeSession(sql: Sql, idHash: Buffer): Promise<void> {
  await sql`UPDATE sessions SET revoked_at = now() WHERE id_hash = ${idHash} AND revoked_at IS NULL`;
}

/**
 * Every session of a user (password or email change, reset, admin command), except the one that made
 * the change, and every session in which this user acts as someone else: a stolen admin session must
 * not live on as an acting session after the admin's credentials are reset.
 */
export async function revokeUserSessions(sql: Sql, userId: number, except?: Buffer): Promise<void> {
  await sql`
    UPDATE sessions SET revoked_at = now()
    WHERE (user_id = ${userId} OR acting_admin_id = ${userId}) AND revoked_at IS NULL AND id_hash <> ${except ?? Buffer.alloc(0)}`;
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, sessionCookieName);
}

export function writeSessionCookie(c: Context, config: Config, id: string): void {
  setCookie(c, sessionCookieName, id, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: servedOverHttps(config),
    path: '/',
    maxAge: sessionMaxDays * 86400,
  });
}

export function clearSessionCookie(c: Context, config: Config): void {
  deleteCookie(c, sessionCookieName, { path: '/', secure: servedOverHttps(config) });
}

// The device cookie (OWASP): proof that this browser signed in to an account before, so that failures
// of others on that account do not lock it out (features/accounts). It grants nothing else.
const deviceCookieName = 'pm_device';
/** How long a device cookie counts (from the sign-in that issued it). */
export const deviceDays = 180;

export function readDeviceCookie(c: Context): string | undefined {
  const value = getCookie(c, deviceCookieName);
  return value && looksLikeSessionId(value) ? value : undefined;
}

export function writeDeviceCookie(c: Context, config: Config, token: string): void {
  setCookie(c, deviceCookieName, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: servedOverHttps(config),
    path: '/users',
    maxAge: deviceDays * 86400,
  });
}
