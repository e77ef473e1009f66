// Serves the built viewer: hashed assets with long caching, and index.html for every other non-API
// path so that place and parcel URLs (/us/ma/middlesex/cambridge/123) open the app.
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, extname } from 'node:path';
import type { Hono } from 'hono';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

export function mountViewer(app: Hono, viewerDir: string): void {
  app.get('*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path.endsWith('.json') || path.endsWith('.mvt')) return next();
    const indexFile = join(viewerDir, 'index.html');
    const safe = normalize(decodeURIComponent(path)).replace(/^(\.\.(\/|\\|$))+/, '');
    const file = join(viewerDir, safe);
    if (safe !== '/' && file.startsWith(viewerDir) && existsSync(file) && extname(file)) {
      const immutable = safe.startsWith('/assets/');
      return c.body(readFileSync(file), 200, {
        'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (!existsSync(indexFile)) return next();
    return c.html(readFileSync(indexFile, 'utf8'), 200, { 'Cache-Control': 'no-cache' });
  });
}
