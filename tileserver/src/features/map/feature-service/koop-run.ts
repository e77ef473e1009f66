// One @koopjs/featureserver handler run over a request's query and data, without koop-core and
// Express: its handlers read req.query/params/body and req.app.locals and answer through
// res.status().json()/send()/set()/end(); this gives them that much of a request and a response and
// returns what they wrote as plain values. Shared by the main thread (the small metadata documents) and
// the formatting workers (koop-worker.ts, every query answer), so it imports nothing of the app: a worker
// loads it with Node's own type stripping.
import FeatureServer from '@koopjs/featureserver';

const quiet = { debug() {}, info() {}, warn() {}, error() {}, silly() {}, verbose() {} };
FeatureServer.setLogger({ logger: quiet });

export type KoopHandler = 'restInfo' | 'serverInfo' | 'layerInfo' | 'query';

/** A handler run: the request's parts FeatureServer reads, and JSON keys to add to a JSON answer. */
export interface KoopJob {
  handler: KoopHandler;
  path: string;
  url: string;
  query: Record<string, string>;
  data: unknown;
  layer?: string;
  /**
   * The data's features as a JSON array text (as PostgreSQL wrote them): parsed where the handler runs,
   * so the main thread never parses or builds a large page.
   */
  featuresJson?: string;
  /** Keys merged into a JSON answer (returnIdsOnly's exceededTransferLimit, which FeatureServer does not write). */
  extras?: Record<string, unknown>;
}

export interface KoopAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array | string | undefined;
}

class KoopResponse {
  statusCode = 200;
  readonly headers = new Map<string, string>();
  body: string | Uint8Array | undefined;
  // A plain field, not a parameter property: Node's type stripping (the workers) admits erasable syntax only.
  readonly extras: Record<string, unknown> | undefined;

  constructor(extras: Record<string, unknown> | undefined) {
    this.extras = extras;
  }

  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  set(name: string, value: unknown): this {
    this.headers.set(name.toLowerCase(), String(value));
    return this;
  }
  json(payload: unknown): this {
    this.headers.set('content-type', 'application/json; charset=utf-8');
    const extended =
      this.extras && payload && typeof payload === 'object' ? { ...(payload as object), ...this.extras } : payload;
    this.body = JSON.stringify(extended);
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

/** Runs the job's handler (never with `callback`: no JSONP); FeatureServer's own errors are thrown. */
export function runKoopJob(job: KoopJob): KoopAnswer {
  const data =
    job.featuresJson === undefined
      ? job.data
      : { ...(job.data as object), features: JSON.parse(job.featuresJson) as unknown[] };
  const req = {
    params: { layer: job.layer },
    query: job.query,
    body: {},
    path: job.path,
    url: job.url,
    headers: {},
    app: { locals: { config: { featureServer: {} } } },
  };
  const res = new KoopResponse(job.extras);
  FeatureServer[job.handler](req, res, data);
  return { status: res.statusCode, headers: [...res.headers], body: res.body };
}
