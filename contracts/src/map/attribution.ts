// The credit each built-in data layer owes its publishers, as fixtures/data/SOURCES.md names them: the
// server writes it into the layer's TileJSON and the viewer gives it to sources it draws without one
// (tiles inlined from a prefetched TileJSON, site-control layers, place outlines), so the map's
// attribution control lists exactly the sources of the layers in view. Short, as the control shares
// the bottom of the map with the hover bar.
export const dataAttribution = {
  parcels: 'Parcels: City of Cambridge GIS, City of Somerville, MassGIS',
  flood: 'Flood zones: FEMA National Flood Hazard Layer',
  wetlands: 'Wetlands: US Fish and Wildlife Service NWI, City of Cambridge GIS',
  zoning: 'Zoning: City of Cambridge GIS (PDDL 1.0)',
  // A part of the street basemap's credit, so the control lists it once while the basemap shows.
  boundaries: 'US Census Bureau, Statistics Canada',
} as const;
