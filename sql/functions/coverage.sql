-- Recomputes county_coverage for the given county paths (NULL: every county). Loaders call it after
-- parcels change (on connections without a statement timeout: a function's own SET cannot lift the
-- timer of the statement that called it). A parcel's path starts with its
-- county's path and a slash: the range [path || '/', path || '0') ('0' follows '/' in byte order) is
-- a text_pattern_ops index scan. Summing ll_gisacre (not ST_Area of a union) keeps it one scan.
CREATE OR REPLACE FUNCTION refresh_county_coverage(counties text[] DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  refreshed integer;
BEGIN
  DELETE FROM county_coverage WHERE counties IS NULL OR path = ANY (counties);
  INSERT INTO county_coverage (path, name, headline, state_path, parcels, parcel_acres, area_acres, computed_at)
  SELECT c.path, c.name, c.headline, c.parent_path, s.parcels, s.parcel_acres,
         ST_Area(c.geom::geography) / 4046.8564224, clock_timestamp()
  FROM places c
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS parcels, coalesce(sum(p.ll_gisacre), 0)::float8 AS parcel_acres
    FROM parcels p
    WHERE p.path ~>=~ (c.path || '/') AND p.path ~<~ (c.path || '0')
  ) s
  WHERE c.kind = 'county' AND s.parcels > 0 AND (counties IS NULL OR c.path = ANY (counties));
  GET DIAGNOSTICS refreshed = ROW_COUNT;
  RETURN refreshed;
END $$;
