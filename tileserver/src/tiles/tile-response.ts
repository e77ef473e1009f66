// Answers a stored tile: 204 when empty, 304 when If-None-Match matches (`*` or a listed tag), the stored
// bytes to clients that accept their encoding, gzip to gzip clients when the tile is held as zstd, and
// decompressed bytes to the others. One decision (tileAnswer) serves both the Hono routes and the
// node:http fast path.
import type { Context } from 'hono';
import { ifNoneMatchMatches, opaqueTag } from '../http/content-negotiation.ts';
import type { StoredTile } from './tile-cache.ts';
import { accepts, decompressSync, toGzipSync, type TileEncoding } from './tile-encoding.ts';

export const MVT_TYPE = 'application/vnd.mapbox-vector-tile';

export interface TileAnswer {
  status: 200 | 204 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * The ETag of a tile in one content coding. The stored tag hashes the raw tile, so the identity bytes
 * keep it as a strong tag; a compressed body names its coding (gzip, zstd and identity bodies never
 * share a tag) and is weak, since its bytes depend on how it was stored (level 1 on a miss, gzip 6 once
 * the tile is hot, or transcoded from zstd) while it stays the same tile.
 */
export function tileEtag(tile: StoredTile, coding: TileEncoding | 'identity'): string {
  if (coding === 'identity' || !tile.body) return tile.etag;
  return `W/"${opaqueTag(tile.etag)}-${coding}"`;
}

/** The coding a client gets: the stored one if it reads it, else gzip if it reads that, else none. */
function codingFor(tile: StoredTile, acceptEncoding: string | undefined): TileEncoding | 'identity' {
  if (accepts(acceptEncoding, tile.encoding)) return tile.encoding;
  return accepts(acceptEncoding, 'gzip') ? 'gzip' : 'identity';
}

export function tileAnswer(
  tile: StoredTile,
  cacheSeconds: number,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): TileAnswer {
  const coding = codingFor(tile, acceptEncoding);
  const headers: Record<string, string> = {
    'Cache-Control': `public, max-age=${cacheSeconds}`,
    ETag: tileEtag(tile, coding),
    Vary: 'Accept-Encoding',
    'Access-Control-Allow-Origin': '*',
  };
  if (ifNoneMatchMatches(ifNoneMatch, headers.ETag!)) return { status: 304, headers, body: null };
  if (!tile.body) return { status: 204, headers, body: null };
  headers['Content-Type'] = MVT_TYPE;
  if (coding === 'identity') return { status: 200, headers, body: decompressSync(tile.body, tile.encoding) };
  headers['Content-Encoding'] = coding;
  return { status: 200, headers, body: coding === tile.encoding ? tile.body : toGzipSync(tile.body, tile.encoding) };
}

export function tileResponse(c: Context, tile: StoredTile, cacheSeconds: number): Response {
  return answerResponse(
    c,
    tileAnswer(tile, cacheSeconds, c.req.header('if-none-match'), c.req.header('accept-encoding')),
  );
}

/** A decided answer as the route's Response, with the request id. */
export function answerResponse(c: Context, answer: TileAnswer): Response {
  const requestId = c.get('requestId') as string | undefined;
  if (requestId) answer.headers['X-Request-Id'] = requestId;
  return new Response(answer.body ? bytes(answer.body) : null, { status: answer.status, headers: answer.headers });
}

function bytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}
