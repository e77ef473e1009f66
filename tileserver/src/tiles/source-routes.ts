// The one route pair of every tile source: GET {TileJSON path} and GET {tiles path}/{z}/{x}/{y}.mvt
// (and .png / @2x.png for a source painted as raster, raster/png-tile.ts, drawn from the same MVT),
// mounted once per TileSourceMount (/api/v1/parcels, /api/v1/static/:layer, /api/v1/zoning,
// /api/v1/basemap, /api/v1/sources/:id). Both pass the API gate (tile-gate.ts: 402 after a sandbox or
// trial, 429 at a limit or cap) before the source is looked at; tiles are drawn through the shared
// cache and counted for an API token's usage, so no tile layer can drift from another. TileJSON is
// answered with a weak ETag (304 on a match) and a short max-age, private when it is the caller's own.
import { Hono, type Context } from 'hono';
import type { Caller } from '../auth/caller.ts';
import { validatedJson } from './http-cache.ts';
import { ApiError } from '../errors.ts';
import { pngResponse, pngTile, type TileFormat, tileFormatOf } from './raster/png-tile.ts';
import { assertZoomInRange, parseTileCoords, type TileCoords } from './tile-coords.ts';
import { publicOrigin, tileTemplate, type TileContext } from './tile-context.ts';
import { missEncoding } from './tile-encoding.ts';
import { sendTile, tileCaller, type TileAudience } from './tile-gate.ts';
import type { TileRequest } from './tile-renderer.ts';
import { tileJsonDocument, type TileSource, type TileSourceMount } from './tile-source.ts';

export function tileSourceRoutes(tiles: TileContext, mounts: readonly TileSourceMount[]): Hono {
  const app = new Hono();
  for (const mount of mounts) {
    app.get(mount.tileJsonPath, async (c) => {
      const caller = await tileCaller(tiles, c);
      const source = await mount.sourceFor(c, 'tilejson');
      source.assertTileJsonRequest?.(c);
      await source.mayRead(tiles, caller, c);
      const version = await source.version(tiles);
      const origin = publicOrigin(c, tiles.config);
      const template = source.tileUrl
        ? source.tileUrl(c, origin, caller, version)
        : tileTemplate(origin, source.path, caller.token, version);
      const document = tileJsonDocument(source, await source.metadata(tiles, caller, c, template), version, template);
      return validatedJson(c, document, tileJsonAudience(source.cachePolicy(caller).audience, caller));
    });

    // A mount of raster-painted sources has its PNG route first, since the vector route's :y matches it too.
    if (mount.rasterTiles)
      app.get(`${mount.tilesPath}/:z/:x/:tile{[0-9]+(?:@2x)?\\.png}`, (c) => serveTile(tiles, mount, c, 'tile'));
    app.get(`${mount.tilesPath}/:z/:x/:y`, (c) => serveTile(tiles, mount, c, 'y'));
  }
  return app;
}

/**
 * A source's tile for a caller the gate has passed: who may read it, its zoom range, its version, the
 * shared cache and renderer, the meter and the cache policy. Other tile URL schemes (OGC API Tiles'
 * z/y/x) call it too, so their tiles are these tiles, byte for byte.
 */
export async function serveSourceTile(
  tiles: TileContext,
  c: Context,
  caller: Caller,
  source: TileSource,
  coordsOfRequest: () => TileCoords,
  paint: Pick<TileFormat, 'format' | 'scale'> = { format: 'mvt', scale: 1 },
): Promise<Response> {
  const refused = source.mayRead(tiles, caller, c);
  if (refused) await refused;
  const coords = coordsOfRequest();
  assertZoomInRange(coords.z, source.minzoom, source.maxzoom, source.title);
  const version = source.tileVersion ? await source.tileVersion(tiles, c) : await source.version(tiles);
  const request = tileRequestOf(c);
  if (source.prepare) request.prepare = source.prepare();
  const key = source.layerKey(caller, version);
  const statement = source.statement(caller, coords.z);
  if (paint.format === 'png') {
    if (!source.raster) throw new ApiError('NOT_FOUND', `${source.title} has vector tiles only (.mvt)`);
    const png = await pngTile(tiles.renderer, key, statement, coords, request, source.raster, paint.scale);
    return sendTile(tiles, c, caller, png, source.cachePolicy(caller), source.metered, pngResponse);
  }
  const tile = await tiles.renderer.tile(key, statement, coords, request);
  return sendTile(tiles, c, caller, tile, source.cachePolicy(caller), source.metered);
}

/**
 * Who may share a source's TileJSON: whoever may share its tiles, except that the document writes the
 * caller's token into its tile URLs. The anonymous one (which sessions write too) is anyone's; an API or
 * admin token's document is that caller's alone (sent in the Authorization header, the token is in no
 * URL a shared cache keys on).
 */
export function tileJsonAudience(audience: TileAudience, caller: Caller): TileAudience {
  return caller.via === 'token' ? 'private' : audience;
}

/**
 * One tile of a mount's source: the gate, the source's read check, the zoom range, then the cached MVT,
 * or its PNG when the URL's last part (`last`) names one. A .png of a source without raster paint is a 404.
 */
async function serveTile(
  tiles: TileContext,
  mount: TileSourceMount,
  c: Context,
  last: 'y' | 'tile',
): Promise<Response> {
  const caller = await tileCaller(tiles, c);
  const early = mount.coordsBeforeLookup ? coordsOf(c, last) : undefined;
  const found = mount.sourceFor(c, 'tile');
  const source = found instanceof Promise ? await found : found;
  const { format, scale } = tileFormatOf(c.req.param(last)!);
  return serveSourceTile(tiles, c, caller, source, () => early ?? coordsOf(c, last), { format, scale });
}

function coordsOf(c: Context, last: 'y' | 'tile'): TileCoords {
  return parseTileCoords(c.req.param('z')!, c.req.param('x')!, tileFormatOf(c.req.param(last)!).y);
}

/** What a tile render needs of its request: the signal of a client that leaves, and how to compress a miss. */
export function tileRequestOf(c: Context): TileRequest {
  return { signal: c.req.raw.signal, encoding: missEncoding(c.req.header('accept-encoding')) };
}
