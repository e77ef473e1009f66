// Built-in tile layers: the default parcel layer (TileJSON + tiles) and the static FEMA flood and
// wetland layers (TileJSON + tiles, for site-control callers only). Every tile goes through the one
// tile gate (tile-gate.ts: token, API standing, metering) and the shared cache.
import { Hono, type Context } from 'hono';
import type { Caller } from '../auth/caller.ts';
import { isPaid } from '@parcel-map/contracts/levels';
import { ApiError } from '../errors.ts';
import { assertZoomInRange, parseTileCoords, stripMvt } from './tile-coords.ts';
import { publicOrigin, tileTemplate, type TileContext } from './tile-context.ts';
import { sendTile, tileCaller } from './tile-gate.ts';
import { missEncoding } from './tile-encoding.ts';
import type { TileRequest } from './tile-renderer.ts';
import { floodLayer, floodTileSql, parcelLayer, parcelTileSql, wetlandsLayer, wetlandsTileSql } from './tile-queries.ts';
import { tableBounds } from './bounds.ts';

const staticLayers = {
  fema: { table: 'flood_zones', statement: floodTileSql, range: floodLayer, name: 'FEMA flood hazard areas', layer: 'flood', fields: { fld_zone: 'String', sfha: 'Boolean' } },
  wetlands: { table: 'wetlands', statement: wetlandsTileSql, range: wetlandsLayer, name: 'Wetlands', layer: 'wetlands', fields: { wetland_type: 'String', attribute: 'String' } },
} as const;
type StaticLayer = (typeof staticLayers)[keyof typeof staticLayers];

export const siteControlLayerMessage = 'Flood and wetland layers are available to Pro customers. Upgrade to Pro to use them.';

/** The static layers belong to site control (Pro, Team; admins): everyone else gets 403 JSON. */
function staticLayerFor(caller: Caller, name: string): StaticLayer {
  // Own keys only: `__proto__` or `constructor` found Object.prototype's members and was a 500 (fuzz suite).
  const layer = Object.hasOwn(staticLayers, name) ? staticLayers[name as keyof typeof staticLayers] : undefined;
  if (!layer) throw new ApiError('NOT_FOUND', `No static layer named ${name}; there are fema and wetlands`);
  if (!isPaid(caller.level)) throw new ApiError('FORBIDDEN', siteControlLayerMessage, { upgrade: '/plans#p=level1' });
  return layer;
}

const DAY = 86_400;
export const PARCEL_CACHE_SECONDS = 3600;

/** The layer key of the default parcel layer at a data version. */
export function parcelLayerKey(version: number): string {
  return `parcels@${version}`;
}

export const parcelTileFields = {
  ll_uuid: 'String',
  path: 'String',
  address: 'String',
  owner: 'String',
  parcelnumb: 'String',
} as const;

export function tileRoutes(tiles: TileContext): Hono {
  const app = new Hono();

  app.get('/api/v1/parcels', async (c) => {
    const caller = await tiles.callers.of(c);
    const format = c.req.query('format');
    if (format !== 'mvt') throw new ApiError('BAD_REQUEST', 'format must be mvt (the parcel layer is served as vector tiles)');
    const version = await tiles.versions.get('parcels');
    return c.json({
      tilejson: '3.0.0',
      name: 'parcels',
      description: 'Land parcels: boundaries with address, owner and parcel number',
      version: String(version),
      scheme: 'xyz',
      tiles: [tileTemplate(publicOrigin(c, tiles.config), '/api/v1/parcels', caller.token, version)],
      minzoom: parcelLayer.minzoom,
      maxzoom: parcelLayer.tileJsonMaxzoom,
      bounds: await tableBounds(tiles.sql, 'parcels', version),
      vector_layers: [{ id: 'parcels', minzoom: parcelLayer.minzoom, maxzoom: parcelLayer.tileJsonMaxzoom, fields: parcelTileFields }],
    });
  });

  app.get('/api/v1/parcels/:z/:x/:y', async (c) => {
    const caller = await tileCaller(tiles, c);
    const coords = parseTileCoords(c.req.param('z'), c.req.param('x'), stripMvt(c.req.param('y')));
    assertZoomInRange(coords.z, parcelLayer.minzoom, parcelLayer.maxzoom, 'The parcel layer');
    const version = await parcelVersionFor(tiles, c.req.query('v'));
    const tile = await tiles.renderer.tile(parcelLayerKey(version), parcelTileSql(coords.z), coords, tileRequestOf(c));
    return sendTile(tiles, c, caller, tile, { maxAge: PARCEL_CACHE_SECONDS, audience: 'public' });
  });

  app.get('/api/v1/static/:layer', async (c) => {
    const caller = await tiles.callers.of(c);
    const name = c.req.param('layer');
    const layer = staticLayerFor(caller, name);
    const version = await tiles.versions.get(layer.table);
    const answer = c.json({
      tilejson: '3.0.0',
      name: layer.layer,
      description: layer.name,
      version: String(version),
      scheme: 'xyz',
      tiles: [tileTemplate(publicOrigin(c, tiles.config), `/api/v1/static/${name}`, caller.token, version)],
      minzoom: layer.range.minzoom,
      maxzoom: layer.range.maxzoom,
      vector_layers: [{ id: layer.layer, minzoom: layer.range.minzoom, maxzoom: layer.range.maxzoom, fields: layer.fields }],
    });
    answer.headers.set('Cache-Control', 'private, no-cache');
    return answer;
  });

  app.get('/api/v1/static/:layer/:z/:x/:y', async (c) => {
    const caller = await tileCaller(tiles, c);
    const layer = staticLayerFor(caller, c.req.param('layer'));
    const coords = parseTileCoords(c.req.param('z'), c.req.param('x'), stripMvt(c.req.param('y')));
    assertZoomInRange(coords.z, layer.range.minzoom, layer.range.maxzoom, `The ${layer.name} layer`);
    const version = await tiles.versions.get(layer.table);
    const tile = await tiles.renderer.tile(`static:${layer.table}@${version}`, layer.statement, coords, tileRequestOf(c));
    // Entitled callers only: a shared cache must not hand these tiles to anyone else.
    return sendTile(tiles, c, caller, tile, { maxAge: DAY, audience: 'private' });
  });

  return app;
}

/**
 * The parcel version a tile is drawn at. A URL carrying a newer version than this process knows (the
 * TileJSON came from the primary, this process reads a replica) waits for the replica to replay it: a
 * shared cache keyed by that URL must never hold a tile drawn from older data.
 */
async function parcelVersionFor(tiles: TileContext, requested: string | undefined): Promise<number> {
  const wanted = requested && /^\d{1,15}$/.test(requested) ? Number(requested) : 0;
  const version = await tiles.versions.atLeast('parcels', wanted);
  if (version === undefined) throw new ApiError('UNAVAILABLE', `The parcel data of version ${wanted} has not reached this tile server yet; try again shortly`);
  return version;
}

/** What a tile render needs of its request: the signal of a client that leaves, and how to compress a miss. */
export function tileRequestOf(c: Context): TileRequest {
  return { signal: c.req.raw.signal, encoding: missEncoding(c.req.header('accept-encoding')) };
}
