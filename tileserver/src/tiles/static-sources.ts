// The static FEMA flood and wetland layers as tile sources, for site-control callers only (Pro, Team;
// admins; everyone else gets 403 JSON): TileJSON at /api/v1/static/{fema,wetlands}, tiles below it.
// Entitled callers only, so neither their tiles nor their TileJSON may sit in a shared cache.
import { isPaid } from '@parcel-map/contracts/levels';
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import { ApiError } from '../errors.ts';
import type { TileCachePolicy } from './tile-gate.ts';
import { floodLayer, floodTileSql, wetlandsLayer, wetlandsTileSql } from './tile-queries.ts';
import type { TileSource, TileSourceMount } from './tile-source.ts';

export const siteControlLayerMessage =
  'Flood and wetland layers are available to Pro customers. Upgrade to Pro to use them.';

const DAY = 86_400;
const privateDay: TileCachePolicy = { maxAge: DAY, audience: 'private' };

interface StaticLayer {
  /** The URL name (/api/v1/static/{key}). */
  key: string;
  table: 'flood_zones' | 'wetlands';
  statement: string;
  range: { minzoom: number; maxzoom: number };
  name: string;
  /** Who published the data (the TileJSON's attribution). */
  attribution: string;
  layer: string;
  fields: Record<string, string>;
}

function staticSource(layer: StaticLayer): TileSource {
  return {
    path: `/api/v1/static/${layer.key}`,
    title: `The ${layer.name} layer`,
    minzoom: layer.range.minzoom,
    maxzoom: layer.range.maxzoom,
    metered: true,
    mayRead(_tiles, caller) {
      if (!isPaid(caller.level))
        throw new ApiError('FORBIDDEN', siteControlLayerMessage, { upgrade: '/plans#p=level1' });
    },
    version: (tiles) => tiles.versions.get(layer.table),
    layerKey: (_caller, version) => `static:${layer.table}@${version}`,
    statement: () => layer.statement,
    cachePolicy: () => privateDay,
    metadata: async () => ({
      name: layer.layer,
      description: layer.name,
      attribution: layer.attribution,
      vector_layers: [
        { id: layer.layer, minzoom: layer.range.minzoom, maxzoom: layer.range.maxzoom, fields: layer.fields },
      ],
    }),
  };
}

export const floodSource = staticSource({
  key: 'fema',
  table: 'flood_zones',
  statement: floodTileSql,
  range: floodLayer,
  name: 'FEMA flood hazard areas',
  attribution: dataAttribution.flood,
  layer: 'flood',
  fields: { fld_zone: 'String', sfha: 'Boolean' },
});
export const wetlandsSource = staticSource({
  key: 'wetlands',
  table: 'wetlands',
  statement: wetlandsTileSql,
  range: wetlandsLayer,
  name: 'Wetlands',
  attribution: dataAttribution.wetlands,
  layer: 'wetlands',
  fields: { wetland_type: 'String', attribute: 'String' },
});

const byKey = new Map<string, TileSource>([
  ['fema', floodSource],
  ['wetlands', wetlandsSource],
]);

/** /api/v1/static/:layer: a Map, so `__proto__` or `constructor` is a 404 like any unknown name. */
export const staticSources: TileSourceMount = {
  tileJsonPath: '/api/v1/static/:layer',
  tilesPath: '/api/v1/static/:layer',
  sourceFor(c) {
    const name = c.req.param('layer')!;
    const source = byKey.get(name);
    if (!source) throw new ApiError('NOT_FOUND', `No static layer named ${name}; there are fema and wetlands`);
    return source;
  },
  registered: [floodSource, wetlandsSource],
};
