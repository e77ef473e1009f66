// The measuring units of spec 3 (distance in miles (default), kilometers, feet, meters; area in acres
// (default), square feet, square meters, hectares) and how a measurement reads in each. The unit names
// are the preference contract's, so a saved choice and the tools agree.
import type { z } from 'zod';
import type { preferenceValues } from '@parcel-map/contracts/workspace/preferences';

type UnitChoice = Exclude<z.infer<(typeof preferenceValues)['units']>, string>;
export type DistanceUnit = UnitChoice['distance'];
export type AreaUnit = UnitChoice['area'];

export const distanceUnits: { id: DistanceUnit; label: string; short: string; perMeter: number }[] = [
  { id: 'miles', label: 'Miles', short: 'mi', perMeter: 1 / 1609.344 },
  { id: 'kilometers', label: 'Kilometers', short: 'km', perMeter: 1 / 1000 },
  { id: 'feet', label: 'Feet', short: 'ft', perMeter: 1 / 0.3048 },
  { id: 'meters', label: 'Meters', short: 'm', perMeter: 1 },
];

export const areaUnits: { id: AreaUnit; label: string; short: string; perSquareMeter: number }[] = [
  { id: 'acres', label: 'Acres', short: 'ac', perSquareMeter: 1 / 4046.8564224 },
  { id: 'squareFeet', label: 'Square Feet', short: 'sq ft', perSquareMeter: 1 / 0.09290304 },
  { id: 'squareMeters', label: 'Square Meters', short: 'sq m', perSquareMeter: 1 },
  { id: 'hectares', label: 'Hectares', short: 'ha', perSquareMeter: 1 / 10000 },
];

export function grouped(value: number, digits: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function formatDistance(meters: number, unit: DistanceUnit): string {
  const def = distanceUnits.find((u) => u.id === unit) ?? distanceUnits[0]!;
  const value = meters * def.perMeter;
  const digits = unit === 'feet' || unit === 'meters' ? (value < 100 ? 1 : 0) : value < 10 ? 3 : 2;
  return `${grouped(value, digits)} ${def.short}`;
}

export function formatArea(squareMeters: number, unit: AreaUnit): string {
  const def = areaUnits.find((u) => u.id === unit) ?? areaUnits[0]!;
  const value = squareMeters * def.perSquareMeter;
  const digits = unit === 'squareFeet' || unit === 'squareMeters' ? 0 : value < 10 ? 3 : 2;
  return `${grouped(value, digits)} ${def.short}`;
}
