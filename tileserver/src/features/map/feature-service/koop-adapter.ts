// @koopjs/featureserver (Esri's GeoServices implementation) without koop-core and Express: its handlers
// read req.query/params/body and req.app.locals and answer through res.status().json()/send()/set()/end();
// this gives them that much of a request and a response and turns what they wrote into a Hono Response.
// Also the ArcGIS error envelope, {"error":{"code","message","details"}} (plus our requestId), which
// every failure of the /arcgis routes answers: the HTTP status is the refusal's own (401 for 499 "Token
// Required" and 498 "Invalid Token", 403, 400, ...), so GDAL reports "HTTP error code 401" with the body
// instead of failing to parse a 200, and caches and our access matrix see a refusal as one.
import FeatureServer from '@koopjs/featureserver';
import type { Context } from 'hono';
import { ApiError, retryAfterOf } from '../../../errors.ts';
import { toApiError } from '../../../http/error-handler.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {}, silly() {}, verbose() {} };
FeatureServer.setLogger({ logger: quiet });

export type KoopHandler = 'restInfo' | 'serverInfo' | 'layerInfo' | 'query';

class KoopResponse {
  statusCode = 200;
  readonly headers = new Headers();
  body: string | Uint8Array | undefined;

  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  set(name: string, value: unknown): this {
    this.headers.set(name, String(value));
    return this;
  }
  json(payload: unknown): this {
    this.headers.set('content-type', 'application/json; charset=utf-8');
    this.body = JSON.stringify(payload);
    return this;
  }
  send(body: string | Uint8Array): this {
    this.body = body;
    return this;
  }
  end(body?: string | Uint8Array): this {
    if (body !== undefined) this.body = body;
    return this;
  }
}

/**
 * Runs one FeatureServer handler over `data` (GeoJSON with its metadata, or the service's layers) with
 * the query we give it (never `callback`: no JSONP), and answers what it wrote.
 */
export function runKoop(
  handler: KoopHandler,
  c: Context,
  query: Record<string, string>,
  data: unknown,
  layer?: string,
): Response {
  const req = {
    params: { layer },
    query,
    body: {},
    path: c.req.path,
    url: c.req.url,
    headers: {},
    app: { locals: { config: { featureServer: {} } } },
  };
  const res = new KoopResponse();
  FeatureServer[handler](req, res, data);
  res.headers.set('Cache-Control', 'private, no-store');
  if (!res.headers.has('content-type')) res.headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(res.body as BodyInit, { status: res.statusCode, headers: res.headers });
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
