-- Accounts: users, groups (accounts with a plan), memberships with roles, sessions, password resets,
-- sign-in attempts (brute-force limit), daily lookups, preferences, the admin audit trail, search
-- feedback and place requests. Secrets (passwords, session ids, reset links, API tokens) are stored
-- only as hashes; emails are unique case-insensitively.
CREATE TABLE groups (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  tier text NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'pro', 'team')),
  subtier text,
  seats integer NOT NULL DEFAULT 1 CHECK (seats BETWEEN 1 AND 25),
  api_token_hash bytea UNIQUE,
  api_token_hint text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX groups_name_unique ON groups (lower(name));

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  primary_group_id bigint REFERENCES groups (id) ON DELETE SET NULL,
  profile_answers jsonb NOT NULL DEFAULT '{}',
  wants_email boolean NOT NULL DEFAULT false,
  source text,
  created_at timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
CREATE INDEX users_name_search ON users USING gin (lower(name || ' ' || email) gin_trgm_ops);

CREATE TABLE memberships (
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('manager', 'member')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id);

CREATE TABLE invitations (
  token_hash bytea PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('manager', 'member')),
  invited_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz
);
CREATE INDEX invitations_group ON invitations (group_id) WHERE accepted_at IS NULL;

CREATE TABLE sessions (
  id_hash bytea PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  -- An admin acting as this user: the admin's own user id, for "Switch Back to Admin".
  acting_admin_id bigint REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE password_resets (
  token_hash bytea PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE sign_in_failures (
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_recent ON sign_in_failures (key, at);

CREATE TABLE lookups (
  day date NOT NULL,
  subject text NOT NULL,
  used integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, subject)
);

CREATE TABLE preferences (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  target_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  target_group_id bigint REFERENCES groups (id) ON DELETE SET NULL,
  details jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE search_feedback (
  id bigserial PRIMARY KEY,
  query text NOT NULL,
  additional_information text NOT NULL DEFAULT '',
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE place_requests (
  id bigserial PRIMARY KEY,
  path text NOT NULL,
  name text NOT NULL DEFAULT '',
  contact text NOT NULL DEFAULT '',
  comment text NOT NULL DEFAULT '',
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Keys made once per database (the anonymous visitor cookie's signing key), shared by every process
-- and kept across restarts.
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value bytea NOT NULL
);
