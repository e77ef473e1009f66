// The tile statements of buildings and zoning sources. Like parcel sources' compiled statements, the
// SQL text holds only the source id (a hex hash we made) and fixed identifiers: every filter value and
// colour is read at run time from the stored definition in tile_sources, so a request binds only
// $1,$2,$3 = z,x,y. A missing filter reads as NULL and lets every feature through; each feature's
// `fill` is its value's colour under style.by, else the style's fill.
import { sourceIdPattern } from '../../../tiles/definition/source-id.ts';

const head = (id: string, params: string) => {
  if (!sourceIdPattern.test(id)) throw new Error('source ids are hex hashes');
  return `WITH def AS MATERIALIZED (SELECT definition AS d FROM tile_sources WHERE id = '${id}'),
  params AS MATERIALIZED (SELECT ${params},
    d->'style'->>'fill' AS fill, d->'style'->>'line' AS line,
    d->'style'->'by'->>'field' AS by_field, d->'style'->'by'->'values' AS by_values FROM def),
  bounds AS (SELECT ST_TileEnvelope($1, $2, $3) AS env, ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS search)`;
};

const listOf = (key: string) =>
  `CASE WHEN d->'query'->'filters' ? '${key}' THEN ARRAY(SELECT jsonb_array_elements_text(d->'query'->'filters'->'${key}')) END AS f_${key}`;
const boundOf = (op: string) => `(d->'query'->'filters'->'height_ft'->>'${op}')::numeric AS h_${op}`;

/** Buildings with their height and type, filtered by height range and type. */
export function buildingsSourceSql(id: string): string {
  return `${head(id, [listOf('building_type'), ...['gte', 'lte', 'gt', 'lt'].map(boundOf)].join(', '))},
features AS (
  SELECT ST_AsMVTGeom(b.geom_3857, bounds.env, 4096, 64, true) AS geom, b.id, b.building_type, b.height_ft::float8 AS height_ft,
    coalesce(CASE params.by_field WHEN 'building_type' THEN params.by_values->>b.building_type END, params.fill) AS fill,
    params.line AS line
  FROM buildings b, bounds, params
  WHERE b.geom_3857 && bounds.search
    AND (params.f_building_type IS NULL OR b.building_type = ANY (params.f_building_type))
    AND (params.h_gte IS NULL OR b.height_ft >= params.h_gte) AND (params.h_lte IS NULL OR b.height_ft <= params.h_lte)
    AND (params.h_gt IS NULL OR b.height_ft > params.h_gt) AND (params.h_lt IS NULL OR b.height_ft < params.h_lt)
)
SELECT ST_AsMVT(features, 'buildings', 4096, 'geom', 'id') AS mvt FROM features`;
}

/** Zoning districts by code (and standardized type); `typed` tiles carry the type too (Pro). */
export function zoningSourceSql(id: string, typed: boolean): string {
  return `${head(id, [listOf('zoning'), listOf('zoning_type')].join(', '))},
features AS (
  SELECT ST_AsMVTGeom(z.geom_3857, bounds.env, 4096, 64, true) AS geom, z.id, z.zoning, z.zoning_name${typed ? ', z.zoning_type' : ''},
    coalesce(CASE params.by_field WHEN 'zoning' THEN params.by_values->>z.zoning WHEN 'zoning_type' THEN params.by_values->>z.zoning_type END, params.fill) AS fill,
    params.line AS line
  FROM zoning_districts z, bounds, params
  WHERE z.geom_3857 && bounds.search
    AND (params.f_zoning IS NULL OR z.zoning = ANY (params.f_zoning))
    AND (params.f_zoning_type IS NULL OR z.zoning_type = ANY (params.f_zoning_type))
)
SELECT ST_AsMVT(features, 'zoning', 4096, 'geom', 'id') AS mvt FROM features`;
}
