-- Support for the real-data loaders (fixtures/src/load): the Massachusetts use code -> LBCS activity
-- mapping (documented in fixtures/README.md) and the geometry helpers the set-based normalisation uses.

-- Massachusetts DOR property type codes, grouped into ranges of the 3-digit state code, with the LBCS
-- Activity (actual use) each range stands for. Local 4th digits/letters are dropped before the lookup
-- (ma_use_code_primary). The label doubles as usedesc where a source carries no description.
CREATE TABLE ma_use_code_lbcs (
  code_from integer NOT NULL,
  code_to integer NOT NULL,
  label text NOT NULL,
  lbcs_activity numeric NOT NULL,
  lbcs_activity_desc text NOT NULL,
  PRIMARY KEY (code_from),
  CHECK (code_from <= code_to)
);

INSERT INTO ma_use_code_lbcs (code_from, code_to, label, lbcs_activity, lbcs_activity_desc) VALUES
  (10, 19, 'Mixed use, primarily residential', 1000, 'Residential activities'),
  (20, 29, 'Mixed use, primarily open space', 9000, 'No human activity or unclassifiable activity'),
  (30, 39, 'Mixed use, primarily commercial', 2000, 'Shopping, business, or trade activities'),
  (40, 49, 'Mixed use, primarily industrial', 3000, 'Industrial, manufacturing, and waste-related activities'),
  (101, 101, 'Single family', 1100, 'Household activities'),
  (102, 102, 'Condominium', 1100, 'Household activities'),
  (103, 103, 'Mobile home', 1100, 'Household activities'),
  (104, 104, 'Two-family', 1100, 'Household activities'),
  (105, 105, 'Three-family', 1100, 'Household activities'),
  (106, 108, 'Accessory land with improvement', 1100, 'Household activities'),
  (109, 109, 'Multiple houses on one parcel', 1100, 'Household activities'),
  (110, 119, 'Apartments (four or more units)', 1100, 'Household activities'),
  (121, 121, 'Rooming and boarding houses', 1200, 'Transient living'),
  (122, 129, 'Fraternities, dormitories and other congregate housing', 1300, 'Institutional living'),
  (130, 139, 'Residential land, vacant', 9000, 'No human activity or unclassifiable activity'),
  (140, 149, 'Child care facility', 4000, 'Social, institutional, or infrastructure-related activities'),
  (190, 199, 'Residential, other (e.g. condominium master parcel)', 1100, 'Household activities'),
  (200, 299, 'Open space', 9000, 'No human activity or unclassifiable activity'),
  (300, 302, 'Hotels, motels, inns and resorts', 1200, 'Transient living'),
  (303, 309, 'Nursing homes, private hospitals and other care', 4000, 'Social, institutional, or infrastructure-related activities'),
  (310, 319, 'Warehouses and distribution', 3000, 'Industrial, manufacturing, and waste-related activities'),
  (320, 325, 'Retail trade', 2100, 'Shopping'),
  (326, 326, 'Eating and drinking establishments', 2200, 'Restaurant-type activity'),
  (327, 329, 'Retail trade', 2100, 'Shopping'),
  (330, 335, 'Automotive sales and services', 2000, 'Shopping, business, or trade activities'),
  (336, 337, 'Parking garages and lots', 5000, 'Travel or movement activities'),
  (338, 339, 'Automotive, other', 2000, 'Shopping, business, or trade activities'),
  (340, 349, 'Office buildings', 2300, 'Office activities'),
  (350, 359, 'Public service properties (private schools, clubs, funeral homes)', 4000, 'Social, institutional, or infrastructure-related activities'),
  (360, 369, 'Cultural and entertainment', 6000, 'Mass assembly of people'),
  (370, 389, 'Indoor and outdoor recreation', 7000, 'Leisure activities'),
  (390, 399, 'Commercial land, vacant', 9000, 'No human activity or unclassifiable activity'),
  (400, 419, 'Manufacturing, processing and research', 3000, 'Industrial, manufacturing, and waste-related activities'),
  (420, 439, 'Utilities and communications', 4000, 'Social, institutional, or infrastructure-related activities'),
  (440, 499, 'Industrial land, vacant', 9000, 'No human activity or unclassifiable activity'),
  (600, 699, 'Forest land (Chapter 61)', 8000, 'Natural resources-related activities'),
  (700, 799, 'Agricultural land (Chapter 61A)', 8000, 'Natural resources-related activities'),
  (800, 899, 'Recreational land (Chapter 61B)', 7000, 'Leisure activities'),
  (900, 909, 'Exempt: United States government', 4000, 'Social, institutional, or infrastructure-related activities'),
  (910, 919, 'Exempt: Commonwealth of Massachusetts', 4000, 'Social, institutional, or infrastructure-related activities'),
  (920, 929, 'Exempt: state conservation and recreation land', 7000, 'Leisure activities'),
  (930, 930, 'Exempt: municipal, vacant', 9000, 'No human activity or unclassifiable activity'),
  (931, 931, 'Exempt: municipal, improved', 4000, 'Social, institutional, or infrastructure-related activities'),
  (932, 933, 'Exempt: municipal, vacant', 9000, 'No human activity or unclassifiable activity'),
  (934, 935, 'Exempt: municipal, improved (schools, public safety)', 4000, 'Social, institutional, or infrastructure-related activities'),
  (936, 936, 'Exempt: municipal, vacant (tax title)', 9000, 'No human activity or unclassifiable activity'),
  (937, 939, 'Exempt: municipal, other', 4000, 'Social, institutional, or infrastructure-related activities'),
  (940, 945, 'Exempt: private education', 4000, 'Social, institutional, or infrastructure-related activities'),
  (946, 946, 'Exempt: private education, vacant', 9000, 'No human activity or unclassifiable activity'),
  (947, 949, 'Exempt: private education and science, other', 4000, 'Social, institutional, or infrastructure-related activities'),
  (950, 959, 'Exempt: charitable organisations', 4000, 'Social, institutional, or infrastructure-related activities'),
  (960, 969, 'Exempt: religious organisations', 6000, 'Mass assembly of people'),
  (970, 970, 'Exempt: housing authority', 1100, 'Household activities'),
  (971, 972, 'Exempt: utility and transportation authorities', 4000, 'Social, institutional, or infrastructure-related activities'),
  (973, 975, 'Exempt: authorities, vacant', 9000, 'No human activity or unclassifiable activity'),
  (976, 989, 'Exempt: other public bodies', 4000, 'Social, institutional, or infrastructure-related activities'),
  (990, 999, 'Exempt: other (121A corporations, county, other)', 9000, 'No human activity or unclassifiable activity');

