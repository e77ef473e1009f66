-- Exports and the data store: one row per file made (a free or paid export of a selection, or a
-- purchased county/state data file) with its background job's status and progress, and each user's
-- cart (export selections and store products) until checkout turns it into a 'data' order.
CREATE TABLE exports (
  id bigserial PRIMARY KEY,
  group_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects (id) ON DELETE SET NULL,
  order_id bigint REFERENCES orders (id) ON DELETE SET NULL,
  kind text NOT NULL DEFAULT 'export' CHECK (kind IN ('export', 'store')),
  path text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'shp', 'kml', 'geojson', 'gpkg', 'sql')),
  product text,
  -- The level whose fields the file carries (the buyer's level, or the store product's).
  level text NOT NULL,
  -- The selection as data ({query: {path, filters}, focus_area_id}): the file's SQL reads its values
  -- from this row, so no request value is ever written into SQL text.
  definition jsonb NOT NULL,
  status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 4),
  requested integer NOT NULL CHECK (requested >= 0),
  free_rows integer NOT NULL DEFAULT 0 CHECK (free_rows >= 0),
  price_cents integer NOT NULL DEFAULT 0,
  rows_written integer,
  progress smallint NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  filename text,
  -- The download link's secret: a link works only with it and only for the user who made the export.
  token text NOT NULL,
  error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  downloaded_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX exports_group ON exports (group_id, created_at DESC);
CREATE INDEX exports_user ON exports (user_id, created_at DESC);
CREATE INDEX exports_order ON exports (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE cart_items (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- '{path}:{variant}', the key the remove call names.
  item_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('export', 'store')),
  path text NOT NULL,
  variant text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'shp', 'kml', 'geojson', 'gpkg', 'sql')),
  addons text[] NOT NULL DEFAULT '{}',
  count integer NOT NULL CHECK (count >= 0),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  free_rows integer NOT NULL DEFAULT 0,
  definition jsonb,
  project_id bigint REFERENCES projects (id) ON DELETE CASCADE,
  level text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_key)
);
