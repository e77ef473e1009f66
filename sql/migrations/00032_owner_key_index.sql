-- Owner names grouped by owner_key (sql/functions/owner-key.sql): the index serves the owner highlight
-- (owner_key(owner) = key) and the owner search (owner_key(owner) LIKE 'KEY%', hence text_pattern_ops).
-- The stored insights counted each spelling as its own owner: they are recomputed on the next visit.
-- requires: functions/owner-key.sql
CREATE INDEX parcels_owner_key ON parcels (owner_key(owner) text_pattern_ops);
DELETE FROM place_insights;
