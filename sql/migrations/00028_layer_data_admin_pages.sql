-- Synthetic building footprints beside the real ones: the synthetic county's generator writes one or two
-- per developed lot, marked synthetic and tied to their lot, so that no one mistakes them for survey data.
ALTER TABLE buildings
  ADD COLUMN synthetic boolean NOT NULL DEFAULT false,
  ADD COLUMN parcel_uuid uuid;
CREATE INDEX buildings_source_idx ON buildings (source);

-- The site's static pages (terms, privacy, ...) as edited on /admin/pages: a row overrides the shipped
-- text of its page; without one the shipped text is served.
CREATE TABLE site_pages (
  slug text PRIMARY KEY,
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL
);
