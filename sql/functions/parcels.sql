-- Parcel geometry measures of the app API: geodesic edge lengths of a parcel's exterior ring(s) for the
-- dimension labels (/api/v1/dimensions.json). Re-applied on every migrate, so CREATE OR REPLACE only.

-- One row per edge of each polygon's exterior ring, in ring order. Lengths are geodesic (on the
-- spheroid) in metres; the midpoint is the planar average of the two ends, which for parcel-sized
-- edges is within millimetres of the geodesic midpoint and is only used to place a label.
-- Edges under 5 cm are dropped: they are duplicate or near-duplicate vertices that would round to a
-- "0 ft / 0.0 m" label.
CREATE OR REPLACE FUNCTION parcel_edge_lengths(parcel_path text)
RETURNS TABLE (polygon integer, edge integer, meters double precision, mid_lon double precision, mid_lat double precision)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH polygons AS (
    SELECT d.path[1] AS polygon, d.geom
    FROM parcels p, LATERAL ST_Dump(p.geom) d
    WHERE p.path = parcel_path
  ), edges AS (
    SELECT polygons.polygon, s.path[1] AS edge, s.geom,
           ST_Length(geography(s.geom)) AS meters
    FROM polygons, LATERAL ST_DumpSegments(ST_ExteriorRing(polygons.geom)) s
  )
  SELECT e.polygon, e.edge, e.meters,
         (ST_X(ST_StartPoint(e.geom)) + ST_X(ST_EndPoint(e.geom))) / 2,
         (ST_Y(ST_StartPoint(e.geom)) + ST_Y(ST_EndPoint(e.geom))) / 2
  FROM edges e
  WHERE e.meters >= 0.05
  ORDER BY e.polygon, e.edge
$$;
