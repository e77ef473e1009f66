// Answers of the parcel endpoints: the parcel entity of GET {parcel path}.json, /parcels_at_point.json,
// /api/v1/dimensions.json, and the field catalogue of /parcel_fields.json (Customise Property View Details).
import type { Geometry } from '../geojson.ts';
import type { FieldTier } from '../parcel-fields.ts';
import type { LonLat } from './places.ts';

export type FieldValue = string | number | boolean | null;

export interface ParcelGroup {
  id: string;
  title: string;
  fields: string[];
}

export interface PremiumMeta {
  tier: Exclude<FieldTier, 'free'>;
  locked: boolean;
  unlock: 'Unlock with Pro' | 'Unlock with Team';
}

export interface ParcelEntity {
  path: string;
  id: number;
  ll_uuid: string;
  fields: Record<string, FieldValue>;
  /** Labels of every schema field and of the add-on fields outside the schema. */
  key: Record<string, string>;
  /** The note behind each label, for its tooltip. */
  tooltips: Record<string, string>;
  groups: ParcelGroup[];
  premium_field_metadata: Record<string, PremiumMeta>;
  highlights: {
    address: string | null;
    measurements: { acres: number | null; sqft: number | null };
    owner: string | null;
    zoning: string | null;
    landuse: string | null;
    structureCount: number | null;
    /** Highlights the caller's level may not see (shown locked, value null). */
    locked: string[];
  };
  geometry: Geometry;
  context: { headline: string; name: string; path: string; active: true };
  formatted_addresses: { site: string | null; mailing: [string, string] | null };
  reference_links: { plans_link: string };
  centroid: LonLat;
}

export interface ParcelAtPoint {
  path: string;
  address: string | null;
  owner: string | null;
  parcelnumb: string | null;
}

/** Edge lengths of a parcel: feet, metres and the edge's midpoint. */
export type EdgeLength = [feet: number, meters: number, midpoint: LonLat];

export interface Dimensions {
  lengths: EdgeLength[];
}

export const schemaKeys = [
  { key: 'us', label: 'United States' },
  { key: 'ca', label: 'Canada' },
] as const;
export type SchemaKey = (typeof schemaKeys)[number]['key'];

export interface CatalogField {
  name: string;
  label: string;
  note: string;
  /** Plan tier of a schema field; null for an add-on field outside the schema. */
  tier: FieldTier | null;
  /** The caller's level may not see its values (the pane shows the unlock badge). */
  locked: boolean;
  mailing: boolean;
}

export interface AddOn {
  id: 'enhanced_owner' | 'zoning' | 'buildings' | 'addresses';
  title: string;
  description: string;
  productLink: string;
  schemaLink: string;
  listItems: string[];
  fields: CatalogField[];
}

export interface FieldCatalog {
  schema_key: SchemaKey;
  schemas: typeof schemaKeys;
  groups: { id: string; title: string; fields: CatalogField[] }[];
  add_ons: AddOn[];
  /** Every field name any schema or add-on knows: a saved name outside it is "not found". */
  all_fields: string[];
}
