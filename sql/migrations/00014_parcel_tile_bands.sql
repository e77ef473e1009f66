-- Parcel geometry prepared for tiles, one narrow table per zoom band (issue 13, bench/README.md "Tile
-- SQL"): ST_AsMVTGeom over raw parcels was ~90% of a z12-z14 tile's time. Each band table holds, for
-- the parcels visible at its zoom, the geometry already transformed to that zoom's world pixel grid
-- (ST_AsMVTGeom against the whole world at extent x 2^z: snapped, valid, clockwise), so a tile is a
-- translation plus a cheap box clip of the few features that cross its edge. Kept in step with
-- parcels by statement triggers (sql/functions/parcel-tiles.sql), filled there on first migrate.

-- z11-z14: geometry only (no attributes below z15; ids from z13).
CREATE TABLE parcel_tiles_z11 (id bigint PRIMARY KEY, g geometry NOT NULL);
CREATE TABLE parcel_tiles_z12 (id bigint PRIMARY KEY, g geometry NOT NULL);
CREATE TABLE parcel_tiles_z13 (id bigint PRIMARY KEY, g geometry NOT NULL);
CREATE TABLE parcel_tiles_z14 (id bigint PRIMARY KEY, g geometry NOT NULL);
CREATE INDEX parcel_tiles_z11_g_idx ON parcel_tiles_z11 USING gist (g);
CREATE INDEX parcel_tiles_z12_g_idx ON parcel_tiles_z12 USING gist (g);
CREATE INDEX parcel_tiles_z13_g_idx ON parcel_tiles_z13 USING gist (g);
CREATE INDEX parcel_tiles_z14_g_idx ON parcel_tiles_z14 USING gist (g);

-- z15-z22: every parcel with the five tile attributes as text (no uuid cast per tile), the raw 3857
-- geometry for z17+ and the z15 / z16 pixel geometries (the busiest detail zooms).
CREATE TABLE parcel_tiles_detail (
  id bigint PRIMARY KEY,
  geom geometry(MultiPolygon, 3857) NOT NULL,
  g15 geometry,
  g16 geometry,
  ll_uuid text,
  path text,
  address text,
  owner text,
  parcelnumb text
);
CREATE INDEX parcel_tiles_detail_geom_idx ON parcel_tiles_detail USING gist (geom);
