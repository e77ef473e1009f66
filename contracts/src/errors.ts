// The one error envelope of the API, {"error":{"code","message","requestId","details?"}}, with its
// closed set of codes and the HTTP status of each: the server answers with it, the viewer reads it.
import { z } from 'zod';

export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export const errorCode = z.enum(
  Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]],
);
export type ErrorCode = z.infer<typeof errorCode>;

export const errorBody = z.object({
  error: z.object({
    code: errorCode,
    message: z.string(),
    requestId: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
