-- Search by parcel number (the typeahead) must stay fast on million-parcel counties: a trigram index
-- serves both prefix and substring matches on parcelnumb.
CREATE INDEX parcels_parcelnumb_trgm_idx ON parcels USING gin (parcelnumb gin_trgm_ops);
