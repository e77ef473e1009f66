-- The z16 parcel tiles themselves, drawn once from the detail band and kept in step with parcels by
-- the band triggers (sql/functions/parcel-tiles.sql): at z16 a tile holds ~200 features with five
-- attributes, and encoding them (ST_AsMVT) cost as much as the canonical query's whole tile, so a z16
-- tile is now one primary-key read (bench/README.md, "z16 tiles drawn at load"). Only tiles with
-- features have a row; a tile without one is empty.
CREATE TABLE parcel_tiles_z16 (
  x integer NOT NULL,
  y integer NOT NULL,
  mvt bytea NOT NULL,
  PRIMARY KEY (x, y)
);
-- Out of line and uncompressed: pglz would spend CPU on every read of a tile for little space.
ALTER TABLE parcel_tiles_z16 ALTER COLUMN mvt SET STORAGE EXTERNAL;
