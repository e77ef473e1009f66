// A stored buildings or zoning source as a tile source, served at /api/v1/sources/{id}.json and its
// tiles by the stored sources' mount like a parcel source. Buildings are for paid callers; a zoning
// source's tiles carry the standardized type only for callers who may read it (their own cache key),
// and a source that filters or colours by it is theirs alone. Entitled tiles are private.
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import {
  layerOf,
  readsZoningType,
  type LayerSourceDefinition,
} from '@parcel-map/contracts/map/layer-source-definition';
import { zoningLayer } from '@parcel-map/contracts/map/zoning-types';
import { tableBounds } from '../../../tiles/bounds.ts';
import { publicOrigin, tileTemplate } from '../../../tiles/tile-context.ts';
import type { TileCachePolicy } from '../../../tiles/tile-gate.ts';
import type { TileSource } from '../../../tiles/tile-source.ts';
import { seesZoningTypes } from '../layers/policy.ts';
import { buildingsSourceSql, zoningSourceSql } from './layer-queries.ts';
import { assertLayerDefinitionAllowed } from './policy.ts';

const privateHour: TileCachePolicy = { maxAge: 3600, audience: 'private' };
const variesHour: TileCachePolicy = { maxAge: 3600, audience: 'varies' };

const versionKeys = { buildings: 'buildings', zoning: 'zoning' } as const;

export function layerTileSource(id: string, definition: LayerSourceDefinition): TileSource {
  const layer = layerOf(definition);
  const typedOnly = readsZoningType(definition);
  const typed = (caller: Parameters<TileSource['layerKey']>[0]) => layer === 'zoning' && seesZoningTypes(caller);
  const statements = {
    buildings: layer === 'buildings' ? buildingsSourceSql(id) : '',
    zoning: layer === 'zoning' ? zoningSourceSql(id, false) : '',
    zoningTyped: layer === 'zoning' ? zoningSourceSql(id, true) : '',
  };
  const entitled = layer === 'buildings' || typedOnly;
  return {
    path: `/api/v1/sources/${id}`,
    title: `Source ${id}`,
    minzoom: layer === 'buildings' ? 13 : zoningLayer.minzoom,
    maxzoom: layer === 'buildings' ? 16 : zoningLayer.maxzoom,
    metered: true,
    mayRead: (_tiles, caller) => assertLayerDefinitionAllowed(caller, definition),
    version: async (tiles) =>
      `${await tiles.versions.get(versionKeys[layer])}.${await tiles.versions.get(`source:${id}`)}`,
    layerKey: (caller, version) => `source:${id}@${version}${typed(caller) ? ':typed' : ''}`,
    statement: (caller) =>
      layer === 'buildings' ? statements.buildings : typed(caller) ? statements.zoningTyped : statements.zoning,
    cachePolicy: (caller) => (entitled || typed(caller) ? privateHour : variesHour),
    tileUrl: (_c, origin, caller, version) =>
      tileTemplate(origin, `/api/v1/sources/${id}`, caller.token, String(version)),
    async metadata(tiles, caller, c, template) {
      const fields: Record<string, string> =
        layer === 'buildings'
          ? { building_type: 'String', height_ft: 'Number', fill: 'String', line: 'String' }
          : {
              zoning: 'String',
              zoning_name: 'String',
              ...(typed(caller) ? { zoning_type: 'String' } : {}),
              fill: 'String',
              line: 'String',
            };
      const query = new URLSearchParams({ token: caller.token }).toString();
      return {
        id,
        name: `source ${id}`,
        attribution: layer === 'zoning' ? dataAttribution.zoning : undefined,
        links: { vector: [template], url: `${publicOrigin(c, tiles.config)}/api/v1/sources/${id}.json?${query}` },
        bounds: await tableBounds(
          tiles.sql,
          layer === 'zoning' ? 'zoning_districts' : 'buildings',
          await tiles.versions.get(versionKeys[layer]),
        ),
        vector_layers: [{ id: layer, fields }],
        extra: { layer, query: definition.query, style: definition.style },
      };
    },
  };
}
