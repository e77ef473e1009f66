// The parcel entity of GET {parcel path}.json, built from a row that holds only visible values: field
// values, labels, groups, premium metadata, highlights, formatted addresses and the place context.
import type { Level } from '@parcel-map/contracts/levels';
import { canViewTier } from '@parcel-map/contracts/levels';
import { parcelFields, parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import type { FieldValue, ParcelEntity, PremiumMeta } from '@parcel-map/contracts/map/parcels';
import type { Country } from '../places/context-path.ts';
import { fieldGroups, listedFields, paneFieldAccess, premiumMeta } from './field-access.ts';
import { addOnExtraFields } from './field-catalog.ts';
import type { ParcelRow } from './queries.ts';

type Values = Record<string, FieldValue>;

// The two premium highlights and the catalog fields behind them. When visible, a free field stands in
// for a missing premium value (usedesc for land use, structno for the structure count).
const premiumHighlights = {
  landuse: { field: 'lbcs_activity_desc', fallback: 'usedesc' },
  structureCount: { field: 'll_bldg_count', fallback: 'structno' },
} as const;

export function buildParcelEntity(row: ParcelRow, level: Level, country: Country, placePath: string): ParcelEntity {
  const access = paneFieldAccess(level);
  const listed = listedFields(access, country, new Set(row.locked_with_data));
  const fields: Values = {};
  // The row holds JSON scalars only (dates as ISO text, numerics as numbers).
  for (const field of access.visible) fields[field.name] = (row.fields[field.name] as FieldValue | undefined) ?? null;
  Object.assign(fields, derivedFields(fields, country));

  const key: Record<string, string> = {};
  const tooltips: Record<string, string> = {};
  for (const field of parcelFields) {
    key[field.name] = field.label;
    tooltips[field.name] = field.description;
  }
  for (const [name, derived] of Object.entries(derivedLabels)) {
    key[name] = derived.label;
    tooltips[name] = derived.note;
  }
  // Add-on fields outside the schema (Enhanced Owner) are listed locked when a user chose to show them.
  for (const [name, extra] of Object.entries(addOnExtraFields)) {
    key[name] = extra.label;
    tooltips[name] = extra.note;
  }

  const premium_field_metadata: Record<string, PremiumMeta> = {};
  for (const field of parcelFields) {
    const meta = listed.has(field.name) ? premiumMeta(field, level) : undefined;
    if (meta) premium_field_metadata[field.name] = meta;
  }

  const groups = fieldGroups.map((group) => ({
    id: group.id,
    title: group.title,
    fields: parcelFields.filter((f) => f.group === group.id && listed.has(f.name)).map((f) => f.name),
  }));

  const placeName = row.place_name ?? placePath.split('/').pop()!;
  return {
    path: row.path,
    id: row.id,
    ll_uuid: row.ll_uuid,
    fields,
    key,
    tooltips,
    groups,
    premium_field_metadata,
    highlights: highlights(fields, level),
    geometry: row.geometry,
    context: {
      headline: row.place_headline ?? placeName,
      name: placeName,
      path: row.place_path ?? placePath,
      active: true,
    },
    formatted_addresses: { site: siteAddress(fields, placeName), mailing: mailingAddress(fields) },
    reference_links: { plans_link: '/plans' },
    centroid: [round(row.lon, 7), round(row.lat, 7)],
  };
}

const squareMetersPerSquareFoot = 0.09290304;

// Fields of the spec's parcel answer that are no columns: computed from one (ll_gissqm from ll_gissqft) or
// from the path (admin0, the country: international paths are admin0/admin1/admin2).
const derivedLabels = {
  ll_gissqm: { label: 'Calculated Square Meters', note: 'Square metres computed from geometry' },
  admin0: { label: 'Country', note: "The country's two-letter code, the first part of the parcel's path" },
} as const;

export function derivedFields(fields: Values, country: Country): Values {
  const sqft = num(fields.ll_gissqft);
  return {
    ll_gissqm: sqft === null ? null : Math.round(sqft * squareMetersPerSquareFoot),
    admin0: country === 'zz' ? null : country,
  };
}

function highlights(fields: Values, level: Level): ParcelEntity['highlights'] {
  const locked: string[] = [];
  const premium = (name: keyof typeof premiumHighlights): unknown => {
    const { field, fallback } = premiumHighlights[name];
    if (!canViewTier(level, parcelFieldsByName.get(field)!.tier)) {
      locked.push(name);
      return null;
    }
    return fields[field] ?? fields[fallback] ?? null;
  };
  const landuse = premium('landuse');
  const structureCount = premium('structureCount');
  return {
    address: text(fields.address),
    measurements: { acres: num(fields.ll_gisacre ?? fields.gisacre), sqft: num(fields.ll_gissqft ?? fields.sqft) },
    owner: text(fields.owner),
    zoning: text(fields.zoning),
    landuse: text(landuse),
    structureCount: num(structureCount),
    locked,
  };
}

/** "23 ROCKWELL ST, CAMBRIDGE, MA 02139"; the place name stands in when the source has no postal city. */
export function siteAddress(fields: Values, placeName: string): string | null {
  const street = text(fields.address);
  if (!street) return null;
  const city = text(fields.scity) ?? placeName.toUpperCase();
  const stateZip = [text(fields.state2), text(fields.szip5) ?? text(fields.szip)].filter(Boolean).join(' ');
  return [street, city, stateZip].filter(Boolean).join(', ');
}

/** Two lines: street (with line 2), then "CITY, ST ZIP"; null without a mailing street. */
export function mailingAddress(fields: Values): [string, string] | null {
  const street = text(fields.mailadd);
  if (!street) return null;
  // mail_unit is not appended: sources put the unit inside the street line already (MassGIS OWN_ADDR).
  const line1 = [street, text(fields.mail_address2)].filter(Boolean).join(', ');
  const stateZip = [text(fields.mail_state2), text(fields.mail_zip)].filter(Boolean).join(' ');
  const line2 = [text(fields.mail_city), stateZip].filter(Boolean).join(', ');
  return [line1, line2];
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

function num(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
