-- Stored source definitions of the sources API: id = hash of the canonical definition, so the same
-- definition always gets the same id and survives restarts. Values are read from here by tile SQL.
CREATE TABLE tile_sources (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{20}$'),
  definition jsonb NOT NULL,
  created_level text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
