-- Imports started with `npm run import` are recorded in parcel_imports too, so the admin page lists
-- them beside the page's own. `started_from` tells them apart: a command-line run reads a file on the
-- machine that ran the command, so it is never queued again after an interruption, only failed.
ALTER TABLE parcel_imports
  ADD COLUMN started_from text NOT NULL DEFAULT 'admin' CHECK (started_from IN ('admin', 'command_line'));
