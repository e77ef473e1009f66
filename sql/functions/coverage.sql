-- Recomputes county_coverage for the given county paths (NULL: every county). Loaders call it after
-- parcels change (on connections without a statement timeout: a function's own SET cannot lift the
-- timer of the statement that called it). A county's parcels are parcels_in_place (places.sql): a
-- text_pattern_ops index range over their paths. Summing ll_gisacre (not ST_Area of a union) keeps it one scan.
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
    FROM parcels_in_place(c.path) p
  ) s
  WHERE c.kind = 'county' AND s.parcels > 0 AND (counties IS NULL OR c.path = ANY (counties));
  GET DIAGNOSTICS refreshed = ROW_COUNT;
  RETURN refreshed;
END $$;
