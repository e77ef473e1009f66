// Fetching tiles exactly as they travel: node:http (fetch() would silently gunzip), the raw gzip bytes
// kept; a bounded-concurrency pass over a list (cache fill, size sweep); MVT decoding for checks; and
// the bundle file that the HTTP-limit server answers from.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { tileKey, type Tile } from './tile-math.ts';

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export interface Fetched {
  key: string;
  path: string;
  status: number;
  contentType: string;
  contentEncoding: string | null;
  /** Bytes as received (gzip when the server compressed). */
  body: Buffer;
  ms: number;
}

export function tilePath(template: string, tile: Tile): string {
  return template.replace('{z}', String(tile.z)).replace('{x}', String(tile.x)).replace('{y}', String(tile.y));
}

export function httpGet(baseUrl: string, path: string, gzip = true, timeoutMs = 120_000): Promise<Fetched> {
  const url = new URL(path, baseUrl);
  const t0 = performance.now();
  return new Promise((res, rej) => {
    const req = http.get(url, { agent, headers: gzip ? { 'Accept-Encoding': 'gzip' } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        res({
          key: '',
          path,
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          contentEncoding: (response.headers['content-encoding'] as string | undefined) ?? null,
          body: Buffer.concat(chunks),
          ms: performance.now() - t0,
        }),
      );
      response.on('error', rej);
    });
    req.on('error', rej);
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${path}`)));
  });
}

/** Fetches every tile of a list with a few requests in flight; keeps the order of the list. */
export async function fetchAll(
  baseUrl: string,
  template: string,
  tiles: readonly Tile[],
  concurrency = 4,
): Promise<Fetched[]> {
  const out: Fetched[] = new Array(tiles.length);
  let next = 0;
  const worker = async () => {
    while (next < tiles.length) {
      const i = next++;
      const tile = tiles[i]!;
      const fetched = await httpGet(baseUrl, tilePath(template, tile));
      out[i] = { ...fetched, key: tileKey(tile) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tiles.length) }, worker));
  return out;
}

/** The uncompressed MVT bytes of an answer. */
export function rawMvt(fetched: Fetched): Buffer {
  if (fetched.status === 204 || fetched.body.length === 0) return Buffer.alloc(0);
  return fetched.contentEncoding === 'gzip' ? gunzipSync(fetched.body) : fetched.body;
}

/** Feature count per layer of an MVT (empty object for an empty tile). */
export function mvtLayers(raw: Buffer): Record<string, number> {
  if (raw.length === 0) return {};
  const tile = new VectorTile(new PbfReader(raw));
  return Object.fromEntries(Object.entries(tile.layers).map(([name, layer]) => [name, layer.length]));
}

/** The property names of the first feature of a layer (to check that a peer carries the same ones). */
export function mvtFirstProperties(raw: Buffer, layerName: string): string[] {
  if (raw.length === 0) return [];
  const layer = new VectorTile(new PbfReader(raw)).layers[layerName];
  if (!layer || layer.length === 0) return [];
  return Object.keys(layer.feature(0).properties).sort();
}

/** Writes the answers as <file> (manifest by path) and <file>.bin (the bytes) for http-limit-server.ts. */
export function writeBundle(file: string, answers: readonly Fetched[]): void {
  const manifest: Record<
    string,
    { status: number; contentType: string; contentEncoding: string | null; offset: number; length: number }
  > = {};
  const parts: Buffer[] = [];
  let offset = 0;
  for (const a of answers) {
    const path = a.path.split('?')[0]!;
    if (manifest[path]) continue;
    manifest[path] = {
      status: a.status,
      contentType: a.contentType,
      contentEncoding: a.contentEncoding,
      offset,
      length: a.body.length,
    };
    parts.push(a.body);
    offset += a.body.length;
  }
  writeFileSync(`${file}.bin`, Buffer.concat(parts));
  writeFileSync(file, JSON.stringify(manifest));
}
