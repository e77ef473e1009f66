-- Projects (saved maps) of a group: the place they look at (root_path), filters and ordered style
-- rules as data (compiled by the sources API, never into SQL text), a share link stored as a hash.
-- Focus areas are drawn polygons of a group, attached to projects in folders.
CREATE TABLE projects (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL,
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  root_path text NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}',
  styles jsonb NOT NULL DEFAULT '[]',
  share_token_hash bytea UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, slug)
);

CREATE TABLE focus_areas (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  geom geometry(MultiPolygon, 4326) NOT NULL,
  acres double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX focus_areas_group ON focus_areas (group_id);
CREATE INDEX focus_areas_geom ON focus_areas USING gist (geom);

CREATE TABLE project_focus_areas (
  project_id bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  focus_area_id bigint NOT NULL REFERENCES focus_areas (id) ON DELETE CASCADE,
  folder text NOT NULL DEFAULT '',
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, focus_area_id)
);
