// The tile SQL of the built-in layers: parcels, FEMA flood zones and wetlands. Each statement binds
// only $1,$2,$3 = z,x,y and returns one row with `mvt` (bytea), so it is prepared once per connection.
//
// No tile statement filters on its computed geometry (`WHERE geom IS NOT NULL`): ST_AsMVT skips rows
// whose geometry is NULL by itself, and ST_AsMVTGeom and the band clip below answer NULL, never an
// empty geometry, for what falls outside. The filter was not free: PostgreSQL inlines the features
// CTE, pushes the condition into the scan and computes the geometry expression there and again for
// the output, so every feature was clipped or translated two or three times. Without it the parcel SQL
// took half the time (dense z14 11 to 5 ms, sparse z16 1.0 to 0.6 ms; bench/README.md "Tile SQL"), with
// the same features (only their order in the tile may differ).
import { bufferSql, detailOnlySql, extentSql, featureIdSql, visibleAtZoomSql } from './zoom-strategy.ts';

export const parcelLayer = { minzoom: 11, maxzoom: 22, tileJsonMaxzoom: 18 } as const;
export const floodLayer = { minzoom: 8, maxzoom: 14 } as const;
export const wetlandsLayer = { minzoom: 10, maxzoom: 14 } as const;

/**
 * The default parcel layer as the canonical query writes it (ST_AsMVTGeom over parcels.geom_3857 per
 * tile). Kept as the reference of the zoom strategy; the server answers with parcelTileSql(z), which
 * reads the prepared band tables and gives the same features (bench/README.md, "Tile SQL").
 */
export const defaultParcelTileSql = `
WITH bounds AS (
  SELECT ST_TileEnvelope($1, $2, $3) AS env,
         ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS search
), features AS (
  SELECT ST_AsMVTGeom(p.geom_3857, bounds.env, ${extentSql}, ${bufferSql}, true) AS geom,
         ${featureIdSql('p.id')} AS id,
         ${detailOnlySql('p.ll_uuid::text')} AS ll_uuid,
         ${detailOnlySql('p.path')} AS path,
         ${detailOnlySql('p.address')} AS address,
         ${detailOnlySql('p.owner')} AS owner,
         ${detailOnlySql('p.parcelnumb')} AS parcelnumb
  FROM parcels p, bounds
  WHERE p.geom_3857 && bounds.search
    AND ${visibleAtZoomSql('p.geom_3857')}
)
SELECT ST_AsMVT(features, 'parcels', ${extentSql}, 'geom', 'id') AS mvt FROM features`;

/**
 * A tile from a band table whose geometry `column` is already in zoom z's world pixel grid
 * (sql/functions/parcel-tiles.sql): features inside the tile's buffered box are only translated; the
 * few that cross its edge are clipped to the box and snapped to whole units (slivers of no area dropped, as ST_AsMVTGeom does;
 * exterior rings turned the way ST_AsMVTGeom writes them: clockwise on screen, y down).
 */
function pixelBandSql(
  z: number,
  extent: number,
  from: string,
  column: string,
  columns: string[],
  filter?: string,
): string {
  const buffer = extent / 64;
  const idArgument = columns.includes('id') ? ", 'id'" : '';
  return `
WITH b AS (
  SELECT ST_MakeEnvelope($2::int::float8 * ${extent} - ${buffer}, $3::int::float8 * ${extent} - ${buffer},
                         ($2::int::float8 + 1) * ${extent} + ${buffer}, ($3::int::float8 + 1) * ${extent} + ${buffer}) AS box
  WHERE $1::int = ${z}
), features AS (
  SELECT ST_Translate(CASE WHEN p.${column} @ b.box THEN p.${column}
                           ELSE (SELECT CASE WHEN ST_Area(c.g) > 0 THEN ST_ForcePolygonCCW(c.g) END
                                 FROM (SELECT ST_CollectionExtract(ST_SnapToGrid(ST_ClipByBox2D(p.${column}, b.box), 1), 3) AS g) c) END,
                      -$2::int::float8 * ${extent}, -$3::int::float8 * ${extent}) AS geom${columns.map((c) => `, p.${c}`).join('')}
  FROM ${from} p, b
  WHERE ${filter ?? `p.${column} && b.box`}
)
SELECT ST_AsMVT(features, 'parcels', ${extent}, 'geom'${idArgument}) AS mvt FROM features`;
}

