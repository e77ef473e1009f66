// Compresses JSON answers over 1 KB on the fly (brotli at a fast quality, or gzip, by Accept-Encoding). Only
// JSON: tiles are stored compressed and carry their own Content-Encoding, images are compressed already, and
// streams (CSV, SSE, file downloads) must flow as written. A strong ETag becomes weak on a compressed body,
// so each representation's validator stays honest while If-None-Match still matches by weak comparison.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseEncoding, varyOnAcceptEncoding } from './content-negotiation.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const jsonType = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** Bodies below this stay as they are: the headers and the compressor's work would cost more than they save. */
export const COMPRESS_THRESHOLD = 1024;
/** A body still arriving past this is a stream, passed on unchanged rather than held in memory. */
const BUFFER_LIMIT = 4 * 1024 * 1024;

export function compressJson(threshold = COMPRESS_THRESHOLD): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    if (!res.body || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (!jsonType.test(headers.get('Content-Type') ?? '') || headers.has('Content-Encoding')) return;
    // A download is a stored file, and no-transform forbids exactly this.
    if (
      headers.has('Content-Disposition') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('Cache-Control') ?? '')
    )
      return;
    const length = Number(headers.get('Content-Length') ?? Number.NaN);
    if (length < threshold || length > BUFFER_LIMIT) return;

    const { bytes, rest } = await readUpTo(res.body, BUFFER_LIMIT);
    if (rest) {
      c.res = new Response(resume(bytes, rest), res);
      return;
    }
    if (bytes.length < threshold) {
      c.res = new Response(bytes, res);
      return;
    }
    const coding = chooseEncoding(c.req.header('accept-encoding'), ['br', 'gzip', 'identity']);
    const body = coding === 'identity' ? bytes : await compress(bytes, coding);
    c.res = new Response(body, res);
    // Hono copies the old answer's headers onto the new one: the changes go after the assignment.
    const out = c.res.headers;
    out.set('Vary', varyOnAcceptEncoding(out.get('Vary')));
    out.set('Content-Length', String(body.length));
    if (coding === 'identity') return;
    out.set('Content-Encoding', coding);
    const etag = out.get('ETag');
    if (etag && !etag.startsWith('W/')) out.set('ETag', `W/${etag}`);
  };
}

async function compress(bytes: Uint8Array<ArrayBuffer>, coding: 'br' | 'gzip'): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    coding === 'br'
      ? await brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : await gzipAsync(bytes, { level: 6 });
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.length);
}

/** The body's bytes up to `limit`; `rest` is the unread remainder when the body did not end by then. */
async function readUpTo(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; rest?: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: concat(chunks, size) };
    chunks.push(value);
    size += value.length;
    if (size > limit) return { bytes: concat(chunks, size), rest: reader };
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

function resume(head: Uint8Array, rest: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await rest.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return rest.cancel(reason);
    },
  });
}
