import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../errors.ts';
import { countryOf, isContextPath, parseContextPath, parseLatLon, parseParcelPath } from './context-path.ts';

function badRequest(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('BAD_REQUEST');
    return error as ApiError;
  }
  throw new Error('expected a 400');
}

describe('context paths', () => {
  it('accepts lower-case country-rooted paths of letters, digits and dashes', () => {
    for (const path of ['/us', '/ca/mb/division-no-11', '/us/ma/middlesex/cambridge/the-port', '/zz/synthetic-1']) {
      expect(isContextPath(path)).toBe(true);
    }
  });

  it('rejects other countries, upper case, empty segments, dots and trailing slashes with "Invalid context path"', () => {
    for (const path of [
      '/',
      '',
      '/fr/paris',
      '/US/ma',
      '/us//ma',
      '/us/ma/',
      '/us/../etc',
      '/us/ma middlesex',
      "/us/ma'--",
      '/us/ma%2f',
    ]) {
      expect(badRequest(() => parseContextPath(path)).message).toBe('Invalid context path');
    }
  });

  it('rejects absurdly long paths', () => {
    expect(isContextPath(`/us/${'a'.repeat(300)}`)).toBe(false);
  });

  it('splits a parcel path into its place path and numeric id', () => {
    expect(parseParcelPath('/us/ma/middlesex/cambridge/123')).toEqual({
      path: '/us/ma/middlesex/cambridge/123',
      placePath: '/us/ma/middlesex/cambridge',
      id: 123,
    });
    expect(countryOf('/ca/on/toronto/7')).toBe('ca');
  });

  it('refuses a place path or a non-numeric last segment as a parcel path', () => {
    for (const path of ['/us/ma/middlesex/cambridge', '/us/123', '/us/ma/12a', '/us/ma/-1', '/us/ma/1.5']) {
      if (path === '/us/123') {
        expect(parseParcelPath(path).placePath).toBe('/us');
        continue;
      }
      expect(badRequest(() => parseParcelPath(path)).message).toBe('Invalid context path');
    }
  });
});

describe('lat/lon parameters', () => {
  it('parses decimal degrees', () => {
    expect(parseLatLon({ lat: '42.375', lon: '-71.11' })).toEqual({ lat: 42.375, lon: -71.11 });
    expect(parseLatLon({ lat: ' 0 ', lon: '+180' })).toEqual({ lat: 0, lon: 180 });
  });

  it('names the missing, non-numeric or out-of-range parameter', () => {
    expect(badRequest(() => parseLatLon({ lon: '1' })).message).toBe('lat is required');
    expect(badRequest(() => parseLatLon({ lat: '1', lon: '' })).message).toBe('lon is required');
    expect(badRequest(() => parseLatLon({ lat: 'abc', lon: '1' })).message).toBe('lat must be a number');
    expect(badRequest(() => parseLatLon({ lat: '0x10', lon: '1' })).message).toBe('lat must be a number');
    expect(badRequest(() => parseLatLon({ lat: 'Infinity', lon: '1' })).message).toBe('lat must be a number');
    expect(badRequest(() => parseLatLon({ lat: '1', lon: 'NaN' })).message).toBe('lon must be a number');
    expect(badRequest(() => parseLatLon({ lat: '90.5', lon: '1' })).message).toBe('lat must be between -90 and 90');
    expect(badRequest(() => parseLatLon({ lat: '1', lon: '-181' })).message).toBe('lon must be between -180 and 180');
  });
});
