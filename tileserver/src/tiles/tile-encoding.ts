// Content encodings of stored tiles and the choice per client. A miss is compressed once, on the core the
// database renders on, in the cheapest encoding the asking client reads: zstd level 1 compresses a parcel
// tile 2-5x faster than gzip level 1 to within a few percent of its size (bench/README.md, "miss path");
// browsers that advertise zstd (Chrome, Edge, Firefox over HTTPS) get it, everyone else gzip level 1.
// A tile that stays hot is recompressed to gzip level 6 off the request path, which every client reads.
import { promisify } from 'node:util';
import {
  constants,
  gunzip,
  gunzipSync,
  gzip,
  gzipSync,
  zstdCompress,
  zstdCompressSync,
  zstdDecompress,
  zstdDecompressSync,
} from 'node:zlib';

export type TileEncoding = 'gzip' | 'zstd';

export const MISS_LEVEL = 1;
export const HOT_GZIP_LEVEL = 6;

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const zstdAsync = promisify(zstdCompress);
const unzstdAsync = promisify(zstdDecompress);

/**
 * Tiles up to this size are compressed on the event loop: handing a job to libuv's thread pool cost
 * 0.05-0.15 ms of CPU more than the compression itself (zstd-1 of a 12 KB tile: 0.05 ms inline, 0.2 ms
 * through the pool, on the one core the bench gives the server); 64 KB takes about 0.3 ms inline.
 */
export const INLINE_COMPRESS_BYTES = 64 * 1024;

/**
 * One output chunk as large as the tile: zlib's default 16 KB chunks took a 100 KB tile through the
 * thread pool five times (0.62 ms of CPU for zstd-1 against 0.32 ms in one pass, dense z14 tiles on one
 * core). Compressed tiles are never larger than this plus zstd's or gzip's few bytes of framing.
 */
function chunkSizeFor(raw: Buffer): number {
  return raw.length + 1024;
}

export async function compress(raw: Buffer, encoding: TileEncoding, level: number): Promise<Buffer> {
  const inline = raw.length <= INLINE_COMPRESS_BYTES;
  const chunkSize = chunkSizeFor(raw);
  if (encoding === 'zstd') {
    // The size up front lets zstd size its window and tables to the tile (0.13 against 0.17 ms, 47 KB tiles).
    const options = { chunkSize, pledgedSrcSize: raw.length, params: { [constants.ZSTD_c_compressionLevel]: level } };
    return inline ? zstdCompressSync(raw, options) : zstdAsync(raw, options);
  }
  return inline ? gzipSync(raw, { level, chunkSize }) : gzipAsync(raw, { level, chunkSize });
}

export function decompress(body: Buffer, encoding: TileEncoding): Promise<Buffer> {
  return encoding === 'zstd' ? unzstdAsync(body) : gunzipAsync(body);
}

export function decompressSync(body: Buffer, encoding: TileEncoding): Buffer {
  return encoding === 'zstd' ? zstdDecompressSync(body) : gunzipSync(body);
}

/** A gzip-only client asking for a tile a zstd client rendered: transcoded on the spot (rare, small). */
export function toGzipSync(body: Buffer, encoding: TileEncoding): Buffer {
  return encoding === 'gzip' ? body : gzipSync(zstdDecompressSync(body), { level: MISS_LEVEL });
}

/** Whether an Accept-Encoding header accepts the coding (q=0 refuses it; `*` stands for gzip only). */
export function accepts(header: string | undefined, encoding: TileEncoding): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== encoding && !(name === '*' && encoding === 'gzip')) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The encoding a miss is compressed in for this client. */
export function missEncoding(acceptEncoding: string | undefined): TileEncoding {
  return accepts(acceptEncoding, 'zstd') ? 'zstd' : 'gzip';
}
