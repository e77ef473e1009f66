// The tile SQL of the built-in layers: parcels, FEMA flood zones and wetlands. Each statement binds
// only $1,$2,$3 = z,x,y and returns one row with `mvt` (bytea), so it is prepared once per connection.
import { bufferSql, detailOnlySql, extentSql, featureIdSql, visibleAtZoomSql } from './zoom-strategy.ts';

export const parcelLayer = { minzoom: 11, maxzoom: 22, tileJsonMaxzoom: 18 } as const;
export const floodLayer = { minzoom: 8, maxzoom: 14 } as const;
export const wetlandsLayer = { minzoom: 10, maxzoom: 14 } as const;

/** The default parcel layer: what labels and hover need (ll_uuid, path, address, owner, parcelnumb). */
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
SELECT ST_AsMVT(features, 'parcels', ${extentSql}, 'geom', 'id') AS mvt FROM features WHERE geom IS NOT NULL`;

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
SELECT ST_AsMVT(features, '${layer}', 4096, 'geom', 'id') AS mvt FROM features WHERE geom IS NOT NULL`;
}

/** FEMA flood hazard areas of the current maps (legacy maps stay in the table but are not drawn). */
export const floodTileSql = staticTileSql('flood_zones', 'flood', ['fld_zone', 'sfha'], "t.source NOT LIKE '%legacy%'");

export const wetlandsTileSql = staticTileSql('wetlands', 'wetlands', ['wetland_type', 'attribute']);
