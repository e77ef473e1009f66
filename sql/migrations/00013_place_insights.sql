-- Place insights figures precomputed per place and parcels data version (features/insights): a big
-- place's figures take seconds of SQL, so loaders compute them once after a load and the server reads
-- them. One row per place; a row whose version is not the current parcels version is never served.
CREATE TABLE place_insights (
  path text PRIMARY KEY,
  version bigint NOT NULL,
  figures jsonb NOT NULL,
  computed_ms integer NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