const detailColumns = ['id', 'll_uuid', 'path', 'address', 'owner', 'parcelnumb'];

/** z17-z22: few features per tile, so ST_AsMVTGeom over the narrow detail table's 3857 geometry. */
const detailTileSql = `
WITH bounds AS (
  SELECT ST_TileEnvelope($1, $2, $3) AS env, ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS search
), features AS (
  SELECT ST_AsMVTGeom(p.geom, bounds.env, 4096, 64, true) AS geom, ${detailColumns.map((c) => `p.${c}`).join(', ')}
  FROM parcel_tiles_detail p, bounds
  WHERE p.geom && bounds.search
)
SELECT ST_AsMVT(features, 'parcels', 4096, 'geom', 'id') AS mvt FROM features`;

/** The detail table is indexed on its 3857 geometry; z15 selects with it and draws the pixel column. */
const detailSearch = (z: number) => `p.geom && ST_TileEnvelope(${z}, $2, $3, margin => 64.0 / 4096)`;

/**
 * z16: the tile drawn at load time from the detail band (parcel_tile_z16_draw in
 * sql/functions/parcel-tiles.sql, the band statement above at z16), one primary-key read. Encoding
 * ~200 features with five attributes per request cost as much as the canonical query's whole tile. One
 * row always: NULL (answered 204) where no parcel reaches the tile.
 */
const storedZ16TileSql = `SELECT (SELECT t.mvt FROM parcel_tiles_z16 t WHERE t.x = $2 AND t.y = $3 AND $1::int = 16) AS mvt`;

const parcelTileStatements: Record<number, string> = {
  11: pixelBandSql(11, 512, 'parcel_tiles_z11', 'g', []),
  12: pixelBandSql(12, 512, 'parcel_tiles_z12', 'g', []),
  13: pixelBandSql(13, 1024, 'parcel_tiles_z13', 'g', ['id']),
  14: pixelBandSql(14, 2048, 'parcel_tiles_z14', 'g', ['id']),
  15: pixelBandSql(15, 4096, 'parcel_tiles_detail', 'g15', detailColumns, detailSearch(15)),
  16: storedZ16TileSql,
};

/** The parcel tile statement for zoom z (binds $1,$2,$3 = z,x,y like every tile statement). */
export function parcelTileSql(z: number): string {
  return parcelTileStatements[z] ?? detailTileSql;
}

/**
 * The canonical query a generic PostGIS tile server runs (shared/reference/tile-limits.md): every
 * parcel at every zoom, ST_AsMVTGeom over the raw 3857 geometry, extent 4096, buffer 64, the five tile
 * attributes. Only the benchmark runs it, as a reference.
 */
export const canonicalParcelTileSql = `
WITH b AS (
  SELECT ST_AsMVTGeom(geom_3857, ST_TileEnvelope($1, $2, $3), 4096, 64, true) AS geom, id, ll_uuid::text AS ll_uuid, path, address, owner, parcelnumb
  FROM parcels WHERE geom_3857 && ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096)
)
SELECT ST_AsMVT(b, 'parcels', 4096, 'geom', 'id') AS mvt FROM b`;

/** Tile SQL for a static polygon layer; table, columns and condition are constants of this file. */
function staticTileSql(table: string, layer: string, columns: string[], condition = 'true'): string {
  return `
WITH bounds AS (
  SELECT ST_TileEnvelope($1, $2, $3) AS env, ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS search
), features AS (
  SELECT ST_AsMVTGeom(t.geom_3857, bounds.env, 4096, 64, true) AS geom, t.id, ${columns.map((c) => `t.${c}`).join(', ')}
  FROM ${table} t, bounds
  WHERE t.geom_3857 && bounds.search AND ${condition}
)
SELECT ST_AsMVT(features, '${layer}', 4096, 'geom', 'id') AS mvt FROM features`;
}

/** FEMA flood hazard areas of the current maps (legacy maps stay in the table but are not drawn). */
export const floodTileSql = staticTileSql('flood_zones', 'flood', ['fld_zone', 'sfha'], "t.source NOT LIKE '%legacy%'");

export const wetlandsTileSql = staticTileSql('wetlands', 'wetlands', ['wetland_type', 'attribute']);
