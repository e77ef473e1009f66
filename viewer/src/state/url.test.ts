import { describe, expect, it } from 'vitest';
import { countryOfPath, formatUrl, isParcelPath, parseUrl } from './url.ts';

describe('url state', () => {
  it('reads a parcel path, the base layer and the map view from the address', () => {
    const state = parseUrl('/us/ma/middlesex/cambridge/123', '#base=satellite&map=16.00/42.37500/-71.11000');
    expect(state).toEqual({
      path: '/us/ma/middlesex/cambridge/123',
      base: 'satellite',
      view: { zoom: 16, lat: 42.375, lon: -71.11 },
    });
  });

  it('treats the root as no path and ignores unknown base layers and broken views', () => {
    expect(parseUrl('/', '#base=moon&map=abc')).toEqual({ path: null, base: null, view: null });
  });

  it('takes the p hash key as a path when the address has none', () => {
    expect(parseUrl('/', '#p=/us/ma/middlesex').path).toBe('/us/ma/middlesex');
  });

  it('tells parcel paths from place paths by the trailing integer id', () => {
    expect(isParcelPath('/us/ma/middlesex/cambridge/123')).toBe(true);
    expect(isParcelPath('/us/ma/middlesex/cambridge')).toBe(false);
    expect(isParcelPath('/us/ma/middlesex/cambridge/mid-cambridge')).toBe(false);
  });

  it('rounds the zoom to 2 decimals and coordinates to 5 when writing the address', () => {
    expect(formatUrl(null, 'street', { zoom: 16.123, lat: 42.3751234, lon: -71.1100001 })).toBe(
      '/#base=street&map=16.12/42.37512/-71.11000',
    );
  });

  it('finds the country as the first two-letter segment', () => {
    expect(countryOfPath('/ca/on/toronto')).toBe('ca');
    expect(countryOfPath('/usa')).toBeNull();
  });
});
