-- Keeps the parcel tile band tables (migration 00014) and the stored z16 tiles (00026) in step with parcels. Re-applied on every
-- migrate, so CREATE OR REPLACE only.

-- A geometry in the world pixel grid of zoom z at the given tile extent (y down, integer
-- coordinates, valid and clockwise as ST_AsMVTGeom makes it): tile x/y's features are this geometry
-- translated by (-x * extent, -y * extent). NULL when it collapses below one grid unit.
CREATE OR REPLACE FUNCTION parcel_tile_pixels(g geometry, z integer, extent integer) RETURNS geometry
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ST_AsMVTGeom(g, ST_TileEnvelope(0, 0, 0), extent * (2 ^ z)::integer, 0, false)
$$;

-- The zoom strategy's visibility rule (tileserver/src/tiles/zoom-strategy.ts): the bounding box
-- covers at least one 512-px display pixel at zoom z.
CREATE OR REPLACE FUNCTION parcel_tile_visible(g geometry, z integer) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (ST_XMax(g) - ST_XMin(g)) * (ST_YMax(g) - ST_YMin(g)) >= (40075016.68557849 / 512.0 / (2.0 ^ z)) ^ 2
$$;

-- The z16 tiles (as x * 65536 + y) whose buffered box a parcel's 3857 bounding box reaches, with one
-- pixel to spare: every tile whose content the parcel may change. More is harmless (redrawn as is).
CREATE OR REPLACE FUNCTION parcel_tile_z16_keys(g geometry) RETURNS SETOF bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT kx::bigint * 65536 + ky
  FROM (SELECT 40075016.68557849 / 65536 AS size, 40075016.68557849 / 65536 * 65 / 4096 AS margin,
               20037508.342789244 AS half) t,
       generate_series(greatest(0, floor((ST_XMin(g) - t.margin + t.half) / t.size)::int),
                       least(65535, floor((ST_XMax(g) + t.margin + t.half) / t.size)::int)) kx,
       generate_series(greatest(0, floor((t.half - ST_YMax(g) - t.margin) / t.size)::int),
                       least(65535, floor((t.half - ST_YMin(g) + t.margin) / t.size)::int)) ky
$$;

-- Tile 16/x/y drawn from the detail band: the statement tile-queries.ts ran per request before the
-- z16 tiles were stored (pixelBandSql at z16), so the stored bytes are the ones it answered.
CREATE OR REPLACE FUNCTION parcel_tile_z16_draw(tx integer, ty integer) RETURNS bytea
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH b AS (
    SELECT ST_MakeEnvelope(tx::float8 * 4096 - 64, ty::float8 * 4096 - 64,
                           (tx::float8 + 1) * 4096 + 64, (ty::float8 + 1) * 4096 + 64) AS box
  ), features AS (
    SELECT ST_Translate(CASE WHEN p.g16 @ b.box THEN p.g16
                             ELSE (SELECT CASE WHEN ST_Area(c.g) > 0 THEN ST_ForcePolygonCCW(c.g) END
                                   FROM (SELECT ST_CollectionExtract(ST_SnapToGrid(ST_ClipByBox2D(p.g16, b.box), 1), 3) AS g) c) END,
                        -tx::float8 * 4096, -ty::float8 * 4096) AS geom,
           p.id, p.ll_uuid, p.path, p.address, p.owner, p.parcelnumb
    FROM parcel_tiles_detail p, b
    WHERE p.geom && ST_TileEnvelope(16, tx, ty, margin => 64.0 / 4096)
  )
  SELECT ST_AsMVT(features, 'parcels', 4096, 'geom', 'id') FROM features
$$;

