-- Datasets can be followed like places and parcels (a stored source, `source:<id>`, or a catalogue
-- layer, `layer:<id>`, in path), and each followed dataset remembers whether its user has it on the
-- map, so the choice survives a reload and another device. Dataset follows count toward the same
-- follows limit as the others.
ALTER TABLE follows DROP CONSTRAINT follows_kind_check;
ALTER TABLE follows ADD CONSTRAINT follows_kind_check CHECK (kind IN ('parcel', 'place', 'dataset'));
ALTER TABLE follows ADD COLUMN on_map boolean NOT NULL DEFAULT false;
