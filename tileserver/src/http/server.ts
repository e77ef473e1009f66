// The HTTP server: cached parcel tiles (and high-zoom misses) go straight out through node:http (tiles/fast-path.ts), every
// other request goes through the Hono app. Slow clients are cut off: headers within HEADERS_TIMEOUT_MS,
// a body within REQUEST_TIMEOUT_MS (uploads UPLOAD_TIMEOUT_MS, also Node's outer requestTimeout).
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { cachedTileFastPath } from '../tiles/fast-path.ts';
import type { TileContext } from '../tiles/tile-context.ts';
import { startBodyDeadline } from './body-deadline.ts';

export function createHttpServer(app: Hono, tiles: TileContext): Server {
  const { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } = tiles.config;
  const appListener = getRequestListener(app.fetch);
  const fastPath = cachedTileFastPath(tiles, (req, res) => void appListener(req, res));
  const timeouts = {
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    uploadTimeoutMs: Math.max(UPLOAD_TIMEOUT_MS, REQUEST_TIMEOUT_MS),
  };
  return createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: Math.max(timeouts.uploadTimeoutMs, HEADERS_TIMEOUT_MS),
      // Node checks both timeouts this often (30 s by default, which would double a 10 s header timeout).
      connectionsCheckingInterval: Math.min(1000, HEADERS_TIMEOUT_MS),
    },
    (req, res) => {
      startBodyDeadline(req, res, timeouts);
      if (!fastPath(req, res)) void appListener(req, res);
    },
  );
}
