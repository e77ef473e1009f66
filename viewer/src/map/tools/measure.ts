// Geodesic measurements for the drawing tools (turf); the units they are shown in live in model/units.ts.
import area from '@turf/area';
import { lineString, polygon } from '@turf/helpers';
import length from '@turf/length';
import type { LonLat } from '@parcel-map/contracts/map/places';

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

/** Latitude and longitude to 5 decimals (spec 9). */
export function formatCoordinates([lon, lat]: LonLat): string {
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}
