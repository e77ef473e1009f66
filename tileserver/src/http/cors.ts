// CORS for what third-party map clients load: tiles, TileJSON, styles, glyphs, sprites and the sources
// API answer any origin, preflight included, without credentials (Access-Control-Allow-Credentials is
// never sent, so a browser never attaches our cookies cross-origin: callers bring ?token= or a
// Bearer header). Account routes are not listed and stay same-origin.
import type { Hono } from 'hono';
import { cors } from 'hono/cors';

export const corsPaths = [
  '/api/v1/parcels',
  '/api/v1/parcels/*',
  '/api/v1/static/*',
  '/api/v1/sources',
  '/api/v1/sources/*',
  '/api/v1/basemap',
  '/api/v1/basemap/*',
  '/api/v1/zoning',
  '/api/v1/zoning/*',
  '/api/v1/layers/*',
  '/api/v1/styles/*',
  '/api/v1/fonts/*',
  '/api/v1/sprites/*',
];

export function mountCors(app: Hono): void {
  const middleware = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposeHeaders: ['ETag', 'X-Request-Id', 'Content-Encoding'],
    maxAge: 86_400,
  });
  for (const path of corsPaths) app.use(path, middleware);
}
