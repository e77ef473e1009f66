-- Standardized zoning: the eight zoning types with their fixed map colours, and each city's mapping
-- from its own district codes to a type and subtype. The loaders (tileserver/src/data/zoning.ts) call
-- these at load time; the tile layer and the legend read the colours (tileserver/src/features/map/layers/
-- zoning-types.ts holds the same list, and a test checks that the two agree).

-- Colours: warm for places people live and shop (residential yellow, commercial red, mixed orange),
-- cool for the rest (industrial violet, special blue, planned pink), green for agriculture, grey for
-- overlays (drawn as an outline over the base districts). The order is the legend's order.
CREATE OR REPLACE FUNCTION zoning_type_colors()
RETURNS TABLE (zoning_type text, color text, sort integer) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('Residential', '#f4d35e', 1), ('Commercial', '#e4572e', 2), ('Mixed', '#f29e4c', 3),
         ('Industrial', '#8e7dbe', 4), ('Special', '#4f9bd9', 5), ('Planned', '#d67ab1', 6),
         ('Agriculture', '#76b852', 7), ('Overlay', '#8a8a8a', 8)
$$;

-- Cambridge, MA (Zoning Ordinance, base districts of the CDD zoning map; codes as in
-- cambridge_zoning_district_list.csv):
--   A-1, A-2                        Residential / Single Family      (Residence A: single-family dwellings)
--   B                               Residential / Two Family         (Residence B: two-family, semi-detached)
--   C, C-1, C-1A, C-2*, C-3*        Residential / Multi Family       (Residence C: multifamily dwellings)
--   BA, BA-1 .. BA-4                Commercial  / Neighborhood Commercial (local business)
--   BB, BB-1, BB-2, BC              Commercial  / General Commercial
--   O-1, O-2, O-2A, O-3, O-3A       Commercial  / Office
--   IA, IA-1, IA-2, IB-2            Industrial  / Light Industrial   (warehouse, light manufacturing)
--   IB, IB-1                        Industrial  / Heavy Industrial
--   MXD, ASD, NP                    Mixed       / Mixed Use          (Kendall Center, Ames Street, North Point)
--   CRDD                            Planned     / Planned Development (Cambridgeport Revitalization)
--   SD-1 .. SD-15                   Special     / Special District   (Special Business, Office and Industrial)
--   OS                              Special     / Open Space
--   MAS-*, CAM-*                    Mixed       / Corridor           (Massachusetts Avenue and Cambridge Street
--                                   corridor districts: on the map but not in the published list; read from the code)
--   anything else                   Special     / NULL
-- No Cambridge base district is Agriculture or an Overlay.
CREATE OR REPLACE FUNCTION cambridge_zoning_type(code text, OUT zoning_type text, OUT zoning_subtype text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT t[1], t[2] FROM (SELECT CASE
    WHEN code IN ('A-1', 'A-2') THEN ARRAY['Residential', 'Single Family']
    WHEN code = 'B' THEN ARRAY['Residential', 'Two Family']
    WHEN code ~ '^C(-[0-9][A-Z]?)?$' THEN ARRAY['Residential', 'Multi Family']
    WHEN code ~ '^BA(-[0-9])?$' THEN ARRAY['Commercial', 'Neighborhood Commercial']
    WHEN code ~ '^(BB(-[0-9])?|BC)$' THEN ARRAY['Commercial', 'General Commercial']
    WHEN code ~ '^O-[0-9]A?$' THEN ARRAY['Commercial', 'Office']
    WHEN code ~ '^IA(-[0-9])?$' OR code = 'IB-2' THEN ARRAY['Industrial', 'Light Industrial']
    WHEN code ~ '^IB(-[0-9])?$' THEN ARRAY['Industrial', 'Heavy Industrial']
    WHEN code IN ('MXD', 'ASD', 'NP') THEN ARRAY['Mixed', 'Mixed Use']
    WHEN code = 'CRDD' THEN ARRAY['Planned', 'Planned Development']
    WHEN code ~ '^SD-' THEN ARRAY['Special', 'Special District']
    WHEN code = 'OS' THEN ARRAY['Special', 'Open Space']
    WHEN code ~ '^(MAS|CAM)-' THEN ARRAY['Mixed', 'Corridor']
    ELSE ARRAY['Special', NULL]
  END AS t) AS m
$$;

-- Somerville, MA: the pre-2019 districts carried by the MassGIS FY2019 assessor records.
--   RA, RB, RC Residential (Single/Two Family, Multi Family); NB, BA, BB, CBD, CCD Commercial;
--   IA Light / IB Heavy Industrial; OS Special / Open Space; UN Special / Institutional.
CREATE OR REPLACE FUNCTION somerville_zoning_type(code text, OUT zoning_type text, OUT zoning_subtype text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT t[1], t[2] FROM (SELECT CASE
    WHEN code IN ('RA', 'RB') THEN ARRAY['Residential', 'Two Family']
    WHEN code = 'RC' THEN ARRAY['Residential', 'Multi Family']
    WHEN code = 'NB' THEN ARRAY['Commercial', 'Neighborhood Commercial']
    WHEN code IN ('BA', 'BB', 'CBD', 'CCD') THEN ARRAY['Commercial', 'General Commercial']
    WHEN code = 'IA' THEN ARRAY['Industrial', 'Light Industrial']
    WHEN code = 'IB' THEN ARRAY['Industrial', 'Heavy Industrial']
    WHEN code = 'OS' THEN ARRAY['Special', 'Open Space']
    WHEN code = 'UN' THEN ARRAY['Special', 'Institutional']
  END AS t) AS m
$$;
