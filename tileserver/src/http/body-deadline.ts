// How long a client may take to send its request body: REQUEST_TIMEOUT_MS from the request's start,
// UPLOAD_TIMEOUT_MS for the routes that take large uploads (survey photos, the admin's parcel files).
// Node's own requestTimeout is one value for every request, so it is the outer bound (the upload
// time) and this per-request timer cuts ordinary bodies sooner: past it, 408 and the connection closes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { errorBody, ApiError } from '../errors.ts';

interface Deadline {
  timer: NodeJS.Timeout;
  uploadMs: number;
  restart: (ms: number) => void;
}

const deadlines = new WeakMap<IncomingMessage, Deadline>();

export interface BodyTimeouts {
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
}

/** Starts the body deadline of a request that has a body still to come. */
export function startBodyDeadline(req: IncomingMessage, res: ServerResponse, timeouts: BodyTimeouts): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.complete) return;
  const started = Date.now();
  const expire = () => {
    if (req.complete) return;
    const body = JSON.stringify(
      errorBody(
        new ApiError('REQUEST_TIMEOUT', 'The request body did not arrive in time'),
        String(res.getHeader('x-request-id') ?? ''),
      ),
    );
    if (!res.headersSent) {
      res.writeHead(408, {
        'content-type': 'application/json; charset=UTF-8',
        connection: 'close',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body, () => req.socket.destroy());
    } else req.socket.destroy();
  };
  const deadline: Deadline = {
    timer: setTimeout(expire, timeouts.requestTimeoutMs),
    uploadMs: timeouts.uploadTimeoutMs,
    restart: (ms) => {
      clearTimeout(deadline.timer);
      deadline.timer = setTimeout(expire, Math.max(0, started + ms - Date.now()));
    },
  };
  deadlines.set(req, deadline);
  const stop = () => clearTimeout(deadline.timer);
  req.once('end', stop);
  res.once('close', stop);
}

/** Gives this request's body the upload time instead of the ordinary one (a route that takes uploads). */
export function allowSlowBody(c: Context): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const deadline = incoming && deadlines.get(incoming);
  deadline?.restart(deadline.uploadMs);
}
