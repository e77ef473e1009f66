-- The street basemap (street centerlines with names, classes and address ranges; water bodies) and the
-- zoning districts with their standardized types, all from shipped city data (fixtures/data). The
-- zoning type colours and each city's code -> type mapping live in sql/functions/zoning.sql.
CREATE TABLE streets (
  id serial PRIMARY KEY,
  source text NOT NULL,
  -- The label drawn on the map ("Cambridge St") and its parts, for address search.
  name text,
  street_name text,
  street_type text,
  -- motorway | primary | secondary | minor (see insertStreets in fixtures/src/load/basemap.ts)
  class text NOT NULL,
  -- House-number ranges of the left and right side (from the start of the line to its end); NULL when
  -- the segment carries no addresses (the sources write -1 or 0).
  l_from integer,
  l_to integer,
  r_from integer,
  r_to integer,
  zip_left text,
  zip_right text,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiLineString, 4326) NOT NULL,
  geom_3857 geometry(MultiLineString, 3857) NOT NULL
);
CREATE INDEX streets_geom_idx ON streets USING gist (geom);
CREATE INDEX streets_geom_3857_idx ON streets USING gist (geom_3857);
-- Address search matches the street name by prefix ("63 high" -> HIGHLAND).
CREATE INDEX streets_name_idx ON streets (upper(name) text_pattern_ops);

CREATE TABLE water_bodies (
  id serial PRIMARY KEY,
  source text NOT NULL,
  -- The source's type: POND, WETAREA, RETENT, FWETAREA, STREAM, WATER
  water_type text NOT NULL,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  geom_3857 geometry(MultiPolygon, 3857) NOT NULL
);
CREATE INDEX water_bodies_geom_3857_idx ON water_bodies USING gist (geom_3857);

-- The published list of district codes of a jurisdiction (names and descriptions), with the
-- standardized type and subtype each code maps to.
CREATE TABLE zoning_codes (
  jurisdiction text NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  description text,
  zoning_type text NOT NULL,
  zoning_subtype text,
  source text NOT NULL,
  PRIMARY KEY (jurisdiction, code)
);

CREATE TABLE zoning_districts (
  id serial PRIMARY KEY,
  source text NOT NULL,
  jurisdiction text NOT NULL,
  zoning text NOT NULL,
  zoning_description text,
  zoning_name text,
  zoning_type text NOT NULL,
  zoning_subtype text,
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  geom_3857 geometry(MultiPolygon, 3857) NOT NULL
);
CREATE INDEX zoning_districts_geom_idx ON zoning_districts USING gist (geom);
CREATE INDEX zoning_districts_geom_3857_idx ON zoning_districts USING gist (geom_3857);

INSERT INTO layer_versions (layer) VALUES ('basemap'), ('zoning') ON CONFLICT DO NOTHING;

-- The basemap tiles select place outlines and labels by their 3857 geometry.
CREATE INDEX places_geom_3857_idx ON places USING gist (geom_3857);
