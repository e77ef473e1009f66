// The map layers of the city's and the Census Bureau's data as tile sources, all under one mount:
// TileJSON at /api/v1/layers/{id} and tiles at /api/v1/layers/{id}/{z}/{x}/{y}.mvt. Who may read each
// is the product's choice (spec map.md §2, §9: paid users get more layers, admins extra third-party
// ones): population, census outlines and open space for everyone; land cover, buildings and contours
// for paid levels (403 with the upgrade link, like the flood and wetland layers); the spot elevations
// and the 2010 flood map for admins only (403). Layers everyone reads are public tiles; the others are
// private, so no shared cache hands them on. Tiles are keyed on the loader's layer_versions rows.
import { isPaid } from '@parcel-map/contracts/levels';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import type { Caller } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import { tableBounds } from '../../../tiles/bounds.ts';
import type { TileCachePolicy } from '../../../tiles/tile-gate.ts';
import type { TileSource, TileSourceMount } from '../../../tiles/tile-source.ts';
import {
  blockGroupsQuery,
  blocksQuery,
  buildingsQuery,
  contoursQuery,
  flood2010Query,
  landCoverQuery,
  type LayerQuery,
  layerTileSql,
  openSpaceQuery,
  populationQuery,
  populationShareFields,
  spotElevationsQuery,
} from './layer-queries.ts';

export type LayerAccess = NonNullable<CatalogueLayer['access']>;

const DAY = 86_400;
const publicDay: TileCachePolicy = { maxAge: DAY, audience: 'public' };
const privateDay: TileCachePolicy = { maxAge: DAY, audience: 'private' };

interface LayerDef {
  /** The URL name (/api/v1/layers/{id}), the catalogue id too. */
  id: string;
  name: string;
  description: string;
  attribution: string;
  access: LayerAccess;
  /** The layer_versions row the loader bumps when it reloads the table. */
  version: 'census' | 'land_cover' | 'open_spaces' | 'buildings' | 'elevation' | 'flood_zones';
  minzoom: number;
  maxzoom: number;
  query: LayerQuery;
  fields: Record<string, 'String' | 'Number' | 'Boolean'>;
}

/** Whether a caller may read a layer of this access. */
export function mayReadLayer(access: LayerAccess, caller: Pick<Caller, 'level'>): boolean {
  if (access === 'admin') return caller.level === 'admin';
  if (access === 'paid') return isPaid(caller.level);
  return true;
}

function layerSource(def: LayerDef): TileSource & { readonly layerId: string; readonly access: LayerAccess } {
  const statements = new Map<number, string>();
  // "The land cover layer", "The FEMA flood zones 2010 layer": a leading capital only lowered on a word.
  const title = `The ${def.name.replace(/^[A-Z][a-z]/, (m) => m.toLowerCase())} layer`;
  return {
    layerId: def.id,
    access: def.access,
    path: `/api/v1/layers/${def.id}`,
    title,
    minzoom: def.minzoom,
    maxzoom: def.maxzoom,
    metered: true,
    mayRead(_tiles, caller) {
      if (mayReadLayer(def.access, caller)) return;
      if (def.access === 'paid')
        throw new ApiError('FORBIDDEN', `${title} is available to Pro customers. Upgrade to Pro to use it.`, {
          upgrade: '/plans#p=level1',
        });
      throw new ApiError('FORBIDDEN', `${title} is for administrators only.`);
    },
    version: (tiles) => tiles.versions.get(def.version),
    layerKey: (_caller, version) => `layer:${def.id}@${version}`,
    statement(_caller, z) {
      let statement = statements.get(z);
      if (!statement) {
        statement = layerTileSql(def.query, z);
        statements.set(z, statement);
      }
      return statement;
    },
    cachePolicy: () => (def.access === 'everyone' ? publicDay : privateDay),
    metadata: async (tiles) => ({
      name: def.query.layer,
      description: def.description,
      attribution: def.attribution,
      // The whole table's extent (the 2010 flood map shares its table with the current one: a superset).
      bounds: await tableBounds(tiles.sql, def.query.table, await tiles.versions.get(def.version)),
      vector_layers: [{ id: def.query.layer, minzoom: def.minzoom, maxzoom: def.maxzoom, fields: def.fields }],
    }),
  };
}

const census = 'US Census Bureau (ACS 2022, Census 2020)';
const cambridgeGis = 'City of Cambridge GIS (PDDL 1.0)';

export const populationSource = layerSource({
  id: 'population',
  name: 'Population',
  description:
    'Census tracts with ACS 2022 5-year population, density (people per square mile) and age and race shares',
  attribution: `Population: ${census}`,
  access: 'everyone',
  version: 'census',
  minzoom: 6,
  maxzoom: 14,
  query: populationQuery,
  fields: {
    geoid: 'String',
    name: 'String',
    town: 'String',
    total_pop: 'Number',
    density: 'Number',
    ...Object.fromEntries(populationShareFields.map((s) => [s, 'Number'])),
  },
});

