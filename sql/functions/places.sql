-- Place lookups of the app API: the place of each kind that contains a point (the breadcrumbs of
-- /at_point.json). Re-applied on every migrate, so CREATE OR REPLACE only.

-- One row per kind; when several places of a kind contain the point (a synthetic county over a real
-- one, overlapping neighbourhoods), real places win over synthetic ones, then the smallest area.
-- ST_Intersects (not ST_Contains) so a point exactly on a shared border still finds a place.
CREATE OR REPLACE FUNCTION places_at_point(lon double precision, lat double precision)
RETURNS TABLE (kind text, path text, name text, headline text)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT DISTINCT ON (p.kind) p.kind, p.path, p.name, p.headline
  FROM places p
  WHERE ST_Intersects(p.geom, ST_SetSRID(ST_MakePoint(lon, lat), 4326))
  ORDER BY p.kind, p.synthetic, ST_Area(p.geom), p.path
$$;