-- Redraws the given z16 tiles (keys of parcel_tile_z16_keys) from the detail band as it is now.
CREATE OR REPLACE FUNCTION parcel_tiles_z16_redo(keys bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM parcel_tiles_z16 t USING unnest(keys) k WHERE t.x = (k / 65536)::int AND t.y = (k % 65536)::int;
  INSERT INTO parcel_tiles_z16 (x, y, mvt)
    SELECT s.x, s.y, d.mvt
    FROM (SELECT (k / 65536)::int AS x, (k % 65536)::int AS y FROM unnest(keys) k ORDER BY k) s,
         LATERAL (SELECT parcel_tile_z16_draw(s.x, s.y) AS mvt) d
    WHERE length(d.mvt) > 0;
END $$;

-- Writes the band rows of the given parcels (their old rows must be gone). Extents per zoom as in
-- zoom-strategy.ts: 512 at z11-12, 1024 at z13, 2048 at z14, 4096 from z15.
CREATE OR REPLACE FUNCTION parcel_tiles_put(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS parcel_tiles_batch (id bigint, geom geometry) ON COMMIT DROP;
  TRUNCATE parcel_tiles_batch;
  INSERT INTO parcel_tiles_batch SELECT p.id, p.geom_3857 FROM unnest(ids) u(id) JOIN parcels p ON p.id = u.id;
  INSERT INTO parcel_tiles_z11 SELECT id, g FROM (SELECT id, parcel_tile_pixels(geom, 11, 512) AS g FROM parcel_tiles_batch WHERE parcel_tile_visible(geom, 11)) s WHERE g IS NOT NULL;
  INSERT INTO parcel_tiles_z12 SELECT id, g FROM (SELECT id, parcel_tile_pixels(geom, 12, 512) AS g FROM parcel_tiles_batch WHERE parcel_tile_visible(geom, 12)) s WHERE g IS NOT NULL;
  INSERT INTO parcel_tiles_z13 SELECT id, g FROM (SELECT id, parcel_tile_pixels(geom, 13, 1024) AS g FROM parcel_tiles_batch WHERE parcel_tile_visible(geom, 13)) s WHERE g IS NOT NULL;
  INSERT INTO parcel_tiles_z14 SELECT id, g FROM (SELECT id, parcel_tile_pixels(geom, 14, 2048) AS g FROM parcel_tiles_batch WHERE parcel_tile_visible(geom, 14)) s WHERE g IS NOT NULL;
  INSERT INTO parcel_tiles_detail
    SELECT p.id, p.geom_3857, parcel_tile_pixels(p.geom_3857, 15, 4096), parcel_tile_pixels(p.geom_3857, 16, 4096),
           p.ll_uuid::text, p.path, p.address, p.owner, p.parcelnumb
    FROM unnest(ids) u(id) JOIN parcels p ON p.id = u.id;
  PERFORM parcel_tiles_z16_redo(ARRAY(SELECT DISTINCT k FROM parcel_tiles_batch b, parcel_tile_z16_keys(b.geom) k));
END $$;

CREATE OR REPLACE FUNCTION parcel_tiles_drop(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched bigint[] := ARRAY(SELECT DISTINCT k FROM parcel_tiles_detail t JOIN unnest(ids) u(id) ON t.id = u.id, parcel_tile_z16_keys(t.geom) k);
BEGIN
  DELETE FROM parcel_tiles_z11 t USING unnest(ids) u(id) WHERE t.id = u.id;
  DELETE FROM parcel_tiles_z12 t USING unnest(ids) u(id) WHERE t.id = u.id;
  DELETE FROM parcel_tiles_z13 t USING unnest(ids) u(id) WHERE t.id = u.id;
  DELETE FROM parcel_tiles_z14 t USING unnest(ids) u(id) WHERE t.id = u.id;
  DELETE FROM parcel_tiles_detail t USING unnest(ids) u(id) WHERE t.id = u.id;
  PERFORM parcel_tiles_z16_redo(touched);
END $$;

-- Statement triggers with transition tables: one set-based pass per load statement (a 1M-row COPY
-- is one call), not one per row.
CREATE OR REPLACE FUNCTION parcel_tiles_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM parcel_tiles_put(ARRAY(SELECT id FROM new_parcels));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION parcel_tiles_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM parcel_tiles_drop(ARRAY(SELECT id FROM old_parcels));
  RETURN NULL;
END $$;

-- Only rows whose geometry or tile attributes changed are redone: loaders update other columns
-- (flood zone, zoning) on every parcel.
CREATE OR REPLACE FUNCTION parcel_tiles_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
BEGIN
  changed := ARRAY(
    SELECT n.id FROM new_parcels n JOIN old_parcels o ON o.id = n.id
    WHERE n.geom_3857::bytea IS DISTINCT FROM o.geom_3857::bytea
       OR (n.ll_uuid, n.path, n.address, n.owner, n.parcelnumb) IS DISTINCT FROM (o.ll_uuid, o.path, o.address, o.owner, o.parcelnumb)
    UNION SELECT n.id FROM new_parcels n WHERE NOT EXISTS (SELECT 1 FROM old_parcels o WHERE o.id = n.id));
  PERFORM parcel_tiles_drop(changed || ARRAY(SELECT o.id FROM old_parcels o WHERE NOT EXISTS (SELECT 1 FROM new_parcels n WHERE n.id = o.id)));
  PERFORM parcel_tiles_put(changed);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION parcel_tiles_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE parcel_tiles_z11, parcel_tiles_z12, parcel_tiles_z13, parcel_tiles_z14, parcel_tiles_detail, parcel_tiles_z16;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER parcel_tiles_insert AFTER INSERT ON parcels
  REFERENCING NEW TABLE AS new_parcels FOR EACH STATEMENT EXECUTE FUNCTION parcel_tiles_on_insert();
CREATE OR REPLACE TRIGGER parcel_tiles_update AFTER UPDATE ON parcels
  REFERENCING OLD TABLE AS old_parcels NEW TABLE AS new_parcels FOR EACH STATEMENT EXECUTE FUNCTION parcel_tiles_on_update();
CREATE OR REPLACE TRIGGER parcel_tiles_delete AFTER DELETE ON parcels
  REFERENCING OLD TABLE AS old_parcels FOR EACH STATEMENT EXECUTE FUNCTION parcel_tiles_on_delete();
CREATE OR REPLACE TRIGGER parcel_tiles_truncate AFTER TRUNCATE ON parcels
  FOR EACH STATEMENT EXECUTE FUNCTION parcel_tiles_on_truncate();

-- Rebuilds every band from parcels (first migrate over existing data; a repair).
CREATE OR REPLACE FUNCTION parcel_tiles_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE parcel_tiles_z11, parcel_tiles_z12, parcel_tiles_z13, parcel_tiles_z14, parcel_tiles_detail, parcel_tiles_z16;
  PERFORM parcel_tiles_put(ARRAY(SELECT id FROM parcels ORDER BY id));
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM parcels) AND NOT EXISTS (SELECT 1 FROM parcel_tiles_detail) THEN
    PERFORM parcel_tiles_rebuild();
  ELSIF EXISTS (SELECT 1 FROM parcel_tiles_detail) AND NOT EXISTS (SELECT 1 FROM parcel_tiles_z16) THEN
    -- Bands filled before the z16 tiles were stored: draw them once.
    PERFORM parcel_tiles_z16_redo(ARRAY(SELECT DISTINCT k FROM parcel_tiles_detail t, parcel_tile_z16_keys(t.geom) k));
  END IF;
END $$;
