-- Parcel geometry measures of the app API: the sides of a parcel's exterior ring(s) for the dimension
-- labels (/api/v1/dimensions.json). Re-applied on every migrate, so CREATE OR REPLACE only.

-- One row per side of each polygon's exterior ring, in ring order. A side is a run of consecutive
-- segments whose bearings differ by less than 5 degrees (the spec's curve bearing threshold), so a
-- curved front digitised as many short segments is one side with the summed length; a run that
-- wraps past the ring's start joins the first side. Lengths are geodesic (on the spheroid) in metres.
-- The label point is halfway along the side (by length, so on the curve itself), and `bearing` is the
-- direction of the ring at that point in degrees clockwise from north; rings are forced clockwise, so
-- the parcel's inside is on the right of that direction (the viewer offsets the label that way).
-- Segments under 5 cm are dropped first: they are duplicate or near-duplicate vertices whose bearing
-- is noise and whose length would round to a "0 ft / 0.0 m" label.
DROP FUNCTION IF EXISTS parcel_edge_lengths(text);
CREATE OR REPLACE FUNCTION parcel_side_lengths(parcel_path text, curve_threshold double precision DEFAULT 5)
RETURNS TABLE (polygon integer, side integer, segments integer, meters double precision,
               mid_lon double precision, mid_lat double precision, bearing double precision)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH polygons AS (
    SELECT d.path[1] AS polygon, d.geom
    FROM parcels p, LATERAL ST_Dump(ST_ForcePolygonCW(p.geom)) d
    WHERE p.path = parcel_path
  ), segs AS (
    SELECT polygons.polygon, s.path[1] AS edge, s.geom,
           ST_Length(geography(s.geom)) AS meters,
           degrees(ST_Azimuth(geography(ST_StartPoint(s.geom)), geography(ST_EndPoint(s.geom)))) AS bearing
    FROM polygons, LATERAL ST_DumpSegments(ST_ExteriorRing(polygons.geom)) s
  ), kept AS (
    SELECT segs.*,
           row_number() OVER w AS n,
           count(*) OVER (PARTITION BY segs.polygon) AS total,
           lag(segs.bearing) OVER w AS prev_bearing,
           first_value(segs.bearing) OVER (PARTITION BY segs.polygon ORDER BY segs.edge) AS first_bearing,
           last_value(segs.bearing) OVER (PARTITION BY segs.polygon ORDER BY segs.edge
                                          ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS last_bearing
    FROM segs
    WHERE segs.meters >= 0.05
    WINDOW w AS (PARTITION BY segs.polygon ORDER BY segs.edge)
  ), turns AS (
    -- A new side starts where the bearing turns by the threshold or more (angle difference in -180..180).
    SELECT kept.*,
           sum(CASE WHEN kept.n = 1 OR abs((kept.bearing - kept.prev_bearing)
                      - 360 * round((kept.bearing - kept.prev_bearing) / 360)) >= curve_threshold
                    THEN 1 ELSE 0 END) OVER (PARTITION BY kept.polygon ORDER BY kept.edge) AS run,
           abs((kept.first_bearing - kept.last_bearing)
               - 360 * round((kept.first_bearing - kept.last_bearing) / 360)) < curve_threshold AS wraps
    FROM kept
  ), sided AS (
    -- The last run joins the first when the ring's start falls inside a straight line or a curve;
    -- it comes before the first run's segments along the side.
    SELECT turns.*,
           CASE WHEN turns.wraps AND turns.run = max(turns.run) OVER (PARTITION BY turns.polygon)
                     AND turns.run > 1 THEN 1 ELSE turns.run END AS side,
           CASE WHEN turns.wraps AND turns.run = max(turns.run) OVER (PARTITION BY turns.polygon)
                     AND turns.run > 1 THEN turns.n - turns.total ELSE turns.n END AS ord
    FROM turns
  ), along AS (
    SELECT sided.*,
           sum(sided.meters) OVER (PARTITION BY sided.polygon, sided.side) AS side_meters,
           count(*) OVER (PARTITION BY sided.polygon, sided.side) AS side_segments,
           coalesce(sum(sided.meters) OVER (PARTITION BY sided.polygon, sided.side ORDER BY sided.ord
                                            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
    FROM sided
  ), middle AS (
    -- The segment holding the side's halfway point, and how far along it that point is.
    SELECT DISTINCT ON (along.polygon, along.side)
           along.polygon, along.side, along.side_segments, along.side_meters, along.bearing, along.geom,
           least(1, greatest(0, (along.side_meters / 2 - along.before) / nullif(along.meters, 0))) AS f
    FROM along
    WHERE along.before <= along.side_meters / 2
    ORDER BY along.polygon, along.side, along.ord DESC
  )
  SELECT m.polygon, m.side::integer, m.side_segments::integer, m.side_meters,
         ST_X(ST_StartPoint(m.geom)) + m.f * (ST_X(ST_EndPoint(m.geom)) - ST_X(ST_StartPoint(m.geom))),
         ST_Y(ST_StartPoint(m.geom)) + m.f * (ST_Y(ST_EndPoint(m.geom)) - ST_Y(ST_StartPoint(m.geom))),
         m.bearing
  FROM middle m
  ORDER BY m.polygon, m.side
$$;
