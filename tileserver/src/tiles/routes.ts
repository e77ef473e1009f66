// Built-in tile layers: the default parcel layer (TileJSON + tiles) and the static FEMA flood and
// wetland layers. Every route checks the token; tiles come through the shared cache.
import { Hono, type Context } from 'hono';
import { ApiError } from '../errors.ts';
import { assertZoomInRange, parseTileCoords, stripMvt } from './tile-coords.ts';
import { publicOrigin, tileTemplate, type TileContext } from './tile-context.ts';
import { tileResponse } from './tile-response.ts';
import { defaultParcelTileSql, floodLayer, floodTileSql, parcelLayer, wetlandsLayer, wetlandsTileSql } from './tile-queries.ts';
import { tableBounds } from './bounds.ts';

const staticLayers = {
  fema: { table: 'flood_zones', statement: floodTileSql, range: floodLayer, name: 'FEMA flood hazard areas' },
  wetlands: { table: 'wetlands', statement: wetlandsTileSql, range: wetlandsLayer, name: 'Wetlands' },
} as const;

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
    await tiles.callers.of(c);
    const coords = parseTileCoords(c.req.param('z'), c.req.param('x'), stripMvt(c.req.param('y')));
    assertZoomInRange(coords.z, parcelLayer.minzoom, parcelLayer.maxzoom, 'The parcel layer');
    const version = await tiles.versions.get('parcels');
    const tile = await tiles.renderer.tile(parcelLayerKey(version), defaultParcelTileSql, coords, signalOf(c));
    return tileResponse(c, tile, PARCEL_CACHE_SECONDS);
  });

  app.get('/api/v1/static/:layer/:z/:x/:y', async (c) => {
    await tiles.callers.of(c);
    const layer = staticLayers[c.req.param('layer') as keyof typeof staticLayers];
    if (!layer) throw new ApiError('NOT_FOUND', `No static layer named ${c.req.param('layer')}; there are fema and wetlands`);
    const coords = parseTileCoords(c.req.param('z'), c.req.param('x'), stripMvt(c.req.param('y')));
    assertZoomInRange(coords.z, layer.range.minzoom, layer.range.maxzoom, `The ${layer.name} layer`);
    const version = await tiles.versions.get(layer.table);
    const tile = await tiles.renderer.tile(`static:${layer.table}@${version}`, layer.statement, coords, signalOf(c));
    return tileResponse(c, tile, DAY);
  });

  return app;
}

export function signalOf(c: Context): AbortSignal | undefined {
  return c.req.raw.signal;
}
