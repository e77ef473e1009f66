// Sessions stored in PostgreSQL (only a SHA-256 of the id), carried in an HttpOnly, SameSite=Lax
// cookie (Secure when served over https). Each session has its own CSRF token, which the viewer reads
// from /api/v1/session.json and sends back in X-CSRF-Token on state-changing cookie requests.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import type { Sql } from '../db/client.ts';

export const sessionCookieName = 'pm_session';
export const csrfHeaderName = 'X-CSRF-Token';
const sessionDays = 30;

export const secretHash = (secret: string): Buffer => createHash('sha256').update(secret).digest();
export const newSecret = (): string => randomBytes(32).toString('base64url');

export interface SessionRecord {
  idHash: Buffer;
  userId: number;
  csrfToken: string;
  actingAdminId: number | null;
}

export async function createSession(sql: Sql, userId: number, actingAdminId: number | null = null): Promise<{ id: string; csrfToken: string }> {
  const id = newSecret();
  const csrfToken = newSecret();
  await sql`
    INSERT INTO sessions (id_hash, user_id, csrf_token, acting_admin_id, expires_at)
    VALUES (${secretHash(id)}, ${userId}, ${csrfToken}, ${actingAdminId}, now() + make_interval(days => ${sessionDays}))`;
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
  await sql`UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(days => ${sessionDays}) WHERE id_hash = ${idHash}`;
}

export async function revokeSession(sql: Sql, idHash: Buffer): Promise<void> {
  await sql`UPDATE sessions SET revoked_at = now() WHERE id_hash = ${idHash} AND revoked_at IS NULL`;
}

/** Every session of a user (password change, reset), except the one that made the change. */
export async function revokeUserSessions(sql: Sql, userId: number, except?: Buffer): Promise<void> {
  await sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL AND id_hash <> ${except ?? Buffer.alloc(0)}`;
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, sessionCookieName);
}

function servedOverHttps(c: Context, config: Config): boolean {
  return (config.PUBLIC_URL ?? c.req.url).startsWith('https:');
}

export function writeSessionCookie(c: Context, config: Config, id: string): void {
  setCookie(c, sessionCookieName, id, { httpOnly: true, sameSite: 'Lax', secure: servedOverHttps(c, config), path: '/', maxAge: sessionDays * 86400 });
}

export function clearSessionCookie(c: Context, config: Config): void {
  deleteCookie(c, sessionCookieName, { path: '/', secure: servedOverHttps(c, config) });
}
