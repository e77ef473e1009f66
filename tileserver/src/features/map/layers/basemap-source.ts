// The street basemap as a tile source: TileJSON at GET /api/v1/basemap, tiles at
// /api/v1/basemap/{z}/{x}/{y}.mvt (layers water, streets, boundaries, place_labels). Public data: every
// caller gets it and shared caches may keep it; an API token's tiles pass the gate and count like
// every tile source's.
import { tableBounds } from '../../../tiles/bounds.ts';
import type { TileCachePolicy } from '../../../tiles/tile-gate.ts';
import type { TileSource } from '../../../tiles/tile-source.ts';
import { basemapFields, basemapLayer, basemapTileSql } from './basemap-queries.ts';

export const basemapAttribution =
  'Streets and water: City of Cambridge GIS (PDDL 1.0); boundaries: US Census Bureau, Statistics Canada';

const publicDay: TileCachePolicy = { maxAge: 86_400, audience: 'public' };

export const basemapSource: TileSource = {
  path: '/api/v1/basemap',
  title: 'The basemap',
  minzoom: basemapLayer.minzoom,
  maxzoom: basemapLayer.maxzoom,
  metered: true,
  mayRead: () => {},
  version: (tiles) => tiles.versions.get('basemap'),
  // Boundaries and labels come from places, streets and water from their own tables: both versions key the tile.
  tileVersion: async (tiles) => `${await tiles.versions.get('basemap')}.${await tiles.versions.get('places')}`,
  layerKey: (_caller, version) => `basemap@${version}`,
  statement: () => basemapTileSql,
  cachePolicy: () => publicDay,
  async metadata(tiles) {
    return {
      name: 'basemap',
      description: 'Street basemap: streets by class with names, water, boundaries and place labels',
      attribution: basemapAttribution,
      bounds: await tableBounds(tiles.sql, 'streets', await tiles.versions.get('basemap')),
      vector_layers: Object.entries(basemapFields).map(([id, fields]) => ({
        id,
        minzoom: basemapLayer.minzoom,
        maxzoom: basemapLayer.maxzoom,
        fields,
      })),
    };
  },
};
