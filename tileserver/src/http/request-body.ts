// Reads a request body of bounded size and validates it with zod: a malformed or oversized body is a
// 4xx JSON answer, never a 500. JSON only unless a route allows form posts: a cross-site page can post
// a form without asking, but not JSON (that needs a CORS preflight), which blocks login CSRF.
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../errors.ts';

/**
 * The body schema each route last validated with, by "METHOD /route/pattern": the fuzz suite
 * (reliability/) builds its bodies from these, so a new route is attacked with no new test code.
 * One entry per route, so it stays as small as the route table.
 */
export const bodySchemas = new Map<string, z.ZodType>();

export async function requestBody<S extends z.ZodType>(c: Context, schema: S, options: { maxBytes?: number; allowForm?: boolean } = {}): Promise<z.output<S>> {
  bodySchemas.set(`${c.req.method} ${c.req.routePath}`, schema);
  const maxBytes = options.maxBytes ?? 64 * 1024;
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBytes) throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is over ${maxBytes} bytes`);
  const text = await c.req.text();
  if (Buffer.byteLength(text) > maxBytes) throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is over ${maxBytes} bytes`);
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
