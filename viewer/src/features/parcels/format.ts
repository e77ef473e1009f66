// How parcel field values read in the details pane (spec 2 "Formatting"): currency, numbers with
// separators, percents (<1% below 1), Yes/No booleans, coordinates to 5 decimals, dates as given.
import type { FieldValue } from '@parcel-map/contracts/map/parcels';
import { formatArea, type AreaUnit } from '../../model/units.ts';

export const currencyFields = new Set([
  'improvval',
  'landval',
  'parval',
  'agval',
  'saleprice',
  'median_household_income',
  'taxamt',
]);
export const percentFields = new Set([
  'population_growth_past_5_years',
  'population_growth_next_5_years',
  'housing_growth_past_5_years',
  'housing_growth_next_5_years',
  'household_income_growth_next_5_years',
  'cdl_majority_percent',
]);
export const coordinateFields = new Set(['lat', 'lon']);
export const numberFields = new Set([
  'population_density',
  'highest_parcel_elevation',
  'lowest_parcel_elevation',
  'acreage',
  'gisacre',
  'll_gisacre',
  'deeded_acres',
  'sqft',
  'll_gissqft',
  'll_gissqm',
  'll_bldg_footprint_sqft',
  'recrdareano',
  'transmission_line_distance',
  'housing_affordability_index',
  'll_address_count',
  'numunits',
  'numrooms',
  'numstories',
  'structno',
  'll_bldg_count',
]);

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatPercent(value: number): string {
  if (value > 0 && value < 1) return '<1%';
  return `${number.format(value)}%`;
}

/** Text for a field value; null or empty values read as an em dash-free empty string. */
export function formatField(name: string, value: FieldValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const numeric = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  const isNumeric = typeof value === 'number' || (String(value).trim() !== '' && Number.isFinite(numeric));
  if (name === 'fema_flood_zone_raw') return formatFloodZones(String(value));
  if (isNumeric) {
    if (coordinateFields.has(name)) return numeric.toFixed(5);
    if (currencyFields.has(name)) return currency.format(numeric);
    if (percentFields.has(name)) return formatPercent(numeric);
    if (numberFields.has(name)) return number.format(numeric);
  }
  return String(value);
}

/** The FEMA zones of a parcel, stored as JSON [{zone, subtype, percent}]: "AE 1.1% · X 98.9%". */
export function formatFloodZones(raw: string): string {
  try {
    const zones = JSON.parse(raw) as { zone?: string; subtype?: string | null; percent?: number | null }[];
    if (!Array.isArray(zones)) return raw;
    return zones
      .map((z) =>
        [z.zone, z.subtype ? `(${z.subtype})` : '', typeof z.percent === 'number' ? formatPercent(z.percent) : '']
          .filter(Boolean)
          .join(' '),
      )
      .join(' · ');
  } catch {
    return raw;
  }
}

/**
 * The parcel's area for the highlights in the chosen area unit (spec 3 units): acres (the default) read
 * "0.09 acres · 3,920 sq ft" as before; another unit reads in that unit alone, from the square feet
 * when known (more precise than rounded acres).
 */
export function formatMeasurements(m: { acres: number | null; sqft: number | null }, unit: AreaUnit = 'acres'): string {
  const hasAcres = m.acres !== null && m.acres !== undefined;
  const hasSqft = m.sqft !== null && m.sqft !== undefined;
  if (unit !== 'acres') {
    const squareMeters = hasSqft ? m.sqft! * 0.09290304 : hasAcres ? m.acres! * 4046.8564224 : null;
    return squareMeters === null ? '' : formatArea(squareMeters, unit);
  }
  const parts: string[] = [];
  if (hasAcres) parts.push(`${number.format(m.acres!)} acres`);
  if (hasSqft) parts.push(`${Math.round(m.sqft!).toLocaleString('en-US')} sq ft`);
  return parts.join(' · ');
}
