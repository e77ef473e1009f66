// The one resolver from a request to its Caller. Routes never read cookies or tokens themselves.
//
// Order: an explicit token (`Authorization: Bearer <token>`, else `?token=`) that is not the anonymous
// one names the caller: the admin token, or a group's API token (the group's level). Otherwise the
// session cookie names a signed-in user. Otherwise the caller is the anonymous visitor.
//
// Tokens are compared as SHA-256 digests (timingSafeEqual for the admin token; group tokens are looked
// up by digest), so answer times say nothing about a guess. A client (auth/client-address.ts) whose
// unknown tokens pass UNAUTHORIZED_PER_MINUTE gets 429 for every further unknown token until its window
// ends, while a valid token is still served: behind one proxy or NAT, someone else's bogus tokens
// must not lock out a paying customer, and a 256-bit token cannot be guessed anyway.
// Cookie requests that change state must carry the session's CSRF token in X-CSRF-Token; token
// requests need none (no browser sends them on its own) but cannot manage accounts.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.ts';
import type { Sql } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { clientAddress, RateLimiter } from './rate-limit.ts';
import {
  csrfHeaderName,
  looksLikeSessionId,
  readSessionCookie,
  secretHash,
  touchSession,
  type SessionRecord,
} from './sessions.ts';
import type { Level } from '@parcel-map/contracts/levels';

export interface CallerUser {
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
}

export interface CallerGroup {
  id: number;
  name: string;
  slug: string;
  tier: 'free' | 'pro' | 'team';
  /** The user's role in the group; undefined for a group API token. */
  role?: 'manager' | 'member';
}

export interface Caller {
  level: Level;
  via: 'anonymous' | 'token' | 'session';
  /** The token written into tile URLs: the request's own, else the anonymous one (a session travels in its cookie). */
  token: string;
  user?: CallerUser;
  group?: CallerGroup;
  session?: SessionRecord;
}

const digest = (token: string) => createHash('sha256').update(token).digest();
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The token of a request: the Bearer credential when present, else the `token` query parameter. */
export function requestToken(authorization: string | undefined, queryToken: string | undefined): string | undefined {
  const bearer = authorization === undefined ? undefined : /^Bearer[ \t]+(\S{1,512})[ \t]*$/i.exec(authorization)?.[1];
  if (authorization !== undefined && bearer === undefined)
    throw new ApiError('UNAUTHORIZED', 'The Authorization header must be "Bearer <token>"');
  return bearer ?? queryToken;
}

/** The level a group's plan gives. */
export function groupLevel(tier: CallerGroup['tier']): Level {
  return tier;
}

/** Cross-process notices (the tile cache's LISTEN channel, tiles/layer-versions.ts). */
export interface NoticeHub {
  onNotice(kind: string, notice: (rest: string) => void, resubscribed: () => void): void;
  readonly noticesLive: boolean;
  listen(): Promise<void>;
}

export class CallerResolver {
  private readonly adminDigest: Buffer | undefined;
  private readonly failures: RateLimiter;
  // Group tokens verified lately: the cached-tile fast path answers them without a query. Every
  // process drops a group's entries when the database says the group changed (token rotated, plan
  // changed: sql/functions/auth-notices.sql), and all of them after a reconnect, when such a notice
  // may have been missed. Without notices (not yet subscribed, or a hot standby, which cannot LISTEN)
  // an entry lives one second, so a revoked token is refused within a second on every process.
  private readonly groupTokens = new LRUCache<string, CallerGroup>({ max: 10_000, ttl: 60_000 });
  // Counts forgets: a lookup that raced a notice (read before the change, done after its notice)
  // does not cache what it read.
  private changes = 0;

  constructor(
    private readonly config: Config,
    private readonly sql?: Sql,
    private readonly notices?: NoticeHub,
  ) {
    this.adminDigest = config.ADMIN_TOKEN ? digest(config.ADMIN_TOKEN) : undefined;
    this.failures = new RateLimiter({ limit: config.UNAUTHORIZED_PER_MINUTE, windowMs: 60_000 });
    notices?.onNotice(
      'auth',
      (rest) => {
        const group = /^group:(\d{1,18})$/.exec(rest);
        if (group) this.forgetGroup(Number(group[1]));
      },
      () => {
        this.changes++;
        this.groupTokens.clear();
      },
    );
  }

  private get anonymous(): Caller {
    return { level: 'anonymous', via: 'anonymous', token: this.config.ANON_TOKEN };
  }

  /**
   * The caller of a Hono request. `formToken` is the `token` field of a form body the route has read
   * (ArcGIS clients post it there with the rest of a long query); the URL's token comes first.
   */
  async of(c: Context, formToken?: string): Promise<Caller> {
    const client = clientAddress(c);
    const token = requestToken(c.req.header('authorization'), c.req.query('token') ?? formToken);
    if (token !== undefined && token !== '' && token !== this.config.ANON_TOKEN) return this.fromToken(token, client);
    const sessionId = readSessionCookie(c);
    const caller = sessionId && this.sql ? await this.fromSession(sessionId) : undefined;
    if (!caller) return this.anonymous;
    if (stateChanging.has(c.req.method)) assertCsrf(c.req.header(csrfHeaderName), caller.session!.csrfToken);
    return caller;
  }

