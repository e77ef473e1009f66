// Per-minute rate limits for the expensive routes (search, parcel records, insights, exports, imagery,
// source extents and value lists), counted both per client address and per credential (API token or
// session), so neither many addresses with one token nor many tokens from one address get past. Over the limit: 429 JSON with Retry-After.
// A route family merged later joins by adding its pattern to expensiveRoutes.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { requestToken } from '../auth/caller.ts';
import { readSessionCookie } from '../auth/sessions.ts';
import { clientAddress, RateLimiter } from '../auth/rate-limit.ts';
import type { Config } from '../config.ts';

export interface ExpensiveRoute {
  name: string;
  /** What the 429 message calls these requests. */
  label: string;
  /** Matches the request path (not the route pattern: records and insights are wildcard routes). */
  pattern: RegExp;
  perMinute: (config: Config) => number;
}

export const expensiveRoutes: ExpensiveRoute[] = [
  {
    name: 'search',
    label: 'search',
    pattern: /^\/search(\.json|\/groups\.json)$/,
    perMinute: (c) => c.SEARCH_PER_MINUTE,
  },
  {
    name: 'records',
    label: 'parcel record',
    // /parcels_at_point.json, /at_point.json, a parcel's own path (/us/ma/middlesex/cambridge/123.json)
    // and the parcel API (/api/v2/parcels/point, address, apn, query).
    pattern:
      /^\/(parcels_at_point\.json|at_point\.json|[A-Za-z]{2}\/.*\/\d+\.json|api\/v2\/parcels\/(point|address|apn|query))$/,
    perMinute: (c) => c.RECORDS_PER_MINUTE,
  },
  {
    name: 'insights',
    label: 'place insights',
    pattern: /^\/(?!api\/).*\/(insights\.json|ask_chatgpt(\.json)?)$/,
    perMinute: (c) => c.INSIGHTS_PER_MINUTE,
  },
  // The export calls that count or write a selection (counts, check, coverage, start); downloads are not limited.
  {
    name: 'exports',
    label: 'export',
    pattern: /\/(blexts\.json|exports\/(check|coverage\.json|start\.json))$/,
    perMinute: (c) => c.EXPORTS_PER_MINUTE,
  },
  // The local provider's anonymous tokeniser writes a row per call and answers which numbers pass.
  {
    name: 'card-tokens',
    label: 'card',
    pattern: /^\/payments\/local\/payment_methods$/,
    perMinute: (c) => c.CARD_TOKENS_PER_MINUTE,
  },
  // Each image is a paid provider call (the daily budgets bound the bill; this bounds the pace).
  {
    name: 'imagery',
    label: 'property image',
    pattern: /^\/imagery\/(street|birdseye)\.jpg$/,
    perMinute: (c) => c.IMAGERY_PER_MINUTE,
  },
  // Scans over a source's selection: its extent and its value lists (autocomplete).
  {
    name: 'extents',
    label: 'source extent and value list',
    pattern: /^\/sources\/[^/]+\/(extent|autocomplete)\.json$/,
    perMinute: (c) => c.EXTENT_PER_MINUTE,
  },
];

const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * The request's credential, hashed: its token (auth/caller.ts requestToken) other than the anonymous one,
 * else the session cookie. A malformed Authorization header counts as none here; the route answers 401.
 */
function credentialKey(c: Context, config: Config): string | undefined {
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
  const limited = expensiveRoutes
    .map((route) => ({ route, limit: route.perMinute(config) }))
    .filter(({ limit }) => limit > 0)
    .map(({ route, limit }) => ({ route, limiter: new RateLimiter({ limit, windowMs: 60_000, maxKeys: 50_000 }) }));
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'POST') return next();
    const path = c.req.path;
    const hit = limited.find(({ route }) => route.pattern.test(path));
    if (hit) {
      const message = `Too many ${hit.route.label} requests; wait a minute and try again`;
      const credential = credentialKey(c, config);
      // The credential first: a client address shared by many users (an office) should not be the
      // only thing that counts when a token identifies the caller. Both are counted either way.
      if (credential) hit.limiter.hit(credential, message);
      hit.limiter.hit(`client:${clientAddress(c)}`, message);
    }
    return next();
  };
}
