// Typed fetch client: every call goes to the same origin, carries the caller's token, and turns the
// server's one error envelope {"error":{code,message,requestId}} into an ApiError.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
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

export function apiUrl(path: string, params: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  if (token !== 'public') search.set('token', token);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export async function getJson<T>(path: string, params: Record<string, string | number | undefined> = {}, signal?: AbortSignal): Promise<T> {
  const response = await fetch(apiUrl(path, params), { signal, headers: { Accept: 'application/json' } });
  if (response.ok) return (await response.json()) as T;
  let code = 'HTTP_ERROR';
  let message = `${response.status} ${response.statusText}`;
  let requestId: string | undefined;
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string; requestId?: string } };
    if (body.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
      requestId = body.error.requestId;
    }
  } catch {
    // Not our JSON envelope (a proxy page, say): keep the HTTP status text.
  }
  throw new ApiError(response.status, code, message, requestId);
}

export function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError';
}
