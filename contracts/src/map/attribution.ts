// The credit each built-in data layer owes its publishers, as fixtures/data/SOURCES.md names them: the
// server writes it into the layer's TileJSON and the viewer gives it to sources it draws without one
// (tiles inlined from a prefetched TileJSON, site-control layers, place outlines), so the map's
// attribution control lists exactly the sources of the layers in view.
export const dataAttribution = {
  parcels: 'Parcels: City of Cambridge GIS (PDDL 1.0), City of Somerville, MassGIS (Bureau of Geographic Information)',
  flood: 'Flood hazard areas: FEMA National Flood Hazard Layer (public domain), via City of Cambridge GIS',
  wetlands:
    'Wetlands: US Fish and Wildlife Service National Wetlands Inventory (public domain), City of Cambridge GIS (PDDL 1.0)',
  boundaries:
    'Boundaries: US Census Bureau (public domain), Statistics Canada 2021 Census boundary files (Statistics Canada Open Licence), City of Cambridge GIS (PDDL 1.0)',
} as const;
