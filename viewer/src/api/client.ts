// Typed fetch client: every call goes to the same origin, carries the caller's token (or the session
// cookie, which the browser sends itself), and turns the server's one error envelope
// {"error":{code,message,requestId,details}} into an ApiError. State-changing calls carry the
// session's CSRF token in X-CSRF-Token.
import type { ErrorBody, ErrorCode } from '@parcel-map/contracts/errors';

/** A server code, or HTTP_ERROR for an answer that is not the server's envelope (a proxy's page, say). */
export type ClientErrorCode = ErrorCode | 'HTTP_ERROR';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    readonly requestId?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Anonymous visitor until accounts exist; the server decides what each level may see. */
let token = 'public';
export function setToken(value: string): void {
  token = value;
}
export function getToken(): string {
  return token;
}

/** The signed-in session's CSRF token (state/session.ts sets it from /api/v1/session.json). */
let csrfToken = '';
export function setCsrfToken(value: string | null): void {
  csrfToken = value ?? '';
}
export function getCsrfToken(): string {
  return csrfToken;
}

export function apiUrl(path: string, params: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  if (token !== 'public') search.set('token', token);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export async function getJson<T>(
  path: string,
  params: Record<string, string | number | undefined> = {},
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(apiUrl(path, params), { signal, headers: { Accept: 'application/json' } });
  if (response.ok) return (await response.json()) as T;
  throw await apiErrorOf(response);
}

/** POST, PUT or DELETE with a JSON body; a csrf_token in the answer (sign-in, rotation) is kept. */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  params: Record<string, string | number | undefined> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
  const response = await fetch(apiUrl(path, params), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await apiErrorOf(response);
  const answer = (await response.json()) as T;
  const rotated = (answer as { csrf_token?: unknown } | null)?.csrf_token;
  if (typeof rotated === 'string') setCsrfToken(rotated);
  return answer;
}

async function apiErrorOf(response: Response): Promise<ApiError> {
  let code: ClientErrorCode = 'HTTP_ERROR';
  let message = `${response.status} ${response.statusText}`;
  let requestId: string | undefined;
  let details: unknown;
  try {
    const body = (await response.json()) as Partial<ErrorBody>;
    if (body.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
      requestId = body.error.requestId;
      details = body.error.details;
    }
  } catch {
    // Not our JSON envelope (a proxy page, say): keep the HTTP status text.
  }
  return new ApiError(response.status, code, message, requestId, details);
}

export function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError';
}
