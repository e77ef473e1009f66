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
CREATE OR REPLACE FUNCTION parcels_in_place(place_path text)
RETURNS SETOF parcels
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT p.* FROM parcels p
  WHERE p.path ~>=~ (place_path || '/') AND p.path ~<~ (place_path || '0')
    AND NOT EXISTS (SELECT 1 FROM places n WHERE n.path = place_path AND n.kind = 'neighborhood')
  UNION ALL
  SELECT p.* FROM places n JOIN parcels p ON parcel_in_shape(p.geom, n.geom)
  WHERE n.path = place_path AND n.kind = 'neighborhood'
$$;
