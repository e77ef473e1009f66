// The tile statements of the map layers beyond parcels, flood, wetlands and zoning (population, census
// outlines, open space, land cover, buildings, contours, and the admins' spot elevations and 2010 flood
// map). Each binds only $1,$2,$3 = z,x,y and returns one row with `mvt`, like tiles/tile-queries.ts:
// ST_AsMVTGeom over geom_3857 clipped to the tile with a 64/4096 buffer. Below zoom 15 lines and
// polygons are first simplified to half a display pixel of that zoom (a tolerance baked into the
// statement, one per zoom), so a tract or a road surface drawn at zoom 6 or 12 is not sent with the
// vertices only zoom 16 can show. Table, columns and conditions are constants of this file.

import type { BoundedTable } from '../../../tiles/bounds.ts';

/** Web Mercator metres across one 512-px display pixel at zoom z. */
const pixelMetres = (z: number) => 40075016.68557849 / 512 / 2 ** z;

/** From this zoom geometries go to ST_AsMVTGeom as stored. */
const fullDetailZoom = 15;

export interface LayerQuery {
  table: BoundedTable;
  /** The layer name inside the tiles. */
  layer: string;
  /** The tile attributes: `expression AS name`, over the table's row `t`. */
  columns: readonly string[];
  /** Rows of the table this layer draws (default: every row). */
  condition?: string;
  /** Points are never simplified. */
  kind: 'polygon' | 'line' | 'point';
  /** False for small shapes whose every vertex shows (building footprints): only the tile grid snaps them. */
  simplify?: boolean;
}

/** The statement of zoom z's tiles of a layer. */
export function layerTileSql(query: LayerQuery, z: number): string {
  const simplified =
    query.kind !== 'point' && query.simplify !== false && z < fullDetailZoom
      ? `ST_Simplify(t.geom_3857, ${(pixelMetres(z) / 2).toFixed(4)}, true)`
      : 't.geom_3857';
  return `
WITH bounds AS (
  SELECT ST_TileEnvelope($1, $2, $3) AS env, ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS search
), features AS (
  SELECT ST_AsMVTGeom(${simplified}, bounds.env, 4096, 64, true) AS geom, t.id, ${query.columns.join(', ')}
  FROM ${query.table} t, bounds
  WHERE t.geom_3857 && bounds.search AND ${query.condition ?? 'true'}
)
SELECT ST_AsMVT(features, '${query.layer}', 4096, 'geom', 'id') AS mvt FROM features`;
}

/** Square metres in a square mile, for population density from the tract's area on the ellipsoid. */
const squareMetresPerSquareMile = 2_589_988.110336;

const shares = [
  'under18_pct',
  'age18_24_pct',
  'age25_34_pct',
  'age35_44_pct',
  'age45_54_pct',
  'age55_64_pct',
  'age65plus_pct',
  'white_pct',
  'black_pct',
  'hispanic_pct',
  'asian_pct',
  'multi_pct',
] as const;

export const populationQuery: LayerQuery = {
  table: 'census_tracts',
  layer: 'population',
  kind: 'polygon',
  columns: [
    't.geoid',
    't.name',
    't.town',
    't.total_pop',
    `round(t.total_pop / nullif(ST_Area(t.geom::geography) / ${squareMetresPerSquareMile}, 0))::integer AS density`,
    ...shares.map((s) => `t.${s}::float8 AS ${s}`),
  ],
};
export const populationShareFields = shares;

export const blockGroupsQuery: LayerQuery = {
  table: 'census_block_groups',
  layer: 'census_block_groups',
  kind: 'polygon',
  columns: ['t.geoid', 't.name'],
};

export const blocksQuery: LayerQuery = {
  table: 'census_blocks',
  layer: 'census_blocks',
  kind: 'polygon',
  columns: ['t.geoid', 't.name'],
};

/** The legend's owner classes: the city's OWNER values grouped (blank owners are NULL in the table). */
export const openSpaceQuery: LayerQuery = {
  table: 'open_spaces',
  layer: 'open_space',
  kind: 'polygon',
  columns: [
    't.name',
    't.owner',
    't.acres::float8 AS acres',
    `CASE WHEN t.owner IN ('City', 'Cambridge') THEN 'city'
          WHEN t.owner = 'School Dep' THEN 'school'
          WHEN t.owner = 'State' THEN 'state'
          WHEN t.owner = 'Federal' THEN 'federal'
          WHEN t.owner = 'POPS' THEN 'pops'
          WHEN t.owner IN ('Private', 'Easement') THEN 'private'
          ELSE 'other' END AS owner_class`,
  ],
};

export const landCoverQuery: LayerQuery = {
  table: 'land_cover',
  layer: 'land_cover',
  kind: 'polygon',
  columns: ['t.lc_class', 't.subtype'],
};

/**
 * Every row of the table, whatever its source (the city's flyover, the synthetic county, an operator's
 * import), so a building file loaded into the table is drawn without a change here.
 */
export const buildingsQuery: LayerQuery = {
  table: 'buildings',
  layer: 'buildings',
  kind: 'polygon',
  simplify: false,
  columns: [
    't.building_id',
    't.building_type',
    't.height_ft::float8 AS height_ft',
    // synthetic: carried here as `t.synthetic` once the buildings table has that column.
  ],
};

export const contoursQuery: LayerQuery = {
  table: 'contours',
  layer: 'contours',
  kind: 'line',
  columns: ['t.elevation_ft::float8 AS elevation_ft', 't.approximate'],
};

export const spotElevationsQuery: LayerQuery = {
  table: 'spot_elevations',
  layer: 'spot_elevations',
  kind: 'point',
  columns: ['t.spot_type', 't.elevation_ft::float8 AS elevation_ft'],
};

/** The legacy 2010 FEMA map, kept in flood_zones beside the current one for comparison. */
export const flood2010Query: LayerQuery = {
  table: 'flood_zones',
  layer: 'flood_2010',
  kind: 'polygon',
  columns: ['t.fld_zone', 't.sfha'],
  condition: "t.source LIKE '%legacy%'",
};
