// The zoning tile statement: district polygons with code, name and standardized type. Binds only
// $1,$2,$3 = z,x,y (prepared once per connection, like the built-in layers). No filter on the computed
// geometry: ST_AsMVT skips NULL geometries, and a filter computed it twice (tiles/tile-queries.ts).
export const zoningTileSql = `
WITH bounds AS (
  SELECT ST_TileEnvelope($1, $2, $3) AS env, ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS search
), features AS (
  SELECT ST_AsMVTGeom(z.geom_3857, bounds.env, 4096, 64, true) AS geom, z.id, z.zoning, z.zoning_name, z.zoning_type, z.zoning_subtype
  FROM zoning_districts z, bounds
  WHERE z.geom_3857 && bounds.search
)
SELECT ST_AsMVT(features, 'zoning', 4096, 'geom', 'id') AS mvt FROM features`;