export const blockGroupsSource = layerSource({
  id: 'census-block-groups',
  name: 'Census block groups',
  description: 'Census 2020 block groups of Cambridge (outlines)',
  attribution: `Census block groups: ${cambridgeGis}, US Census Bureau`,
  access: 'everyone',
  version: 'census',
  minzoom: 12,
  maxzoom: 16,
  query: blockGroupsQuery,
  fields: { geoid: 'String', name: 'String' },
});

export const blocksSource = layerSource({
  id: 'census-blocks',
  name: 'Census blocks',
  description: 'Census 2020 blocks of Cambridge (outlines)',
  attribution: `Census blocks: ${cambridgeGis}, US Census Bureau`,
  access: 'everyone',
  version: 'census',
  minzoom: 13,
  maxzoom: 16,
  query: blocksQuery,
  fields: { geoid: 'String', name: 'String' },
});

export const openSpaceSource = layerSource({
  id: 'open-space',
  name: 'Open space',
  description: 'Parks and open space with name, owner and acres',
  attribution: `Open space: ${cambridgeGis}`,
  access: 'everyone',
  version: 'open_spaces',
  minzoom: 11,
  maxzoom: 16,
  query: openSpaceQuery,
  fields: { name: 'String', owner: 'String', acres: 'Number', owner_class: 'String' },
});

export const landCoverSource = layerSource({
  id: 'land-cover',
  name: 'Land cover',
  description: 'Land cover of the 2018 planimetric survey: vegetation, water, parking, roads, other paved, plazas',
  attribution: `Land cover: ${cambridgeGis}`,
  access: 'paid',
  version: 'land_cover',
  minzoom: 13,
  maxzoom: 16,
  query: landCoverQuery,
  fields: { lc_class: 'String', subtype: 'String' },
});

export const buildingsSource = layerSource({
  id: 'buildings',
  name: 'Buildings',
  description: 'Building footprints with their height above the ground in feet',
  attribution: `Buildings: ${cambridgeGis}`,
  access: 'paid',
  version: 'buildings',
  minzoom: 13,
  maxzoom: 16,
  query: buildingsQuery,
  fields: { building_id: 'String', building_type: 'String', height_ft: 'Number' },
});

export const contoursSource = layerSource({
  id: 'contours',
  name: 'Contours',
  description: '5-ft contour lines, approximate: interpolated from the 2010 spot elevations',
  attribution: `Contours: derived from ${cambridgeGis}`,
  access: 'paid',
  version: 'elevation',
  minzoom: 13,
  maxzoom: 16,
  query: contoursQuery,
  fields: { elevation_ft: 'Number', approximate: 'Boolean' },
});

export const spotElevationsSource = layerSource({
  id: 'spot-elevations',
  name: 'Spot elevations',
  description: 'Surveyed spot elevations of 2010 (feet, NAVD88) by type',
  attribution: `Spot elevations: ${cambridgeGis}`,
  access: 'admin',
  version: 'elevation',
  minzoom: 13,
  maxzoom: 16,
  query: spotElevationsQuery,
  fields: { spot_type: 'String', elevation_ft: 'Number' },
});

export const flood2010Source = layerSource({
  id: 'flood-2010',
  name: 'FEMA flood zones 2010',
  description: 'The legacy 2010 FEMA flood map, to compare with the current one',
  attribution: 'Flood zones 2010: FEMA (public domain)',
  access: 'admin',
  version: 'flood_zones',
  minzoom: 8,
  maxzoom: 14,
  query: flood2010Query,
  fields: { fld_zone: 'String', sfha: 'Boolean' },
});

export const layerSources = [
  populationSource,
  blockGroupsSource,
  blocksSource,
  openSpaceSource,
  landCoverSource,
  buildingsSource,
  contoursSource,
  spotElevationsSource,
  flood2010Source,
] as const;

const byId = new Map<string, TileSource>(layerSources.map((s) => [s.layerId, s]));
const listed = layerSources
  .filter((s) => s.access !== 'admin')
  .map((s) => s.layerId)
  .join(', ');

/** /api/v1/layers/:id: a Map, so `__proto__` or `constructor` is a 404 like any unknown id. */
export const layerMount: TileSourceMount = {
  tileJsonPath: '/api/v1/layers/:id',
  tilesPath: '/api/v1/layers/:id',
  sourceFor(c) {
    const id = c.req.param('id')!;
    const source = byId.get(id);
    if (!source) throw new ApiError('NOT_FOUND', `No layer named ${id}; there are ${listed}`);
    return source;
  },
  registered: layerSources,
};
