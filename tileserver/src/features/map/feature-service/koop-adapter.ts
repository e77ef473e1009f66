// @koopjs/featureserver (Esri's GeoServices implementation) without koop-core and Express (koop-run.ts
// gives its handlers the request and response they read), its answers as Hono Responses: the metadata
// documents are formatted here, every query answer on a formatting worker (koop-pool.ts), so a large page
// never blocks the event loop (security review 2, N2).
// Also the ArcGIS error envelope, {"error":{"code","message","details"}} (plus our requestId), which
// every failure of the /arcgis routes answers: the HTTP status is the refusal's own (401 for 499 "Token
// Required" and 498 "Invalid Token", 403, 400, ...), so GDAL reports "HTTP error code 401" with the body
// instead of failing to parse a 200, and caches and our access matrix see a refusal as one.
import type { Context } from 'hono';
import { ApiError, retryAfterOf } from '../../../errors.ts';
import { toApiError } from '../../../http/error-handler.ts';
import { koopPool } from './koop-pool.ts';
import { type KoopAnswer, type KoopHandler, runKoopJob } from './koop-run.ts';

export type { KoopHandler };

function responseOf(answer: KoopAnswer): Response {
  const headers = new Headers(answer.headers);
  headers.set('Cache-Control', 'private, no-store');
  if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(answer.body as BodyInit | undefined, { status: answer.status, headers });
}

/**
 * Runs one of FeatureServer's metadata handlers (small documents: on the main thread) over `data` with
 * the query we give it (never `callback`: no JSONP), and answers what it wrote.
 */
export function runKoop(
  handler: Exclude<KoopHandler, 'query'>,
  c: Context,
  query: Record<string, string>,
  data: unknown,
  layer?: string,
): Response {
  return responseOf(runKoopJob({ handler, path: c.req.path, url: c.req.url, query, data, layer }));
}

/**
 * Runs FeatureServer's query handler on a formatting worker: `featuresJson` is the page as one JSON array
 * text, `extras` JSON keys FeatureServer does not write.
 */
export async function runKoopQuery(
  c: Context,
  input: { query: Record<string, string>; data: unknown; featuresJson?: string; extras?: Record<string, unknown> },
): Promise<Response> {
  const answer = await koopPool().run({ handler: 'query', path: c.req.path, url: c.req.url, layer: '0', ...input });
  return responseOf(answer);
}

const forbidden = 'You do not have permissions to access this resource or perform this operation.';

/** The ArcGIS answer to an error; undefined for errors the app's handler answers (5xx, unexpected). */
export function arcgisErrorResponse(c: Context, error: unknown, formToken?: string): Response | undefined {
  const koop = error as { code?: unknown; message?: unknown; details?: unknown };
  const known =
    !(error instanceof ApiError) && typeof koop?.code === 'number' && koop.code === 400
      ? new ApiError('BAD_REQUEST', String(koop.message), {
          details: Array.isArray(koop.details) ? koop.details.map(String) : [],
        })
      : toApiError(error);
  if (!known || known.status >= 500) return undefined;
  const tokenSent =
    c.req.query('token') !== undefined || formToken !== undefined || c.req.header('authorization') !== undefined;
  let code: number = known.status;
  let message = known.message;
  let details = detailsOf(known);
  if (known.code === 'UNAUTHORIZED') {
    code = tokenSent ? 498 : 499;
    message = tokenSent ? 'Invalid Token' : 'Token Required';
    details = [
      tokenSent
        ? 'The token is unknown or was rotated; send your API token as ?token='
        : 'The feature service is for API plans: send your API token as ?token= (start a free sandbox at /plans)',
    ];
  } else if (known.code === 'FORBIDDEN') {
    details = [known.message];
    message = forbidden;
  }
  const retryAfter = retryAfterOf(known);
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
  c.header('Cache-Control', 'private, no-store');
  return c.json({ error: { code, message, details, requestId: c.get('requestId') as string } }, known.status);
}

function detailsOf(error: ApiError): string[] {
  const d = error.details as { details?: unknown } | { path: string; message: string }[] | undefined;
  if (Array.isArray(d)) return d.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  if (d && Array.isArray(d.details)) return d.details.map(String);
  return [];
}
