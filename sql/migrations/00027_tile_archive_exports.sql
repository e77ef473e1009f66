-- Exports and cart items may be vector-tile archives of the selection (MBTiles and PMTiles, z11-16).
ALTER TABLE exports DROP CONSTRAINT exports_format_check;
ALTER TABLE exports ADD CONSTRAINT exports_format_check
  CHECK (format IN ('csv', 'shp', 'kml', 'geojson', 'gpkg', 'sql', 'mbtiles', 'pmtiles'));
ALTER TABLE cart_items DROP CONSTRAINT cart_items_format_check;
ALTER TABLE cart_items ADD CONSTRAINT cart_items_format_check
  CHECK (format IN ('csv', 'shp', 'kml', 'geojson', 'gpkg', 'sql', 'mbtiles', 'pmtiles'));