  /**
   * Without waiting for the database: whether a token is known to be valid right now (absent, the
   * anonymous one, the admin token, or a group token verified in the last minute). The fast path
   * serves cached tiles only to these; everything else goes through of().
   */
  knownNow(token: string | undefined): boolean {
    if (token === undefined || token === '' || token === this.config.ANON_TOKEN) return true;
    const hashed = digest(token);
    if (this.adminDigest && timingSafeEqual(hashed, this.adminDigest)) return true;
    return this.groupTokens.has(hashed.toString('hex'));
  }

  /** Drops a group's cached tokens (rotated, plan changed): this process sees the change at once. */
  forgetGroup(groupId: number): void {
    this.changes++;
    for (const [key, group] of this.groupTokens.entries()) if (group.id === groupId) this.groupTokens.delete(key);
  }

  private async fromToken(token: string, client: string): Promise<Caller> {
    const throttled = 'Too many requests with unknown tokens from this address; try again later';
    const hashed = digest(token);
    if (this.adminDigest && timingSafeEqual(hashed, this.adminDigest)) return { level: 'admin', via: 'token', token };
    const group = await this.groupOfToken(hashed);
    if (group) return { level: groupLevel(group.tier), via: 'token', token, group };
    this.failures.hit(client, throttled);
    throw new ApiError('UNAUTHORIZED', 'Unknown token');
  }

  private async groupOfToken(hashed: Buffer): Promise<CallerGroup | undefined> {
    const key = hashed.toString('hex');
    const cached = this.groupTokens.get(key);
    if (cached || !this.sql) return cached;
    const changes = this.changes;
    const [row] = await this.sql<{ id: string; name: string; slug: string; tier: CallerGroup['tier'] }[]>`
      SELECT id, name, slug, tier FROM groups WHERE api_token_hash = ${hashed}`;
    if (!row) return undefined;
    const group: CallerGroup = { id: Number(row.id), name: row.name, slug: row.slug, tier: row.tier };
    if (!this.notices?.noticesLive) void this.notices?.listen().catch(() => undefined);
    if (changes === this.changes) this.groupTokens.set(key, group, { ttl: this.notices?.noticesLive ? 60_000 : 1000 });
    return group;
  }

  /** The session, its user and the user's group in one query: every signed-in request pays it. */
  private async fromSession(sessionId: string): Promise<Caller | undefined> {
    if (!looksLikeSessionId(sessionId)) return undefined;
    const [row] = await this.sql!<
      {
        id_hash: Buffer;
        csrf_token: string;
        acting_admin_id: string | null;
        stale: boolean;
        id: string;
        name: string;
        email: string;
        is_admin: boolean;
        group_id: string | null;
        group_name: string | null;
        slug: string | null;
        tier: CallerGroup['tier'] | null;
        role: CallerGroup['role'] | null;
      }[]
    >`
      SELECT s.id_hash, s.csrf_token, s.acting_admin_id, s.last_seen_at < now() - interval '1 hour' AS stale,
             u.id, u.name, u.email, u.is_admin, g.id AS group_id, g.name AS group_name, g.slug, g.tier, m.role
      FROM sessions s
      JOIN users u ON u.id = s.user_id
      LEFT JOIN groups g ON g.id = u.primary_group_id
      LEFT JOIN memberships m ON m.group_id = g.id AND m.user_id = u.id
      WHERE s.id_hash = ${secretHash(sessionId)} AND s.revoked_at IS NULL AND s.expires_at > now()`;
    if (!row) return undefined;
    if (row.stale) await touchSession(this.sql!, row.id_hash);
    const session: SessionRecord = {
      idHash: row.id_hash,
      userId: Number(row.id),
      csrfToken: row.csrf_token,
      actingAdminId: row.acting_admin_id === null ? null : Number(row.acting_admin_id),
    };
    const user: CallerUser = { id: Number(row.id), name: row.name, email: row.email, isAdmin: row.is_admin };
    const group: CallerGroup | undefined =
      row.group_id && row.role
        ? { id: Number(row.group_id), name: row.group_name!, slug: row.slug!, tier: row.tier!, role: row.role }
        : undefined;
    const level: Level = user.isAdmin ? 'admin' : group ? groupLevel(group.tier) : 'free';
    return { level, via: 'session', token: this.config.ANON_TOKEN, user, group, session };
  }
}

function assertCsrf(sent: string | undefined, expected: string): void {
  const ok =
    sent !== undefined && sent.length === expected.length && timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
  if (!ok)
    throw new ApiError(
      'FORBIDDEN',
      `This request needs the ${csrfHeaderName} header of your session (reload the page and try again)`,
    );
}

export type SessionCaller = Caller & { user: CallerUser; session: SessionRecord };

/** Account management is for signed-in users in a browser session, never for API tokens. */
export function requireSession(caller: Caller): asserts caller is SessionCaller {
  if (caller.via !== 'session' || !caller.user || !caller.session)
    throw new ApiError('UNAUTHORIZED', 'Sign in to do this');
}
