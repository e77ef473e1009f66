-- The data of the map layers beyond parcels, flood zones and zoning: census geography with ACS
-- population, land cover, open space, buildings with heights, spot elevations and approximate contours,
-- all from shipped City of Cambridge and Census files (fixtures/data, loaded by fixtures/src/load/layers.ts).
-- Laid out like flood_zones and zoning_districts: source, typed columns, the source's properties in
-- raw, geometry in 4326 (analysis) and 3857 (tiles), GIST on both.

-- ACS 2022 5-year estimates on Census 2020 tracts (cartographic 1:500,000 shapes) in and around
-- Cambridge and Somerville; tracts are not cut to the cities. aland/awater come from the city's TIGER
-- copy of its own 33 tracts (NULL for the neighbours').
CREATE TABLE census_tracts (
  id serial PRIMARY KEY,
  source text NOT NULL,
  geoid text NOT NULL,
  tract text NOT NULL,
  name text NOT NULL,
  town text NOT NULL,
  total_pop integer,
  under18_pct numeric(5, 2),
  age18_24_pct numeric(5, 2),
  age25_34_pct numeric(5, 2),
  age35_44_pct numeric(5, 2),
  age45_54_pct numeric(5, 2),
  age55_64_pct numeric(5, 2),
  age65plus_pct numeric(5, 2),
  white_pct numeric(5, 2),
  black_pct numeric(5, 2),
  hispanic_pct numeric(5, 2),
  asian_pct numeric(5, 2),
  multi_pct numeric(5, 2),
  aland_sqm bigint,
  awater_sqm bigint,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  geom_3857 geometry(MultiPolygon, 3857) NOT NULL,
  UNIQUE (source, geoid)
);
CREATE INDEX census_tracts_geom_idx ON census_tracts USING gist (geom);
CREATE INDEX census_tracts_geom_3857_idx ON census_tracts USING gist (geom_3857);
COMMENT ON TABLE census_tracts IS 'US Census Bureau cb_2020_25_tract_500k + ACS 2022 5-year B01001/B03002 (public domain)';

-- Census 2020 block groups and blocks of Cambridge (TIGER shapes, no population).
CREATE TABLE census_block_groups (
  id serial PRIMARY KEY,
  source text NOT NULL,
  geoid text NOT NULL,
  tract_geoid text NOT NULL,
  block_group text NOT NULL,
  name text,
  aland_sqm bigint,
  awater_sqm bigint,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  geom_3857 geometry(MultiPolygon, 3857) NOT NULL,
  UNIQUE (source, geoid)
);
CREATE INDEX census_block_groups_geom_idx ON census_block_groups USING gist (geom);
CREATE INDEX census_block_groups_geom_3857_idx ON census_block_groups USING gist (geom_3857);
COMMENT ON TABLE census_block_groups IS 'Census 2020 TIGER block groups, City of Cambridge GIS Demographics/Census_2020 (PDDL 1.0)';

CREATE TABLE census_blocks (
  id serial PRIMARY KEY,
  source text NOT NULL,
  geoid text NOT NULL,
  tract_geoid text NOT NULL,
  block_group_geoid text NOT NULL,
  block text NOT NULL,
  name text,
  aland_sqm bigint,
  awater_sqm bigint,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  geom_3857 geometry(MultiPolygon, 3857) NOT NULL,
  UNIQUE (source, geoid)
);
CREATE INDEX census_blocks_geom_idx ON census_blocks USING gist (geom);
CREATE INDEX census_blocks_geom_3857_idx ON census_blocks USING gist (geom_3857);
COMMENT ON TABLE census_blocks IS 'Census 2020 TIGER blocks, City of Cambridge GIS Demographics/Census_2020 (PDDL 1.0)';

-- Land cover of the city's 2018 photogrammetric basemap. lc_class: vegetation | water |
-- impervious_parking | impervious_road | impervious_other | impervious_plaza; subtype is the source
-- layer's TYPE (PATIO, PRKNG-PAV, POOL-IN, ...). Buildings, sidewalks and tree canopy are not in it.
CREATE TABLE land_cover (
  id serial PRIMARY KEY,
  source text NOT NULL,
  lc_class text NOT NULL,
  subtype text,
  source_layer text,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  geom_3857 geometry(MultiPolygon, 3857) NOT NULL
);
CREATE INDEX land_cover_geom_idx ON land_cover USING gist (geom);
CREATE INDEX land_cover_geom_3857_idx ON land_cover USING gist (geom_3857);
COMMENT ON TABLE land_cover IS 'City of Cambridge GIS 2018 basemap (vegetation, pools, parking, roads, other impervious, plazas, water bodies; PDDL 1.0)';

-- Parks and open space. oscode and rcode are the city's open-space and recreation codes as published.
CREATE TABLE open_spaces (
  id serial PRIMARY KEY,
  source text NOT NULL,
  name text,
  owner text,
  oscode integer,
  rcode integer,
  acres numeric,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  geom_3857 geometry(MultiPolygon, 3857) NOT NULL
);
CREATE INDEX open_spaces_geom_idx ON open_spaces USING gist (geom);
CREATE INDEX open_spaces_geom_3857_idx ON open_spaces USING gist (geom_3857);
COMMENT ON TABLE open_spaces IS 'City of Cambridge GIS Recreation/Open_Space (PDDL 1.0)';

-- Building footprints of the 2010 flyover: a partial set (about 1,000 of the city's 17,000). Heights
-- and elevations in feet (NAVD88 for elevations above sea level).
CREATE TABLE buildings (
  id serial PRIMARY KEY,
  source text NOT NULL,
  building_id text,
  building_type text,
  -- TOP_GL: roof top above the ground
  height_ft numeric,
  -- BASE_ELEV: the ground at the building above sea level; TOP_SL: the roof top above sea level
  ground_elevation_ft numeric,
  top_elevation_ft numeric,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  geom_3857 geometry(MultiPolygon, 3857) NOT NULL
);
CREATE INDEX buildings_geom_idx ON buildings USING gist (geom);
CREATE INDEX buildings_geom_3857_idx ON buildings USING gist (geom_3857);
COMMENT ON TABLE buildings IS 'City of Cambridge 2010 flyover basemap buildings, partial (PDDL 1.0; via codeforboston/CambridgeOpenData, Unlicense)';

-- Surveyed spot elevations (feet, NAVD88). spot_type: SPOT-RD-INT, SPOT-OTHER, SPOT-HILL, SPOT-WATER.
CREATE TABLE spot_elevations (
  id serial PRIMARY KEY,
  source text NOT NULL,
  spot_type text,
  elevation_ft numeric NOT NULL,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(Point, 4326) NOT NULL,
  geom_3857 geometry(Point, 3857) NOT NULL
);
CREATE INDEX spot_elevations_geom_idx ON spot_elevations USING gist (geom);
CREATE INDEX spot_elevations_geom_3857_idx ON spot_elevations USING gist (geom_3857);
COMMENT ON TABLE spot_elevations IS 'City of Cambridge GIS 2010 spot elevations via codeforboston/CambridgeOpenData (PDDL 1.0)';

-- 5-ft contours interpolated from the spot elevations: approximate, never the city's surveyed contours.
CREATE TABLE contours (
  id serial PRIMARY KEY,
  source text NOT NULL,
  elevation_ft numeric NOT NULL,
  approximate boolean NOT NULL DEFAULT true,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiLineString, 4326) NOT NULL,
  geom_3857 geometry(MultiLineString, 3857) NOT NULL
);
CREATE INDEX contours_geom_idx ON contours USING gist (geom);
CREATE INDEX contours_geom_3857_idx ON contours USING gist (geom_3857);
COMMENT ON TABLE contours IS 'Approximate 5-ft contours interpolated from the City of Cambridge spot elevations (derived from PDDL 1.0 data)';

INSERT INTO layer_versions (layer) VALUES ('census'), ('land_cover'), ('open_spaces'), ('buildings'), ('elevation')
  ON CONFLICT DO NOTHING;
