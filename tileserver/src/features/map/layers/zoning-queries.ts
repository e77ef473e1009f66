// The zoning tile statements: district polygons with code and name, and for callers who may read the
// standardized zoning fields (Pro; the catalog's tier of zoning_type) their type and subtype too. Bind
// only $1,$2,$3 = z,x,y (prepared once per connection, like the built-in layers). No filter on the
// computed geometry: ST_AsMVT skips NULL geometries, and a filter computed it twice (tiles/tile-queries.ts).
const zoningSql = (typed: boolean) => `
WITH bounds AS (
  SELECT ST_TileEnvelope($1, $2, $3) AS env, ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS search
), features AS (
  SELECT ST_AsMVTGeom(z.geom_3857, bounds.env, 4096, 64, true) AS geom, z.id, z.zoning, z.zoning_name${typed ? ', z.zoning_type, z.zoning_subtype' : ''}
  FROM zoning_districts z, bounds
  WHERE z.geom_3857 && bounds.search
)
SELECT ST_AsMVT(features, 'zoning', 4096, 'geom', 'id') AS mvt FROM features`;

/** With the standardized type and subtype (Pro fields). */
export const zoningTileSql = zoningSql(true);
/** Code and name only: what anonymous and free callers get. */
export const zoningCodeTileSql = zoningSql(false);
