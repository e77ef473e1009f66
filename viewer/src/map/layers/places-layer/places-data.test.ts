import { describe, expect, it } from 'vitest';
import type { AtPoint, PlaceRef } from '@parcel-map/contracts/map/places';
import { childParent, subBoundaryOptions, subBoundaryParent } from './places-data.ts';

const ref = (path: string, kind: PlaceRef['kind'], name: string): PlaceRef => ({ path, kind, name, headline: name });
const cambridge: AtPoint = {
  country: ref('/us', 'country', 'United States'),
  state: ref('/us/ma', 'state', 'Massachusetts'),
  county: ref('/us/ma/middlesex', 'county', 'Middlesex'),
  city: ref('/us/ma/middlesex/cambridge', 'city', 'Cambridge'),
  neighborhood: null,
};
const ontario: AtPoint = {
  country: ref('/ca', 'country', 'Canada'),
  state: ref('/ca/on', 'state', 'Ontario'),
  county: ref('/ca/on/toronto', 'county', 'Toronto'),
  city: null,
  neighborhood: null,
};

describe('subBoundaryParent', () => {
  it('follows the zoom when the level is auto', () => {
    expect(subBoundaryParent(cambridge, 14, 'auto')).toEqual(childParent(cambridge, 14));
    expect(subBoundaryParent(cambridge, 14, 'auto')?.path).toBe('/us/ma/middlesex/cambridge');
    expect(subBoundaryParent(cambridge, 9, 'auto')?.path).toBe('/us/ma/middlesex');
  });

  it('outlines the chosen level whatever the zoom: states of the country, counties of the state, cities of the county', () => {
    expect(subBoundaryParent(cambridge, 16, 'state')?.path).toBe('/us');
    expect(subBoundaryParent(cambridge, 16, 'county')?.path).toBe('/us/ma');
    expect(subBoundaryParent(cambridge, 4, 'city')?.path).toBe('/us/ma/middlesex');
    expect(subBoundaryParent(cambridge, 4, 'neighborhood')?.path).toBe('/us/ma/middlesex/cambridge');
  });

  it('falls back to the zoom when the chosen level has no parent here', () => {
    expect(subBoundaryParent(ontario, 9, 'neighborhood')?.path).toBe('/ca/on/toronto');
  });
});

describe('subBoundaryOptions', () => {
  it('offers every level inside a US city', () => {
    expect(subBoundaryOptions(cambridge, 'us').map((o) => o.label)).toEqual([
      'Follow zoom',
      'States',
      'Counties',
      'Cities',
      'Neighborhoods',
    ]);
  });

  it('offers only provinces and census divisions in Canada', () => {
    expect(subBoundaryOptions(ontario, 'ca').map((o) => o.label)).toEqual([
      'Follow zoom',
      'Provinces',
      'Census divisions',
    ]);
  });

  it('offers only the zoom choice before the place is known', () => {
    expect(subBoundaryOptions(null, null).map((o) => o.id)).toEqual(['auto']);
  });
});
