// Turns anything thrown in a route into the one JSON error shape. Unexpected errors are logged with
// the request id and answered with a generic message: no stack, no SQL text ever reaches a client.
// A card the processor refused is a 402 with the processor's codes, for every purchase alike.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { ApiError, errorBody, fromDatabaseError, retryAfterOf } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { CardError } from '../payments/provider.ts';
import { TileAbortedError } from '../tiles/tile-cache.ts';

export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof CardError)
    return new ApiError('PAYMENT_REQUIRED', error.message, { card_code: error.code, decline_code: error.declineCode });
  if (error instanceof ZodError) {
    const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    const first = details[0];
    const message = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request';
    return new ApiError('BAD_REQUEST', message, details);
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large');
    if (error.status === 400) return new ApiError('BAD_REQUEST', error.message || 'Malformed request');
    if (error.status === 401) return new ApiError('UNAUTHORIZED', error.message || 'Unauthorized');
    if (error.status === 404) return new ApiError('NOT_FOUND', error.message || 'Not found');
  }
  if (error instanceof SyntaxError) return new ApiError('BAD_REQUEST', 'The request body is not valid JSON');
  return fromDatabaseError(error);
}

export function handleError(logger: Logger) {
  return (error: unknown, c: Context): Response => {
    const requestId = c.get('requestId') as string;
    // The client went away and its query was cancelled: nobody reads this answer.
    if (error instanceof TileAbortedError) return new Response(null, { status: 499 });
    const known = toApiError(error);
    if (known) {
      if (known.status >= 500) logger.warn({ requestId, code: known.code, err: error }, 'request failed');
      const retryAfter = retryAfterOf(known);
      if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
      return c.json(errorBody(known, requestId), known.status);
    }
    logger.error({ requestId, err: error, path: c.req.path }, 'unexpected error');
    const internal = new ApiError('INTERNAL', 'Something went wrong on our side; the error was logged');
    return c.json(errorBody(internal, requestId), 500);
  };
}
