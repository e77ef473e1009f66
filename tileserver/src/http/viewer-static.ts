// Serves the built viewer: hashed assets with long caching, and index.html for every other non-API
// path so that place and parcel URLs (/us/ma/middlesex/cambridge/123) open the app.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { Hono } from 'hono';
import { ApiError } from '../errors.ts';

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
    const file = viewerFile(viewerDir, new URL(c.req.url).pathname);
    if (file && statSync(file, { throwIfNoEntry: false })?.isFile()) {
      const immutable = file.startsWith(resolve(viewerDir, 'assets') + sep);
      return c.body(readFileSync(file), 200, {
        'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (!existsSync(indexFile)) return next();
    return c.html(readFileSync(indexFile, 'utf8'), 200, { 'Cache-Control': 'no-cache' });
  });
}

/**
 * The file a request path names inside the viewer folder, or undefined (an app route, or outside the
 * folder). The raw path is decoded exactly once: Hono's own path is already partly decoded, and
 * decoding it again turned `/%25` into a URIError.
 */
export function viewerFile(viewerDir: string, rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The path has a malformed percent-escape');
  }
  if (decoded.includes('\0') || !extname(decoded)) return undefined;
  const root = resolve(viewerDir);
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(root + sep) ? file : undefined;
}
