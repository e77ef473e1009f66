// Geodesic measurements for the drawing tools (turf), and the unit choices of spec 3: distance in
// miles (default), kilometers, feet, meters; area in acres (default), square feet, square meters, hectares.
import { area, length, lineString, polygon } from '@turf/turf';
import type { LonLat } from '@parcel-map/contracts/map/places';

export type DistanceUnit = 'miles' | 'kilometers' | 'feet' | 'meters';
export type AreaUnit = 'acres' | 'squareFeet' | 'squareMeters' | 'hectares';

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

/** Geodesic length of a line in meters (0 for fewer than 2 points). */
export function lineMeters(points: LonLat[]): number {
  if (points.length < 2) return 0;
  return length(lineString(points), { units: 'kilometers' }) * 1000;
}

/** Geodesic area of a polygon in square meters (0 for fewer than 3 points). */
export function polygonSquareMeters(points: LonLat[]): number {
  if (points.length < 3) return 0;
  const first = points[0] as LonLat;
  return area(polygon([[...points, first]]));
}

function grouped(value: number, digits: number): string {
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

/** Latitude and longitude to 5 decimals (spec 9). */
export function formatCoordinates([lon, lat]: LonLat): string {
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}
