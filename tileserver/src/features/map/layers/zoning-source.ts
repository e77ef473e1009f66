// The zoning layer as a tile source: TileJSON at GET /api/v1/zoning and tiles at
// /api/v1/zoning/{z}/{x}/{y}.mvt, zoom 11 to 20. District codes and names are public city maps, so
// every caller (public token included) gets them; the standardized zoning_type and zoning_subtype are
// Pro fields, so only callers who may read them get tiles that carry them (a cache entry of their own,
// private with Vary), and the code-only tiles vary by credentials too, since a session's tile URL is
// the anonymous one.
import { tableBounds } from '../../../tiles/bounds.ts';
import type { TileCachePolicy } from '../../../tiles/tile-gate.ts';
import type { TileSource } from '../../../tiles/tile-source.ts';
import { seesZoningTypes } from './policy.ts';
import { zoningCodeTileSql, zoningTileSql } from './zoning-queries.ts';
import { zoningCodeTileFields, zoningLayer, zoningTileFields } from '@parcel-map/contracts/map/zoning-types';
import { dataAttribution } from '@parcel-map/contracts/map/attribution';

const DAY = 86_400;
const typedPolicy: TileCachePolicy = { maxAge: DAY, audience: 'private' };
const codesPolicy: TileCachePolicy = { maxAge: DAY, audience: 'varies' };

export const zoningSource: TileSource = {
  path: '/api/v1/zoning',
  title: 'The zoning layer',
  minzoom: zoningLayer.minzoom,
  maxzoom: zoningLayer.maxzoom,
  metered: true,
  mayRead: () => {},
  version: (tiles) => tiles.versions.get('zoning'),
  layerKey: (caller, version) => (seesZoningTypes(caller) ? `zoning@${version}` : `zoning-codes@${version}`),
  statement: (caller) => (seesZoningTypes(caller) ? zoningTileSql : zoningCodeTileSql),
  cachePolicy: (caller) => (seesZoningTypes(caller) ? typedPolicy : codesPolicy),
  async metadata(tiles, caller) {
    const typed = seesZoningTypes(caller);
    return {
      name: 'zoning',
      description: typed
        ? 'Zoning districts: code, name and standardized zoning type'
        : 'Zoning districts: code and name (the standardized zoning type needs Pro)',
      attribution: dataAttribution.zoning,
      bounds: await tableBounds(tiles.sql, 'zoning_districts', await tiles.versions.get('zoning')),
      vector_layers: [
        {
          id: 'zoning',
          minzoom: zoningLayer.minzoom,
          maxzoom: zoningLayer.maxzoom,
          fields: typed ? zoningTileFields : zoningCodeTileFields,
        },
      ],
    };
  },
};
