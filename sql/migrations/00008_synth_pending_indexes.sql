-- Parcel indexes a big synthetic load (npm run synth) dropped and has not rebuilt yet. Rows are written
-- by the transaction that drops the indexes, so they exist exactly when the drop committed; the next run
-- recreates whichever index is still missing and deletes the rows once every one exists again. Kept in
-- the database rather than a file: a file in /tmp could be planted by another local user or cleared.
CREATE TABLE synth_pending_indexes (
  name text PRIMARY KEY,
  definition text NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);
