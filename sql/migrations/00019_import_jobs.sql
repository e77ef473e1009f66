-- Admin imports as pg-boss jobs (issue 16): the row carries everything a worker in any process needs
-- (srs, layer), counts its attempts (a run interrupted by a dying server is queued again once), and
-- at most one import per place is queued or running at a time. `queue` is the pg-boss queue the run
-- goes back to when it is queued again (tests run their own queues side by side).
ALTER TABLE parcel_imports
  ADD COLUMN srs text,
  ADD COLUMN layer text,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN queue text NOT NULL DEFAULT 'parcel-imports';
CREATE UNIQUE INDEX parcel_imports_one_active_per_place ON parcel_imports (place) WHERE status IN ('queued', 'running');