-- The 3-digit state code inside a local use code: '1040' -> 104, '972V' -> 972, '031' -> 31 (mixed
-- use), and Cambridge's mixed-use '0104' -> 104 (a leading 0 on four digits marks mixed use there).
CREATE FUNCTION ma_use_code_primary(code text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN d IS NULL OR d = '' THEN NULL
    WHEN length(d) >= 4 AND left(d, 1) = '0' THEN substr(d, 2, 3)::integer
    ELSE left(d, 3)::integer
  END
  FROM (SELECT substring(btrim(code) FROM '^[0-9]+') AS d) AS digits
$$;

-- GeoJSON text -> geometry (4326), or NULL when PostGIS cannot parse it: one malformed feature must
-- not abort a whole load, it is skipped and counted instead.
CREATE FUNCTION loader_geom_from_geojson(doc text) RETURNS geometry
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF doc IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN ST_SetSRID(ST_GeomFromGeoJSON(doc), 4326);
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;

-- Web Mercator copy of a 4326 multipolygon; latitudes beyond +-85 have no Mercator image, so they
-- are clipped first (only boundaries near the poles ever reach there).
CREATE FUNCTION loader_to_3857(g geometry) RETURNS geometry
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ST_Multi(ST_Transform(
    CASE WHEN ST_YMax(g) > 85 OR ST_YMin(g) < -85
      THEN ST_CollectionExtract(ST_Intersection(g, ST_MakeEnvelope(-180, -85, 180, 85, 4326)), 3)
      ELSE g END, 3857))
$$;
