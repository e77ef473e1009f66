-- Device cookies (OWASP "slow down online guessing with device cookies"): a browser that signed in to
-- an account holds one, and others' failures on that account do not lock it out. Sign-in failures get
-- an id, so that an attempt reserved before the password check can be taken back when it succeeds.
CREATE TABLE sign_in_devices (
  token_hash bytea PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sign_in_devices_user ON sign_in_devices (user_id);

ALTER TABLE sign_in_failures ADD COLUMN id bigserial;
CREATE INDEX sign_in_failures_id ON sign_in_failures (id);

-- Acting sessions ("sign in as") are found by their admin when the admin's sessions are revoked.
CREATE INDEX sessions_acting_admin ON sessions (acting_admin_id) WHERE acting_admin_id IS NOT NULL AND revoked_at IS NULL;
-- The admin's own session an acting session was started from: switching back resumes that one (if
-- still live) instead of minting a new admin session.
ALTER TABLE sessions ADD COLUMN acting_from bytea;
