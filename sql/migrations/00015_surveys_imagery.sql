-- Surveys (issue 15): a project's survey questions, the posts surveyors make for parcels (feeding
-- @status and @user_id in style rules), and the lifetime count of property images per metered subject.
CREATE TABLE surveys (
  id bigserial PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL,
  questions jsonb NOT NULL DEFAULT '[]',
  photo_required boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX surveys_group ON surveys (group_id, created_at);
CREATE INDEX surveys_project ON surveys (project_id);

-- Parcels are referenced by path, which survives a reload of the parcel table (ids may not).
-- client_id is made by the surveyor's browser once per answer set, so a resend after a lost
-- connection finds the post it already made instead of adding a second.
CREATE TABLE survey_posts (
  id bigserial PRIMARY KEY,
  survey_id bigint NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
  parcel_path text NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  client_id uuid NOT NULL,
  status smallint NOT NULL,
  answers jsonb NOT NULL DEFAULT '{}',
  photo text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (survey_id, client_id)
);
CREATE INDEX survey_posts_latest ON survey_posts (survey_id, parcel_path, created_at DESC, id DESC);

CREATE TABLE image_views (
  subject text PRIMARY KEY,
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
