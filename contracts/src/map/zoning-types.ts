// The eight standardized zoning types with their fixed map colours, in legend order. The same list is
// sql/functions/zoning.sql's zoning_type_colors() (documented there with each city's code mapping);
// a test keeps the two equal. The zoning tiles' zooms and fields are part of the same contract.
export const zoningTypes = [
  { type: 'Residential', color: '#f4d35e' },
  { type: 'Commercial', color: '#e4572e' },
  { type: 'Mixed', color: '#f29e4c' },
  { type: 'Industrial', color: '#8e7dbe' },
  { type: 'Special', color: '#4f9bd9' },
  { type: 'Planned', color: '#d67ab1' },
  { type: 'Agriculture', color: '#76b852' },
  { type: 'Overlay', color: '#8a8a8a' },
] as const;

export type ZoningType = (typeof zoningTypes)[number]['type'];

/** Zoning tiles run from zoom 11 to 20 (the spec); maplibre layers show them through zoom 20.x. */
export const zoningLayer = { minzoom: 11, maxzoom: 20 } as const;

export const zoningTileFields = {
  zoning: 'String',
  zoning_name: 'String',
  zoning_type: 'String',
  zoning_subtype: 'String',
} as const;

/** The tile fields of callers below Pro: the standardized type and subtype are Pro fields (and a paid add-on). */
export const zoningCodeTileFields = { zoning: 'String', zoning_name: 'String' } as const;
