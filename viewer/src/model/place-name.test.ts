import { describe, expect, it } from 'vitest';
import type { AtPoint, PlaceRef } from '@parcel-map/contracts/map/places';
import { breadcrumbs, placeForZoom, searchPlaceholder } from './place-name.ts';

const place = (kind: PlaceRef['kind'], name: string): PlaceRef => ({ kind, name, path: `/${name}`, headline: name });
const cambridge: AtPoint = {
  country: place('country', 'United States'),
  state: place('state', 'Massachusetts'),
  county: place('county', 'Middlesex'),
  city: place('city', 'Cambridge'),
  neighborhood: place('neighborhood', 'Mid-Cambridge'),
};

describe('place names by zoom', () => {
  it('shows the neighborhood from zoom 12, else the city', () => {
    expect(placeForZoom(cambridge, 12)?.name).toBe('Mid-Cambridge');
    expect(placeForZoom({ ...cambridge, neighborhood: null }, 14)?.name).toBe('Cambridge');
  });

  it('shows the city from zoom 10 to under 12', () => {
    expect(placeForZoom(cambridge, 10)?.name).toBe('Cambridge');
    expect(placeForZoom(cambridge, 11.99)?.name).toBe('Cambridge');
  });

  it('shows the county from zoom 6 to under 10, else the city', () => {
    expect(placeForZoom(cambridge, 6)?.name).toBe('Middlesex');
    expect(placeForZoom({ ...cambridge, county: null }, 9)?.name).toBe('Cambridge');
  });

  it('shows the state below zoom 6', () => {
    expect(placeForZoom(cambridge, 4)?.name).toBe('Massachusetts');
  });

  it('builds breadcrumbs from the levels present, country first', () => {
    expect(breadcrumbs({ ...cambridge, neighborhood: null }).map((p) => p.name)).toEqual([
      'United States',
      'Massachusetts',
      'Middlesex',
      'Cambridge',
    ]);
    expect(breadcrumbs(null)).toEqual([]);
  });

  it('uses the Canadian search placeholder in Canada', () => {
    expect(searchPlaceholder('us')).toBe('Find a state or county');
    expect(searchPlaceholder('ca')).toBe('Find a province or census division');
  });
});
