// Reads a request body of bounded size and validates it with zod: a malformed or oversized body is a
// 4xx JSON answer, never a 500. JSON only unless a route allows form posts: a cross-site page can post
// a form without asking, but not JSON (that needs a CORS preflight), which blocks login CSRF.
// Bodies are counted while they stream (chunked ones too) and read before the app API gate
// (readBodyFirst), so a slow or endless body holds neither memory beyond its route's limit nor a slot.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { z } from 'zod';
import { ApiError } from '../errors.ts';
import { allowSlowBody } from './body-deadline.ts';

/**
 * The body schema each route last validated with, by "METHOD /route/pattern": the fuzz suite
 * (reliability/) builds its bodies from these, so a new route is attacked with no new test code.
 * One entry per route, so it stays as small as the route table.
 */
export const bodySchemas = new Map<string, z.ZodType>();

export const DEFAULT_BODY_BYTES = 64 * 1024;
const limitKey = Symbol('body limit');

interface BodyLimit {
  maxBytes: number;
  message?: string;
  /** A large upload (a survey photo) that may take UPLOAD_TIMEOUT_MS instead of REQUEST_TIMEOUT_MS. */
  upload?: boolean;
}

/**
 * A route's body limit when it is not the default 64 KB: put it before the handler. It is read by
 * readBodyFirst (ahead of the gate) from the matched routes, so the limit lives beside its route.
 */
export function bodyLimit(maxBytes: number, options: Omit<BodyLimit, 'maxBytes'> = {}): MiddlewareHandler {
  const marker: MiddlewareHandler = (_c, next) => next();
  return Object.assign(marker, { [limitKey]: { maxBytes, ...options } satisfies BodyLimit });
}

function routeBodyLimit(c: Context): BodyLimit {
  for (const route of matchedRoutes(c)) {
    const limit = (route.handler as { [limitKey]?: BodyLimit })[limitKey];
    if (limit) return limit;
  }
  return { maxBytes: DEFAULT_BODY_BYTES };
}

const tooLarge = (limit: BodyLimit) =>
  new ApiError('PAYLOAD_TOO_LARGE', limit.message ?? `The request body is over ${limit.maxBytes} bytes`);

/**
 * The whole body, counted while it streams: past the route's limit the read stops and the answer is
 * 413 (the server drains or closes the rest), so a chunked body without Content-Length never grows
 * memory beyond the limit. The bytes are kept where Hono's text(), json() and parseBody() find them.
 */
export async function readBoundedBody(c: Context, limit: BodyLimit = routeBodyLimit(c)): Promise<ArrayBuffer> {
  // Hono keeps a read body here (its type says the value; it holds the promise).
  const cache = c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer> };
  if (cache.arrayBuffer) return cache.arrayBuffer;
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > limit.maxBytes) throw tooLarge(limit);
  if (limit.upload) allowSlowBody(c);
  const stream = c.req.raw.body;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (stream) {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit.maxBytes) {
          void reader.cancel().catch(() => undefined);
          throw tooLarge(limit);
        }
        chunks.push(value);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError('BAD_REQUEST', 'The request body did not arrive whole');
    }
  }
  const bytes = Buffer.concat(chunks, size);
  const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + size) as ArrayBuffer;
  cache.arrayBuffer = Promise.resolve(body);
  return body;
}

/**
 * Reads the body of every request the app API gate admits before the gate: a client that sends its
 * body one byte a second then holds no connection slot of the app pool (six such clients used to
 * answer search, session.json and insights 503 for everyone). Streamed uploads are not on gated paths.
 */
export function readBodyFirst(
  takesGate: (path: string) => boolean,
  /** Paths whose routes answer a body error in words of their own (ArcGIS's error JSON): the error waits for the route. */
  routeAnswersBodyErrors: (path: string) => boolean = () => false,
): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && takesGate(c.req.path)) {
      try {
        await readBoundedBody(c);
      } catch (error) {
        if (!(error instanceof ApiError) || !routeAnswersBodyErrors(c.req.path)) throw error;
        // The body is over (or broken) already; the route's own read finds the same error in the cache.
        const failed = Promise.reject(error);
        failed.catch(() => undefined);
        (c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer> }).arrayBuffer = failed;
      }
    }
    return next();
  };
}

export async function requestBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  options: { maxBytes?: number; allowForm?: boolean } = {},
): Promise<z.output<S>> {
  bodySchemas.set(`${c.req.method} ${c.req.routePath}`, schema);
  const limit = routeBodyLimit(c);
  const maxBytes = Math.min(options.maxBytes ?? limit.maxBytes, limit.maxBytes);
  const body = await readBoundedBody(c, limit);
  if (body.byteLength > maxBytes) throw tooLarge({ maxBytes });
  const text = Buffer.from(body).toString('utf8');
  const type = c.req.header('content-type') ?? '';
  let value: unknown;
  if (type.startsWith('application/x-www-form-urlencoded') && options.allowForm) {
    value = Object.fromEntries(new URLSearchParams(text));
  } else if (text !== '' && !type.startsWith('application/json')) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  } else {
    try {
      value = text === '' ? {} : JSON.parse(text);
    } catch {
      throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON');
    }
  }
  return schema.parse(value);
}
