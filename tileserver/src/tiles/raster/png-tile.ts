// PNG tiles of a vector tile source: the source's MVT is drawn through the shared renderer (its cache,
// gate and single flight, so a PNG and a map client share one database query), painted as SVG
// (svg-of-tile.ts) and rasterised by sharp (libvips with librsvg). The PNG is kept in the same tile
// cache under the MVT's key with its format, so it is drawn once per tile, scale and data version;
// concurrent misses for one PNG share one render. An empty tile is a transparent PNG (image clients
// draw every tile they ask for), answered with a strong ETag and 304 like the vector tiles.
import type { Context } from 'hono';
import sharp from 'sharp';
import { ApiError } from '../../errors.ts';
import { ifNoneMatchMatches } from '../../http/content-negotiation.ts';
import type { StoredTile } from '../tile-cache.ts';
import type { TileCoords } from '../tile-coords.ts';
import { decompress, decompressSync } from '../tile-encoding.ts';
import { tileCacheKey, type TileRenderer, type TileRequest } from '../tile-renderer.ts';
import { answerResponse, type TileAnswer } from '../tile-response.ts';
import { svgOfTile, type RasterStyle } from './svg-of-tile.ts';

export const PNG_TYPE = 'image/png';

/** 1: 256 pixels; 2: 512 pixels (`@2x`, for high-density screens). */
export type RasterScale = 1 | 2;

export interface TileFormat {
  /** The y of the URL without its suffix. */
  y: string;
  format: 'mvt' | 'png';
  scale: RasterScale;
}

const pngSuffix = /^(.*?)(@2x)?\.png$/;

/** Splits the last part of a tile URL ("123.mvt", "123.png", "123@2x.png") into y and format. */
export function tileFormatOf(last: string): TileFormat {
  if (last.endsWith('.mvt')) return { y: last.slice(0, -4), format: 'mvt', scale: 1 };
  const png = pngSuffix.exec(last);
  if (png) return { y: png[1]!, format: 'png', scale: png[2] ? 2 : 1 };
  throw new ApiError('BAD_REQUEST', 'Tile URLs end in .mvt, .png or @2x.png');
}

/** The PNG tile URL template beside a vector one ({y}.mvt becomes {y}.png). */
export function rasterTemplateOf(vectorTemplate: string): string {
  return vectorTemplate.replace('{y}.mvt', '{y}.png');
}

/**
 * PNG output: zlib level 1 without adaptive filtering costs a third of level 6's time on a dense z14
 * tile for a few percent more bytes (bench/README.md, PNG tiles), and a miss is drawn while its client waits.
 */
const pngOptions = { compressionLevel: 1, adaptiveFiltering: false } as const;

/**
 * Security review 2, N9: a z14-16 @2x miss costs 0.45-1.0 s of CPU in libvips/librsvg, and misses of
 * distinct tiles share no render. At most `rasterAtOnce` are rasterised at once, each on one libvips
 * thread (sharp.concurrency), so a flood of misses waits here (its tile requests are also limited per
 * minute, PNG_TILES_PER_MINUTE) and leaves the other core and the libuv pool to everything else.
 */
export const rasterAtOnce = 2;
sharp.concurrency(1);
let rasterising = 0;
let mostAtOnce = 0;
const rasterQueue: (() => void)[] = [];

async function rasterLimited<T>(work: () => Promise<T>): Promise<T> {
  if (rasterising >= rasterAtOnce) await new Promise<void>((start) => rasterQueue.push(start));
  else rasterising++;
  mostAtOnce = Math.max(mostAtOnce, rasterising);
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `rasterising` counts it already.
    const next = rasterQueue.shift();
    if (next) next();
    else rasterising--;
  }
}

/** PNGs being rasterised and waiting now, and the most at once since the count was reset (tests). */
export function rasterLoad(reset = false): { running: number; waiting: number; most: number } {
  const load = { running: rasterising, waiting: rasterQueue.length, most: mostAtOnce };
  if (reset) mostAtOnce = rasterising;
  return load;
}

const emptyPngs = new Map<RasterScale, Promise<Buffer>>();

/** A fully transparent PNG of the scale's size, made once. */
export function transparentPng(scale: RasterScale): Promise<Buffer> {
  let made = emptyPngs.get(scale);
  if (!made) {
    const size = 256 * scale;
    made = sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png(pngOptions)
      .toBuffer();
    emptyPngs.set(scale, made);
  }
  return made;
}

/** A raw MVT (null: empty) as a PNG of 256 x scale pixels. */
export async function pngOfMvt(raw: Buffer | null, style: RasterStyle, z: number, scale: RasterScale): Promise<Buffer> {
  const svg = raw ? svgOfTile(raw, style, z, 256 * scale) : undefined;
  if (!svg) return transparentPng(scale);
  return rasterLimited(() => sharp(Buffer.from(svg)).png(pngOptions).toBuffer());
}

/** The cache key of a PNG: the MVT's key with its format, so a purge of the source drops both. */
export function pngCacheKey(layerKey: string, { z, x, y }: TileCoords, scale: RasterScale): string {
  return `${tileCacheKey(layerKey, z, x, y)}${scale === 2 ? '@2x' : ''}.png`;
}

/**
 * The PNG of one tile of a source, through the cache: on a miss its MVT comes from the renderer (itself
 * cached), then it is painted. A client that leaves cancels the MVT's render once no one waits for it.
 */
export function pngTile(
  renderer: TileRenderer,
  layerKey: string,
  statement: string,
  coords: TileCoords,
  request: TileRequest,
  style: RasterStyle,
  scale: RasterScale,
): Promise<StoredTile> {
  return renderer.cache.get(
    pngCacheKey(layerKey, coords, scale),
    () => {
      const left = new AbortController();
      const result = renderer
        .tile(layerKey, statement, coords, { ...request, signal: left.signal })
        .then(async (mvt) =>
          pngOfMvt(mvt.body ? await decompress(mvt.body, mvt.encoding) : null, style, coords.z, scale),
        );
      return { result, cancel: () => left.abort() };
    },
    request.signal,
    // PNG bytes are deflated already: gzip at the cache's miss level only wraps them.
    'gzip',
  );
}

/** The answer of a cached PNG: 304 when If-None-Match matches, else the image (never content-coded). */
export function pngAnswer(tile: StoredTile, cacheSeconds: number, ifNoneMatch: string | undefined): TileAnswer {
  const headers: Record<string, string> = {
    'Cache-Control': `public, max-age=${cacheSeconds}`,
    ETag: tile.etag,
    'Access-Control-Allow-Origin': '*',
  };
  if (ifNoneMatchMatches(ifNoneMatch, tile.etag)) return { status: 304, headers, body: null };
  headers['Content-Type'] = PNG_TYPE;
  return { status: 200, headers, body: decompressSync(tile.body!, tile.encoding) };
}

/** A cached PNG as the route's Response (sendTile adds the caller's cache policy and meter). */
export function pngResponse(c: Context, tile: StoredTile, cacheSeconds: number): Response {
  return answerResponse(c, pngAnswer(tile, cacheSeconds, c.req.header('if-none-match')));
}
