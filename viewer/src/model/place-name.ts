// Which place name the header shows at a zoom (spec 2: thresholds 6, 10, 12) and the breadcrumb trail.
import type { AtPoint, PlaceRef } from '@parcel-map/contracts/map/places';

export const placeZoomThresholds = { county: 6, city: 10, neighborhood: 12 } as const;

/** 12+: neighborhood else city; 10-12: city; 6-10: county else city; below 6: state else country. */
export function placeForZoom(at: AtPoint | null, zoom: number): PlaceRef | null {
  if (!at) return null;
  if (zoom >= placeZoomThresholds.neighborhood)
    return at.neighborhood ?? at.city ?? at.county ?? at.state ?? at.country;
  if (zoom >= placeZoomThresholds.city) return at.city ?? at.county ?? at.state ?? at.country;
  if (zoom >= placeZoomThresholds.county) return at.county ?? at.city ?? at.state ?? at.country;
  return at.state ?? at.country;
}

/** Country, state, county, city, neighborhood: the levels that exist at the point. */
export function breadcrumbs(at: AtPoint | null): PlaceRef[] {
  if (!at) return [];
  return [at.country, at.state, at.county, at.city, at.neighborhood].filter(
    (p): p is PlaceRef => p !== null && p !== undefined,
  );
}

export const countries = [
  { code: 'us', label: 'United States', bounds: [-127.3, 23.5, -64.6, 48.5] as [number, number, number, number] },
  { code: 'ca', label: 'Canada', bounds: [-141.5, 40, -49.5, 75] as [number, number, number, number] },
];

export function searchPlaceholder(country: string | null): string {
  return country === 'ca' ? 'Find a province or census division' : 'Find a state or county';
}
