-- Parcel coverage per county with parcels, computed when parcels load (refresh_county_coverage in
-- sql/functions/coverage.sql) and read by /coverage.json: summing the 1M-parcel synthetic county took
-- about 11 s, past the server's 10 s statement timeout, so it can never be computed per request.
CREATE TABLE county_coverage (
  path text PRIMARY KEY,
  name text NOT NULL,
  headline text NOT NULL,
  state_path text NOT NULL,
  parcels integer NOT NULL,
  parcel_acres float8 NOT NULL,
  area_acres float8 NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
