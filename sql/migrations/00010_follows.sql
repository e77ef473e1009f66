-- Follows of one user: a followed place (kind 'place') or a bookmarked parcel (kind 'parcel').
-- Per user, not per group: a bookmark is a personal list. The path is kept as text (no foreign key)
-- so that a parcel reloaded under a new id does not take the user's list with it; the list joins
-- parcels and places by path and shows what is still there.
CREATE TABLE follows (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('parcel', 'place')),
  path text NOT NULL CHECK (length(path) <= 256),
  source_id text NOT NULL DEFAULT 'parcels' CHECK (length(source_id) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, path)
);
CREATE INDEX follows_user_created_idx ON follows (user_id, created_at DESC, id DESC);
