-- Who created which source (a source id is a hash of its definition, so several callers may own one),
-- when a source last served a tile (for expiry of idle definitions), and indexes for the keyset-paged
-- listing and the daily quota. Owner keys: 'token:<sha256 prefix>' for token callers,
-- 'client:<address>' for anonymous ones (accounts will add 'user:<id>').
ALTER TABLE tile_sources ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX tile_sources_listing ON tile_sources (created_at DESC, id DESC);
CREATE INDEX tile_sources_idle ON tile_sources (last_used_at);

CREATE TABLE tile_source_owners (
  source_id text NOT NULL REFERENCES tile_sources (id) ON DELETE CASCADE,
  owner text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, source_id)
);
CREATE INDEX tile_source_owners_listing ON tile_source_owners (owner, created_at DESC, source_id DESC);
INSERT INTO tile_source_owners (source_id, owner, created_at)
  SELECT id, 'level:' || created_level, created_at FROM tile_sources;
