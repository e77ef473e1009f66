// The parcel field catalog as the Customise Property View Details page and exports read it: the
// country schemas, their field groups with labels and notes, and the add-on products with their fields.
// Labels and notes come from the one table in contracts' parcel-fields.ts; the answer's shape is
// contracts' map/parcels.ts.
import { canSeeTier, type Level } from '@parcel-map/contracts/levels';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import {
  schemaKeys,
  type AddOn,
  type CatalogField,
  type FieldCatalog,
  type SchemaKey,
} from '@parcel-map/contracts/map/parcels';
import { fieldGroups } from './field-access.ts';

/** Owner mailing-address parts: the pane shows them as one two-line address, so they are not listed one by one. */
export const mailingFields: ReadonlySet<string> = new Set([
  'mailadd',
  'mail_address2',
  'careof',
  'mail_addno',
  'mail_addpref',
  'mail_addstr',
  'mail_addsttyp',
  'mail_addstsuf',
  'mail_unit',
  'mail_city',
  'mail_state2',
  'mail_zip',
  'mail_country',
  'mail_urbanization',
  'original_mailing_address',
]);

/**
 * Fields that come from US-only sources (FIPS, FEMA, Census, PLSS, USPS, USDA, Esri block groups, HIFLD):
 * the Canadian schema leaves them out, as the Canada fields notice says.
 */
export const usOnlyFields: ReadonlySet<string> = new Set([
  'geoid',
  'urbanization',
  'mail_urbanization',
  'fema_flood_zone',
  'fema_flood_zone_subtype',
  'fema_flood_zone_raw',
  'fema_flood_zone_data_date',
  'fema_nri_risk_rating',
  'qoz',
  'qoz_tract',
  'census_tract',
  'census_block',
  'census_blockgroup',
  'census_zcta',
  'census_elementary_school_district',
  'census_secondary_school_district',
  'census_unified_school_district',
  'plss_township',
  'plss_section',
  'plss_range',
  'dpv_status',
  'dpv_codes',
  'dpv_notes',
  'dpv_type',
  'cass_errorno',
  'rdi',
  'usps_vacancy',
  'usps_vacancy_date',
  'padus_public_access',
  'cdl_raw',
  'cdl_majority_category',
  'cdl_majority_percent',
  'cdl_date',
  'housing_affordability_index',
  'population_density',
  'population_growth_past_5_years',
  'population_growth_next_5_years',
  'housing_growth_past_5_years',
  'housing_growth_next_5_years',
  'household_income_growth_next_5_years',
  'median_household_income',
  'transmission_line_distance',
  'precisely_id',
  'placekey',
]);

const support = 'https://support.parcel-map.org';

/** Add-on fields that are not parcel columns (Enhanced Owner is delivered as its own dataset). */
export const addOnExtraFields: Readonly<Record<string, { label: string; note: string }>> = {
  eo_owner: { label: 'Enhanced Owner', note: 'Owner name matched across deeds and assessor records, standardized' },
  eo_deedowner: { label: 'Deed Owner', note: 'Owner named on the most recent recorded deed' },
};

const addOnDefinitions: Omit<AddOn, 'fields'>[] = [
  {
    id: 'enhanced_owner',
    title: 'Enhanced Owner',
    productLink: `${support}/add-ons/enhanced-owner`,
    schemaLink: `${support}/schema#enhanced-owner`,
    description: 'Owner names matched across deeds and assessor records, with the deed owner where it differs.',
    listItems: [
      'Standardized owner names',
      'Deed owner from recorded transfers',
      'Company and trust owners matched',
      'Owner names normalized across counties',
      'Refreshed with each county update',
      'In the API, exports and the data store',
      'Bulk licences available',
    ],
  },
  {
    id: 'zoning',
    title: 'Standardized Zoning',
    productLink: `${support}/add-ons/zoning`,
    schemaLink: `${support}/schema#zoning`,
    description: 'Municipal zoning codes mapped to one set of zoning types and subtypes, with a link to the code.',
    listItems: [
      'Zoning type (Residential, Commercial, Mixed, ...)',
      'Zoning subtype (Single-family, Mixed Use, ...)',
      'Link to the municipal zoning code',
      'Zoning area id for joins',
      'Zoning layer on the map',
      'Permitted uses and setbacks where published',
      'Covers thousands of municipalities',
    ],
  },
  {
    id: 'buildings',
    title: 'Matched Buildings',
    productLink: `${support}/add-ons/buildings`,
    schemaLink: `${support}/schema#buildings`,
    description:
      'Building footprints matched to parcels: how many buildings stand on a parcel and how much ground they cover.',
    listItems: [
      'Building count per parcel',
      'Total footprint in square feet',
      'Footprints from aerial imagery',
      'Buildings layer on the map',
      'Nationwide coverage',
    ],
  },
  {
    id: 'addresses',
    title: 'Matched Addresses',
    productLink: `${support}/add-ons/addresses`,
    schemaLink: `${support}/schema#addresses`,
    description: 'Every known address on a parcel, primary and secondary units, validated against USPS data.',
    listItems: [
      'Address count per parcel',
      'Secondary units (apartments, suites)',
      'USPS delivery point validation',
      'Residential or business indicator',
      'USPS vacancy flag',
      'CASS-certified addresses',
      'Placekey for each address',
    ],
  },
];

export const addOnFieldNames: Record<AddOn['id'], string[]> = {
  enhanced_owner: ['eo_owner', 'eo_deedowner'],
  zoning: ['zoning_type', 'zoning_subtype', 'zoning_id', 'zoning_code_link'],
  buildings: ['ll_bldg_count', 'll_bldg_footprint_sqft'],
  addresses: ['ll_address_count'],
};

/** Every field name an add-on offers (for the "not found" check of saved preferences). */
export const addOnFields: ReadonlySet<string> = new Set(Object.values(addOnFieldNames).flat());

function catalogField(name: string, level: Level): CatalogField {
  const field = parcelFields.find((f) => f.name === name);
  if (!field) {
    const extra = addOnExtraFields[name]!;
    return { name, label: extra.label, note: extra.note, tier: null, locked: true, mailing: false };
  }
  return {
    name,
    label: field.label,
    note: field.description,
    tier: field.tier,
    locked: !canSeeTier(level, field.tier),
    mailing: mailingFields.has(name),
  };
}

export function fieldCatalog(schemaKey: SchemaKey, level: Level): FieldCatalog {
  const inSchema = parcelFields.filter((f) => schemaKey === 'us' || !usOnlyFields.has(f.name));
  return {
    schema_key: schemaKey,
    schemas: schemaKeys,
    groups: fieldGroups
      .map((group) => ({
        id: group.id,
        title: group.title,
        fields: inSchema.filter((f) => f.group === group.id).map((f) => catalogField(f.name, level)),
      }))
      .filter((group) => group.fields.length > 0),
    add_ons: addOnDefinitions.map((addOn) => ({
      ...addOn,
      fields: addOnFieldNames[addOn.id].map((name) => catalogField(name, level)),
    })),
    all_fields: [...parcelFields.map((f) => f.name), ...Object.keys(addOnExtraFields)],
  };
}
