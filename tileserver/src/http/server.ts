// The HTTP server: cached parcel tiles go straight out through node:http (tiles/fast-path.ts), every
// other request goes through the Hono app.
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { cachedTileFastPath } from '../tiles/fast-path.ts';
import type { TileContext } from '../tiles/tile-context.ts';

export function createHttpServer(app: Hono, tiles: TileContext): Server {
  const fastPath = cachedTileFastPath(tiles);
  const appListener = getRequestListener(app.fetch);
  return createServer((req, res) => {
    if (!fastPath(req, res)) void appListener(req, res);
  });
}
