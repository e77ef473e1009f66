// The server's side of the one error shape (its codes and envelope are @parcel-map/contracts/errors):
// ApiError, the envelope it becomes, and the mapping from PostgreSQL errors to it (never leaking SQL
// text or stacks).
import { errorStatus, type ErrorBody, type ErrorCode } from '@parcel-map/contracts/errors';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): (typeof errorStatus)[ErrorCode] {
    return errorStatus[this.code];
  }
}

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  const body: ErrorBody = { error: { code: error.code, message: error.message, requestId } };
  if (error.details !== undefined) body.error.details = error.details;
  return body;
}

/** PostgreSQL errors the API can explain; anything else becomes INTERNAL with a generic message. */
export function fromDatabaseError(error: unknown): ApiError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (code === '57014')
    return new ApiError('UNAVAILABLE', 'The query took too long and was cancelled; try again or zoom in');
  // SQLSTATE class 22 is a data exception: the client's value is wrong (22P02 a bad number, 22003 out of
  // range, 22007/22008 a bad date, 22021/22P05 a NUL byte or a character the encoding cannot hold, 22025
  // a LIKE pattern ending in its escape, 22012 a division by zero ...), so 400 rather than a server error.
  if (code.startsWith('22'))
    return new ApiError('BAD_REQUEST', 'A value in the request is not valid (wrong type, out of range or malformed)');
  if (code === '23505') return new ApiError('CONFLICT', 'That record already exists');
  if (unavailableCodes.has(code))
    return new ApiError('UNAVAILABLE', 'The database is not reachable right now; try again shortly', { retryAfter: 5 });
  return undefined;
}

/**
 * Errors of a database that is restarting, shutting down or out of connections (SQLSTATE classes 08
 * and 57P, 53300) and of postgres.js's own connection handling: the request may succeed again in a
 * moment, so they are 503 with Retry-After, never 500.
 */
const unavailableCodes = new Set([
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
]);

/** Seconds a client should wait before retrying, for 429 and 503 answers. */
export function retryAfterOf(error: ApiError): number | undefined {
  const fromDetails = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (typeof fromDetails === 'number') return fromDetails;
  if (error.status === 503) return 5;
  return undefined;
}
