// Serves the built viewer: hashed assets with long caching, and index.html for every other non-API
// path so that place and parcel URLs (/us/ma/middlesex/cambridge/123) open the app. Each file is read once
// with the brotli and gzip copies the build wrote beside it, and answered by content negotiation with a
// strong ETag per representation, so a revalidation costs a 304 and never a full download.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { ApiError } from '../errors.ts';
import { chooseEncoding, ifNoneMatchMatches, type Coding } from './content-negotiation.ts';

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
  '.txt': 'text/plain; charset=utf-8',
};

interface Representation {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface ViewerEntry {
  contentType: string;
  cacheControl: string;
  representations: Partial<Record<Coding, Representation>>;
  available: Coding[];
  /** What the file was when read: a file outside assets/ (index.html) is read again when it changes. */
  mtimeMs: number;
  size: number;
}

const precompressed: { coding: Coding; suffix: string; decode: (bytes: Buffer) => Buffer }[] = [
  { coding: 'br', suffix: '.br', decode: brotliDecompressSync },
  { coding: 'gzip', suffix: '.gz', decode: gunzipSync },
];

export function mountViewer(app: Hono, viewerDir: string): void {
  const root = resolve(viewerDir);
  const assetsDir = resolve(root, 'assets') + sep;
  const entries = new Map<string, ViewerEntry>();

  /** The file's entry, read on first use; hashed assets never change under one name, other files may. */
  const entryFor = (file: string, cacheControl: string): ViewerEntry | undefined => {
    const cached = entries.get(file);
    if (cached && file.startsWith(assetsDir)) return cached;
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return undefined;
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached;
    const entry = readEntry(file, cacheControl, stat.mtimeMs, stat.size);
    entries.set(file, entry);
    return entry;
  };

  app.get('*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path.endsWith('.json') || path.endsWith('.mvt')) return next();
    const file = viewerFile(root, new URL(c.req.url).pathname);
    if (file) {
      const immutable = file.startsWith(assetsDir);
      const entry = entryFor(file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (entry) return answer(c, entry);
    }
    const index = entryFor(join(root, 'index.html'), 'no-cache');
    return index ? answer(c, index) : next();
  });
}

function readEntry(file: string, cacheControl: string, mtimeMs: number, size: number): ViewerEntry {
  const identity = readFileSync(file);
  const representations: Partial<Record<Coding, Representation>> = { identity: representation(identity) };
  for (const { coding, suffix, decode } of precompressed) {
    if (!statSync(file + suffix, { throwIfNoEntry: false })?.isFile()) continue;
    const bytes = readFileSync(file + suffix);
    // A copy that does not decode to the file (a stale or foreign .br) is never served in its place.
    let same = false;
    try {
      same = decode(bytes).equals(identity);
    } catch {
      same = false;
    }
    if (same) representations[coding] = representation(bytes);
  }
  return {
    contentType: contentTypes[extname(file)] ?? 'application/octet-stream',
    cacheControl,
    representations,
    available: (['br', 'gzip', 'identity'] as const).filter((coding) => representations[coding]),
    mtimeMs,
    size,
  };
}

function representation(bytes: Buffer): Representation {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  return { body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), etag: `"${hash}"` };
}

function answer(c: Context, entry: ViewerEntry): Response {
  const coding = chooseEncoding(c.req.header('accept-encoding'), entry.available);
  const chosen = entry.representations[coding]!;
  const headers: Record<string, string> = { 'Cache-Control': entry.cacheControl, ETag: chosen.etag };
  if (entry.available.length > 1) headers.Vary = 'Accept-Encoding';
  if (ifNoneMatchMatches(c.req.header('if-none-match'), chosen.etag)) return c.body(null, 304, headers);
  headers['Content-Type'] = entry.contentType;
  headers['Content-Length'] = String(chosen.body.length);
  if (coding !== 'identity') headers['Content-Encoding'] = coding;
  return c.body(chosen.body, 200, headers);
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
