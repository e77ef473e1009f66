// The one resolver from a request to its Caller. The token travels in `Authorization: Bearer <token>`
// (preferred: it stays out of logs and Referer headers) or in `?token=` (tile URLs in map styles can
// only carry it there). Routes never read tokens themselves.
//
// Tokens are compared as SHA-256 digests with timingSafeEqual, so the answer time says nothing about
// how much of a guess was right; a client whose unknown tokens pass UNAUTHORIZED_PER_MINUTE is
// answered 429 until its window ends, valid token or not, so guessing costs a minute per few tries.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import { clientAddress, RateLimiter } from './rate-limit.ts';
import type { Caller } from './tokens.ts';

const digest = (token: string) => createHash('sha256').update(token).digest();

/** The token of a request: the Bearer credential when present, else the `token` query parameter. */
export function requestToken(authorization: string | undefined, queryToken: string | undefined): string | undefined {
  const bearer = authorization === undefined ? undefined : /^Bearer[ \t]+(\S{1,512})[ \t]*$/i.exec(authorization)?.[1];
  if (authorization !== undefined && bearer === undefined) throw new ApiError('UNAUTHORIZED', 'The Authorization header must be "Bearer <token>"');
  return bearer ?? queryToken;
}

export class CallerResolver {
  private readonly adminDigest: Buffer | undefined;
  private readonly failures: RateLimiter;

  constructor(private readonly config: Config) {
    this.adminDigest = config.ADMIN_TOKEN ? digest(config.ADMIN_TOKEN) : undefined;
    this.failures = new RateLimiter({ limit: config.UNAUTHORIZED_PER_MINUTE, windowMs: 60_000 });
  }

  /** The caller of a Hono request. */
  of(c: Context): Caller {
    return this.resolve(requestToken(c.req.header('authorization'), c.req.query('token')), clientAddress(c));
  }

  /** A missing token is the anonymous visitor; an unknown one is 401 (429 after too many). */
  resolve(token: string | undefined, client: string): Caller {
    if (token === undefined || token === '' || token === this.config.ANON_TOKEN) return { level: 'anonymous', token: this.config.ANON_TOKEN };
    const throttled = 'Too many requests with unknown tokens from this address; try again later';
    if (this.failures.isOver(client)) this.failures.hit(client, throttled);
    if (this.adminDigest && timingSafeEqual(digest(token), this.adminDigest)) return { level: 'admin', token };
    this.failures.hit(client, throttled);
    throw new ApiError('UNAUTHORIZED', 'Unknown token');
  }
}
