// Answers a stored tile: 204 when empty, 304 when the client's ETag matches, the stored bytes to clients
// that accept their encoding, gzip to gzip clients when the tile is held as zstd, and decompressed bytes
// to the others. One decision (tileAnswer) serves both the Hono routes and the node:http fast path.
import type { Context } from 'hono';
import type { StoredTile } from './tile-cache.ts';
import { accepts, decompressSync, toGzipSync } from './tile-encoding.ts';

export const MVT_TYPE = 'application/vnd.mapbox-vector-tile';

export interface TileAnswer {
  status: 200 | 204 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

export function tileAnswer(
  tile: StoredTile,
  cacheSeconds: number,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): TileAnswer {
  const headers: Record<string, string> = {
    'Cache-Control': `public, max-age=${cacheSeconds}`,
    ETag: tile.etag,
    Vary: 'Accept-Encoding',
    'Access-Control-Allow-Origin': '*',
  };
  if (!tile.body) return { status: 204, headers, body: null };
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === tile.etag)) {
    return { status: 304, headers, body: null };
  }
  headers['Content-Type'] = MVT_TYPE;
  if (accepts(acceptEncoding, tile.encoding)) {
    headers['Content-Encoding'] = tile.encoding;
    return { status: 200, headers, body: tile.body };
  }
  if (accepts(acceptEncoding, 'gzip')) {
    headers['Content-Encoding'] = 'gzip';
    return { status: 200, headers, body: toGzipSync(tile.body, tile.encoding) };
  }
  return { status: 200, headers, body: decompressSync(tile.body, tile.encoding) };
}

export function tileResponse(c: Context, tile: StoredTile, cacheSeconds: number): Response {
  const answer = tileAnswer(tile, cacheSeconds, c.req.header('if-none-match'), c.req.header('accept-encoding'));
  const requestId = c.get('requestId') as string | undefined;
  if (requestId) answer.headers['X-Request-Id'] = requestId;
  return new Response(answer.body ? bytes(answer.body) : null, { status: answer.status, headers: answer.headers });
}

function bytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}
