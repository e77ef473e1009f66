// Answers a stored tile: 204 when empty, 304 when the client's ETag matches, the stored gzip bytes to
// clients that accept gzip and decompressed bytes to the others.
import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { StoredTile } from './tile-cache.ts';

export const MVT_TYPE = 'application/vnd.mapbox-vector-tile';

export function tileResponse(c: Context, tile: StoredTile, cacheSeconds: number): Response {
  const headers: Record<string, string> = {
    'Cache-Control': `public, max-age=${cacheSeconds}`,
    ETag: tile.etag,
    Vary: 'Accept-Encoding',
    'Access-Control-Allow-Origin': '*',
  };
  const requestId = c.get('requestId') as string | undefined;
  if (requestId) headers['X-Request-Id'] = requestId;
  if (!tile.gzip) return new Response(null, { status: 204, headers });
  const match = c.req.header('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === tile.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers['Content-Type'] = MVT_TYPE;
  if (acceptsGzip(c.req.header('accept-encoding'))) {
    headers['Content-Encoding'] = 'gzip';
    return new Response(bytes(tile.gzip), { status: 200, headers });
  }
  return new Response(bytes(gunzipSync(tile.gzip)), { status: 200, headers });
}

function bytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
