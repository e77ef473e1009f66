// HTTP caching of the tile routes' answers, read in one place: conditional GET by If-None-Match (RFC 9110
// 13.1.2, read by http/content-negotiation.ts like every other answer's), and the validated JSON answer of
// TileJSON and styles with a short max-age, public or private by who may share it.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { ifNoneMatchMatches } from '../http/content-negotiation.ts';
import type { TileAudience } from './tile-gate.ts';

/**
 * How long a TileJSON or style may be reused without asking: short, because its tile URLs carry the
 * data version, so a stale document keeps a client on old tiles until it asks again.
 */
export const METADATA_MAX_AGE = 60;

/**
 * A weak ETag of a JSON text: weak because a compressing middleware or proxy may send the same document
 * gzip-encoded under the same tag, and only a weak tag may stand for bytes that differ.
 */
export function weakEtagOf(text: string): string {
  return `W/"${createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;
}

/**
 * Cache-Control and Vary of a document by who may share it: public ones for any cache; `varies` for any
 * cache too, but the same URL answers signed-in callers differently, so the credentials key it; private
 * ones for the caller's own browser only, keyed by the credentials so a sign-out is not answered from it.
 */
export function cacheHeadersOf(audience: TileAudience, maxAge: number): Record<string, string> {
  if (audience === 'private') return { 'Cache-Control': `private, max-age=${maxAge}`, Vary: 'Cookie, Authorization' };
  return {
    'Cache-Control': `public, max-age=${maxAge}`,
    // A token in the Authorization header is not in the URL a shared cache keys on.
    Vary: audience === 'varies' ? 'Cookie, Authorization' : 'Authorization',
  };
}

/** A JSON document with a weak ETag and caching headers; 304 when If-None-Match matches it. */
export function validatedJson(c: Context, body: unknown, audience: TileAudience, maxAge = METADATA_MAX_AGE): Response {
  const text = JSON.stringify(body);
  const etag = weakEtagOf(text);
  const headers = { ...cacheHeadersOf(audience, maxAge), ETag: etag };
  if (ifNoneMatchMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
  return c.body(text, 200, { ...headers, 'Content-Type': 'application/json' });
}
