// The feature layers the ArcGIS FeatureServer serves and their field catalogues: parcels (fields and
// types from the parcel field catalogue, OBJECTID = parcels.id), zoning districts (the zoning tile
// layer's fields: code and name for everyone, the standardized type and subtype for those who may read
// them) and the static FEMA flood and wetland layers. A field's column and kind come from here only, so a where clause, outFields or orderByFields
// can name nothing else.
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import type { FeatureLayerName } from '@parcel-map/contracts/map/feature-service';
import { parcelFieldsByName, type FieldKind } from '@parcel-map/contracts/parcel-fields';

export interface LayerField {
  name: string;
  kind: FieldKind;
  /** uuid columns compare as text (uuid = text has no operator). */
  uuid?: boolean;
  label: string;
}

export interface FeatureLayer {
  name: FeatureLayerName;
  title: string;
  description: string;
  copyright: string;
  table: 'parcels' | 'zoning_districts' | 'flood_zones' | 'wetlands';
  /** Fields besides OBJECTID that every caller of the layer reads (parcels: chosen by plan instead). */
  fields: readonly LayerField[];
  /** Fields only callers who may read the standardized zoning fields get (the zoning tiles' Pro fields). */
  zoningTypeFields?: readonly LayerField[];
}

export const objectIdField: LayerField = { name: 'OBJECTID', kind: 'integer', label: 'Object ID' };

const field = (name: string, kind: FieldKind, label: string): LayerField => ({ name, kind, label });

export const featureLayers: ReadonlyMap<FeatureLayerName, FeatureLayer> = new Map<FeatureLayerName, FeatureLayer>([
  [
    'parcels',
    {
      name: 'parcels',
      title: 'Parcels',
      description: 'Land parcels with the fields of your API plan; every feature returned is a metered record.',
      copyright: 'Parcel data: county assessors, MassGIS',
      table: 'parcels',
      fields: [],
    },
  ],
  [
    'zoning',
    {
      name: 'zoning',
      title: 'Zoning districts',
      description: 'Zoning districts: code and name; the standardized zoning type and subtype with a Pro or Team plan.',
      copyright: dataAttribution.zoning,
      table: 'zoning_districts',
      fields: [field('zoning', 'text', 'Zoning District'), field('zoning_name', 'text', 'District Name')],
      zoningTypeFields: [
        field('zoning_type', 'text', 'Zoning Type'),
        field('zoning_subtype', 'text', 'Zoning Subtype'),
      ],
    },
  ],
  [
    'flood',
    {
      name: 'flood',
      title: 'FEMA flood hazard areas',
      description: 'FEMA National Flood Hazard Layer zones.',
      copyright: dataAttribution.flood,
      table: 'flood_zones',
      fields: [
        field('fld_zone', 'text', 'Flood Zone'),
        field('zone_subtype', 'text', 'Zone Subtype'),
        field('sfha', 'boolean', 'Special Flood Hazard Area'),
        field('static_bfe', 'number', 'Static Base Flood Elevation'),
        field('effective_date', 'date', 'Effective Date'),
      ],
    },
  ],
  [
    'wetlands',
    {
      name: 'wetlands',
      title: 'Wetlands',
      description: 'National Wetlands Inventory and City of Cambridge wetlands.',
      copyright: dataAttribution.wetlands,
      table: 'wetlands',
      fields: [
        field('wetland_type', 'text', 'Wetland Type'),
        field('attribute', 'text', 'NWI Code'),
        field('acres', 'number', 'Acres'),
      ],
    },
  ],
]);

/** A layer by its URL name; a Map, so `__proto__` finds nothing. */
export function featureLayer(name: string): FeatureLayer | undefined {
  return featureLayers.get(name as FeatureLayerName);
}

/** Parcel fields by name (from the one catalogue). */
export function parcelLayerFields(names: readonly string[]): LayerField[] {
  return names.map((name) => {
    const f = parcelFieldsByName.get(name)!;
    return { name, kind: f.kind, uuid: f.sqlType === 'uuid', label: f.label };
  });
}

const esriTypes: Record<FieldKind, string> = {
  text: 'String',
  integer: 'Integer',
  number: 'Double',
  date: 'Date',
  boolean: 'Integer',
};

/** Field definitions as FeatureServer's metadata reads them (type names of its field classes). */
export function koopFields(fields: readonly LayerField[]): { name: string; type: string; alias: string }[] {
  return [objectIdField, ...fields].map((f) => ({
    name: f.name,
    type: f.name === 'OBJECTID' ? 'Integer' : esriTypes[f.kind],
    alias: f.label,
  }));
}
