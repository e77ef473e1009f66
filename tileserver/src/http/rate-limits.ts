// Per-minute rate limits for the expensive routes (search, parcel records, insights, exports, imagery,
// source extents and value lists), counted both per client address and per credential (API token or
// session), so neither many addresses with one token nor many tokens from one address get past. Over the limit: 429 JSON with Retry-After.
// Which paths spend which limit is the gate table's (route-gates.ts): a route family merged later joins there.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { requestToken } from '../auth/caller.ts';
import { readSessionCookie } from '../auth/sessions.ts';
import { clientAddress, RateLimiter } from '../auth/rate-limit.ts';
import type { Config } from '../config.ts';
import { routeGateOf, routeGateRows } from './route-gates.ts';

export interface ExpensiveRoute {
  /** The limit's name (rows that share a limit share its name and its count). */
  name: string;
  /** What the 429 message calls these requests. */
  label: string;
  /** Matches the request path (not the route pattern: records and insights are wildcard routes). */
  pattern: RegExp;
  perMinute: (config: Config) => number;
}

/** The rows of the gate table (route-gates.ts) that spend a per-minute limit, in the table's order. */
export const expensiveRoutes: ExpensiveRoute[] = routeGateRows.flatMap((row) =>
  row.limit
    ? [{ name: row.limit.name, label: row.limit.label, pattern: row.pattern, perMinute: row.limit.perMinute }]
    : [],
);

const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * The request's credential, hashed: its token (auth/caller.ts requestToken) other than the anonymous one,
 * else the session cookie. A malformed Authorization header counts as none here; the route answers 401.
 */
export function credentialKey(c: Context, config: Config): string | undefined {
  let token: string | undefined;
  try {
    token = requestToken(c.req.header('authorization'), c.req.query('token'));
  } catch {
    token = undefined;
  }
  if (token && token !== config.ANON_TOKEN) return `token:${digest(token)}`;
  const session = readSessionCookie(c);
  return session ? `session:${digest(session)}` : undefined;
}

export function expensiveRateLimits(config: Config): MiddlewareHandler {
  // One counter per limit, shared by the rows that name it.
  const limiters = new Map<string, RateLimiter>();
  for (const row of routeGateRows) {
    const limit = row.limit?.perMinute(config) ?? 0;
    if (row.limit && limit > 0 && !limiters.has(row.limit.name))
      limiters.set(row.limit.name, new RateLimiter({ limit, windowMs: 60_000, maxKeys: 50_000 }));
  }
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'POST') return next();
    const limit = routeGateOf(c.req.path).limit;
    const limiter = limit && limiters.get(limit.name);
    if (limit && limiter) {
      const message = `Too many ${limit.label} requests; wait a minute and try again`;
      const credential = credentialKey(c, config);
      // The credential first: a client address shared by many users (an office) should not be the
      // only thing that counts when a token identifies the caller. Both are counted either way.
      if (credential) limiter.hit(credential, message);
      limiter.hit(`client:${clientAddress(c)}`, message);
    }
    return next();
  };
}
