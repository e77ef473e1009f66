-- Parcel imports (issue 16): every run of `npm run import` or of the admin page is one row (progress,
-- report, error), and ogr2ogr writes each source file into its own table of the import_stage schema,
-- which the import drops when it ends. uuid-ossp gives SQL the same UUID v5 as fixtures/src/load/uuid-v5.ts.
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
CREATE SCHEMA IF NOT EXISTS import_stage;

CREATE TABLE parcel_imports (
  id bigserial PRIMARY KEY,
  place text NOT NULL,
  file text NOT NULL,
  source text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  dry_run boolean NOT NULL DEFAULT false,
  replace boolean NOT NULL DEFAULT false,
  mapping jsonb,
  -- {phase, rows, total, rowsPerSecond}: what the admin page's progress bar shows
  progress jsonb NOT NULL DEFAULT '{}'::jsonb,
  report jsonb,
  error text,
  started_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX parcel_imports_created_idx ON parcel_imports (created_at DESC);
