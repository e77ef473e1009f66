// Answers a stored tile: 204 when empty, 304 when the client's ETag matches, the stored gzip bytes to
// clients that accept gzip and decompressed bytes to the others. One decision (tileAnswer) serves both
// the Hono routes and the node:http fast path for cache hits.
import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { StoredTile } from './tile-cache.ts';

export const MVT_TYPE = 'application/vnd.mapbox-vector-tile';

export interface TileAnswer {
  status: 200 | 204 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

export function tileAnswer(tile: StoredTile, cacheSeconds: number, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): TileAnswer {
  const headers: Record<string, string> = {
    'Cache-Control': `public, max-age=${cacheSeconds}`,
    ETag: tile.etag,
    Vary: 'Accept-Encoding',
    'Access-Control-Allow-Origin': '*',
  };
  if (!tile.gzip) return { status: 204, headers, body: null };
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === tile.etag)) {
    return { status: 304, headers, body: null };
  }
  headers['Content-Type'] = MVT_TYPE;
  if (acceptsGzip(acceptEncoding)) {
    headers['Content-Encoding'] = 'gzip';
    return { status: 200, headers, body: tile.gzip };
  }
  return { status: 200, headers, body: gunzipSync(tile.gzip) };
}

export function tileResponse(c: Context, tile: StoredTile, cacheSeconds: number): Response {
  const answer = tileAnswer(tile, cacheSeconds, c.req.header('if-none-match'), c.req.header('accept-encoding'));
  const requestId = c.get('requestId') as string | undefined;
  if (requestId) answer.headers['X-Request-Id'] = requestId;
  return new Response(answer.body ? bytes(answer.body) : null, { status: answer.status, headers: answer.headers });
}

export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

function bytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}
