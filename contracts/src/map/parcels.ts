// Answers of the parcel endpoints: the parcel entity of GET {parcel path}.json, /parcels_at_point.json,
// /api/v1/dimensions.json, and the field catalogue of /parcel_fields.json (Customise Property View Details).
import { z } from 'zod';
import { geometry } from '../geojson.ts';
import type { FieldKind, FieldTier } from '../parcel-fields.ts';
import { lonLat } from './places.ts';

export const fieldTier = z.enum(['free', 'pro', 'team'] as const satisfies readonly FieldTier[]);
export const fieldKind = z.enum([
  'text',
  'integer',
  'number',
  'date',
  'boolean',
] as const satisfies readonly FieldKind[]);

export const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof fieldValue>;

export const parcelGroup = z.object({
  id: z.string(),
  title: z.string(),
  fields: z.array(z.string()),
});
export type ParcelGroup = z.infer<typeof parcelGroup>;

export const premiumMeta = z.object({
  tier: z.enum(['pro', 'team']),
  locked: z.boolean(),
  /** The value is shown but the field is not the caller's to export, filter, style by or query
   * (premium fields on Pro: "view-only on Pro, full on Team"). */
  view_only: z.boolean(),
  unlock: z.enum(['Unlock with Pro', 'Unlock with Team']),
});
export type PremiumMeta = z.infer<typeof premiumMeta>;

export const parcelEntity = z.object({
  path: z.string(),
  id: z.number(),
  ll_uuid: z.string(),
  fields: z.record(z.string(), fieldValue),
  /** Labels of every schema field and of the add-on fields outside the schema. */
  key: z.record(z.string(), z.string()),
  /** The note behind each label, for its tooltip. */
  tooltips: z.record(z.string(), z.string()),
  groups: z.array(parcelGroup),
  premium_field_metadata: z.record(z.string(), premiumMeta),
  highlights: z.object({
    address: z.string().nullable(),
    measurements: z.object({ acres: z.number().nullable(), sqft: z.number().nullable() }),
    owner: z.string().nullable(),
    zoning: z.string().nullable(),
    landuse: z.string().nullable(),
    structureCount: z.number().nullable(),
    /** Highlights the caller's level may not see (shown locked, value null). */
    locked: z.array(z.string()),
  }),
  geometry,
  context: z.object({ headline: z.string(), name: z.string(), path: z.string(), active: z.literal(true) }),
  formatted_addresses: z.object({ site: z.string().nullable(), mailing: z.tuple([z.string(), z.string()]).nullable() }),
  reference_links: z.object({ plans_link: z.string() }),
  centroid: lonLat,
});
export type ParcelEntity = z.infer<typeof parcelEntity>;

export const parcelAtPoint = z.object({
  path: z.string(),
  address: z.string().nullable(),
  owner: z.string().nullable(),
  parcelnumb: z.string().nullable(),
});
export type ParcelAtPoint = z.infer<typeof parcelAtPoint>;

/** One side of a parcel (near-collinear segments of a curve merged): feet, metres, the point halfway
 * along it, and the side's bearing there in degrees clockwise from north, the parcel's inside on its right. */
export const edgeLength = z.tuple([z.number(), z.number(), lonLat, z.number()]);
export type EdgeLength = [feet: number, meters: number, midpoint: z.infer<typeof lonLat>, bearing: number];

export const dimensions = z.object({ lengths: z.array(edgeLength) });
export type Dimensions = z.infer<typeof dimensions>;

export const schemaKeys = [
  { key: 'us', label: 'United States' },
  { key: 'ca', label: 'Canada' },
] as const;
export type SchemaKey = (typeof schemaKeys)[number]['key'];
const schemaKeyList = z
  .tuple([
    z.object({ key: z.literal('us'), label: z.literal('United States') }).readonly(),
    z.object({ key: z.literal('ca'), label: z.literal('Canada') }).readonly(),
  ])
  .readonly();

export const catalogField = z.object({
  name: z.string(),
  label: z.string(),
  note: z.string(),
  /** Plan tier of a schema field; null for an add-on field outside the schema. */
  tier: fieldTier.nullable(),
  /** The caller's level may not see its values (the pane shows the unlock badge). */
  locked: z.boolean(),
  mailing: z.boolean(),
});
export type CatalogField = z.infer<typeof catalogField>;

export const addOn = z.object({
  id: z.enum(['enhanced_owner', 'zoning', 'buildings', 'addresses']),
  title: z.string(),
  description: z.string(),
  productLink: z.string(),
  schemaLink: z.string(),
  listItems: z.array(z.string()),
  fields: z.array(catalogField),
});
export type AddOn = z.infer<typeof addOn>;

export const fieldCatalog = z.object({
  schema_key: z.enum(['us', 'ca']),
  schemas: schemaKeyList,
  groups: z.array(z.object({ id: z.string(), title: z.string(), fields: z.array(catalogField) })),
  add_ons: z.array(addOn),
  /** Every field name any schema or add-on knows: a saved name outside it is "not found". */
  all_fields: z.array(z.string()),
});
export type FieldCatalog = z.infer<typeof fieldCatalog>;

/** The answer of GET /parcels_at_point.json. */
export const parcelsAtPointAnswer = z.object({ parcels: z.array(parcelAtPoint) });
