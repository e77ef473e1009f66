-- Daily counts of paid third-party calls (property imagery, Ask A.I.) per subject and UTC day: the
-- deployment's own cap ('imagery:deployment'), anonymous client addresses and accounts. Raised by one
-- atomic upsert each (tileserver/src/features/lookup-limits/provider-budgets.ts), so several processes share them.
CREATE TABLE provider_calls (
  day date NOT NULL,
  subject text NOT NULL,
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (day, subject)
);

-- Survey photos count against a per-group storage quota (SURVEY_PHOTO_QUOTA_MB).
ALTER TABLE survey_posts ADD COLUMN photo_bytes bigint;
