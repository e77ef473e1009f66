-- Place lookups of the app API: the place of each kind that contains a point (the breadcrumbs of
-- /at_point.json). Re-applied on every migrate, so CREATE OR REPLACE only.

-- One hierarchy: the deepest place at the point (a neighbourhood before a city before a county ...; at
-- one depth real before synthetic, then the smallest area), and its ancestors by parent_path, never by
-- a point-in-polygon test per level. Generalised county and state outlines disagree with a city's own
-- boundary near their edges (a Cambridge street fell inside 1:20M Suffolk); the city's path says where
-- it is. ST_Intersects (not ST_Contains) so a point exactly on a shared border still finds a place.
CREATE OR REPLACE FUNCTION places_at_point(lon double precision, lat double precision)
RETURNS TABLE (kind text, path text, name text, headline text)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH RECURSIVE deepest AS (
    SELECT p.path FROM places p
    WHERE ST_Intersects(p.geom, ST_SetSRID(ST_MakePoint(lon, lat), 4326))
    ORDER BY array_position(ARRAY['country', 'state', 'county', 'city', 'neighborhood'], p.kind) DESC,
             p.synthetic, ST_Area(p.geom), p.path
    LIMIT 1
  ), chain AS (
    SELECT p.kind, p.path, p.name, p.headline, p.parent_path, 1 AS depth FROM places p JOIN deepest d ON d.path = p.path
    UNION ALL
    SELECT p.kind, p.path, p.name, p.headline, p.parent_path, c.depth + 1 FROM places p JOIN chain c ON p.path = c.parent_path
    WHERE c.depth < 8
  )
  SELECT c.kind, c.path, c.name, c.headline FROM chain c
$$;

-- A parcel is in a drawn shape (a neighbourhood, a focus area) when its point-on-surface is: every
-- parcel then lies in exactly one of a set of shapes that tile a city, and counts never double up along
-- shared edges. The first ST_Intersects is what lets the planner use the GIST index on parcels.geom;
-- a one-expression SQL function, so it is inlined into the caller's WHERE and the index still serves.
CREATE OR REPLACE FUNCTION parcel_in_shape(parcel_geom geometry, shape geometry)
RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ST_Intersects(parcel_geom, shape) AND ST_Intersects(shape, ST_PointOnSurface(parcel_geom))
$$;

-- The one answer to "which parcels are in this place", for insights, exports, the cart, the store,
-- filters, sources and coverage. Countries, states, counties and cities hold their parcels by path
-- (the loaders file each parcel under its county and city), so their parcels are a range of the
-- text_pattern_ops path index ('0' follows '/' in byte order). Neighbourhoods are drawn inside a
-- city whose parcels are filed under the city, so theirs are chosen by the outline: the parcels whose
-- point-on-surface lies inside it (each parcel in exactly one neighbourhood), found through the GIST
-- index by the first ST_Intersects. A plain SQL function with one statement: the planner inlines it
-- into the caller's query, so the caller's own conditions join the index scans of each branch.
-- The spec's neighbourhood paths: /us/neighborhoods/{slug or id} names a US neighbourhood wherever it
-- lies, by the last segment of its own path (mid-cambridge) or by its places id; real before
-- synthetic, then the oldest. Any other path comes back as it is; an alias that names nothing comes
-- back as NULL. A handful of neighbourhood rows are scanned, never parcels.
CREATE OR REPLACE FUNCTION resolve_place_path(place_path text)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN place_path NOT LIKE '/us/neighborhoods/%' THEN place_path ELSE (
    SELECT n.path FROM places n, (SELECT substr(place_path, 19) AS key) k
    WHERE n.kind = 'neighborhood' AND n.country = 'us' AND k.key ~ '^[a-z0-9-]{1,100}$'
      AND (n.path = n.parent_path || '/' || k.key OR (k.key ~ '^[0-9]{1,9}$' AND n.id = k.key::integer))
    ORDER BY (k.key ~ '^[0-9]{1,9}$' AND n.id = k.key::integer) DESC, n.synthetic, n.id
    LIMIT 1) END
$$;

-- The third branch is the /us/neighborhoods/ alias: for every other path its LIKE is false once per
-- call (a one-time filter), so the plans of the first two are what they always were.
CREATE OR REPLACE FUNCTION parcels_in_place(place_path text)
RETURNS SETOF parcels
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT p.* FROM parcels p
  WHERE p.path ~>=~ (place_path || '/') AND p.path ~<~ (place_path || '0')
    AND NOT EXISTS (SELECT 1 FROM places n WHERE n.path = place_path AND n.kind = 'neighborhood')
  UNION ALL
  SELECT p.* FROM places n JOIN parcels p ON parcel_in_shape(p.geom, n.geom)
  WHERE n.path = place_path AND n.kind = 'neighborhood'
  UNION ALL
  SELECT p.* FROM places n JOIN parcels p ON parcel_in_shape(p.geom, n.geom)
  WHERE place_path LIKE '/us/neighborhoods/%' AND n.path = resolve_place_path(place_path)
    AND n.kind = 'neighborhood'
$$;

-- A place's alternative headline (the Place answer's headline_alt): the first part of its headline said
-- within its parent's headline (Cambridge, Middlesex County, MA; Middlesex County, Massachusetts;
-- Massachusetts, United States), which tells apart places of one name; a place without a parent keeps
-- its headline. NULL for a path that names no place.
CREATE OR REPLACE FUNCTION place_headline_alt(place_path text)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN pp.headline IS NULL THEN p.headline
              ELSE split_part(p.headline, ', ', 1) || ', ' || pp.headline END
  FROM places p LEFT JOIN places pp ON pp.path = p.parent_path
  WHERE p.path = place_path
$$;
