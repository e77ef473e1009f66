-- A place without a boundary file is outlined from its own parcels (an import into a new city or
-- county, Somerville's parcels): the flag lets the API and the viewer say "outline derived from
-- parcels" instead of presenting the hull as an official boundary. Boundary loaders clear it when a
-- real boundary replaces a derived one.
ALTER TABLE places ADD COLUMN outline_derived boolean NOT NULL DEFAULT false;

-- Outlines drawn before this migration: those whose source is a parcel source (an import's, or a
-- shipped parcel layer's), never a boundary file's.
UPDATE places pl SET outline_derived = true
WHERE pl.source LIKE 'import:%' OR EXISTS (SELECT 1 FROM parcels p WHERE p.source = pl.source);
