// The default parcel layer as a tile source: TileJSON at /api/v1/parcels?format=mvt, tiles at
// /api/v1/parcels/{z}/{x}/{y}.mvt for every caller, kept by shared caches for an hour. Its tiles are
// drawn from the prepared band tables (parcelTileSql per zoom); the cached-tile fast path answers the
// warm ones before Hono with the same key and cache policy.
import type { Context } from 'hono';
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import { ApiError } from '../errors.ts';
import { tableBounds } from './bounds.ts';
import type { TileContext } from './tile-context.ts';
import type { TileCachePolicy } from './tile-gate.ts';
import { parcelLayer, parcelTileSql } from './tile-queries.ts';
import type { TileSource } from './tile-source.ts';

export const PARCEL_CACHE_SECONDS = 3600;

/** The layer key of the default parcel layer at a data version. */
export function parcelLayerKey(version: number | string): string {
  return `parcels@${version}`;
}

export const parcelTileFields = {
  ll_uuid: 'String',
  path: 'String',
  address: 'String',
  owner: 'String',
  parcelnumb: 'String',
} as const;

const publicHour: TileCachePolicy = { maxAge: PARCEL_CACHE_SECONDS, audience: 'public' };

export const parcelSource: TileSource = {
  path: '/api/v1/parcels',
  title: 'The parcel layer',
  minzoom: parcelLayer.minzoom,
  maxzoom: parcelLayer.maxzoom,
  metered: true,
  mayRead: () => {},
  version: (tiles) => tiles.versions.get('parcels'),
  tileVersion: (tiles, c) => parcelVersionFor(tiles, c.req.query('v')),
  layerKey: (_caller, version) => parcelLayerKey(version),
  statement: (_caller, z) => parcelTileSql(z),
  cachePolicy: () => publicHour,
  assertTileJsonRequest(c: Context) {
    if (c.req.query('format') !== 'mvt')
      throw new ApiError('BAD_REQUEST', 'format must be mvt (the parcel layer is served as vector tiles)');
  },
  async metadata(tiles) {
    const version = await tiles.versions.get('parcels');
    return {
      name: 'parcels',
      description: 'Land parcels: boundaries with address, owner and parcel number',
      attribution: dataAttribution.parcels,
      maxzoom: parcelLayer.tileJsonMaxzoom,
      bounds: await tableBounds(tiles.sql, 'parcels', version),
      vector_layers: [
        { id: 'parcels', minzoom: parcelLayer.minzoom, maxzoom: parcelLayer.tileJsonMaxzoom, fields: parcelTileFields },
      ],
    };
  },
};

/**
 * The parcel version a tile is drawn at. A URL carrying a newer version than this process knows (the
 * TileJSON came from the primary, this process reads a replica) waits for the replica to replay it: a
 * shared cache keyed by that URL must never hold a tile drawn from older data.
 */
async function parcelVersionFor(tiles: TileContext, requested: string | undefined): Promise<number> {
  const wanted = requested && /^\d{1,15}$/.test(requested) ? Number(requested) : 0;
  const version = await tiles.versions.atLeast('parcels', wanted);
  if (version === undefined)
    throw new ApiError(
      'UNAVAILABLE',
      `The parcel data of version ${wanted} has not reached this tile server yet; try again shortly`,
    );
  return version;
}
