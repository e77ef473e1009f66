// Parsing of the app API's inputs that several features share: context paths (/us/ma/middlesex/cambridge),
// parcel paths (a place path + '/' + the parcel id) and lat/lon query parameters. Bad input is a 400.
import { ApiError } from '../../../errors.ts';

const contextPathPattern = /^\/(us|ca|zz)(\/[a-z0-9-]+)*$/;
const parcelPathPattern = /^(\/(?:us|ca|zz)(?:\/[a-z0-9-]+)*)\/(\d{1,15})$/;
// Deep enough for /country/state/county/city/neighborhood/parcel with room to spare; longer is abuse.
const maxPathLength = 256;

export type Country = 'us' | 'ca' | 'zz';

export function isContextPath(path: string): boolean {
  return path.length <= maxPathLength && contextPathPattern.test(path);
}

/** A place path, or 400 "Invalid context path". */
export function parseContextPath(path: string): string {
  if (!isContextPath(path))
    throw new ApiError('BAD_REQUEST', 'Invalid context path', { path: path.slice(0, maxPathLength) });
  return path;
}

export interface ParcelPath {
  path: string;
  placePath: string;
  id: number;
}

/** A parcel path (place path + '/' + digits), or 400 "Invalid context path". */
export function parseParcelPath(path: string): ParcelPath {
  const match = path.length <= maxPathLength ? parcelPathPattern.exec(path) : null;
  if (!match) throw new ApiError('BAD_REQUEST', 'Invalid context path', { path: path.slice(0, maxPathLength) });
  return { path, placePath: match[1]!, id: Number(match[2]) };
}

export function countryOf(path: string): Country {
  return path.split('/')[1] as Country;
}

// Plain decimal numbers only: Number() alone would also accept '', '0x1f' and 'Infinity'. Each part of
// the pattern can match a digit in one way only (no nested or adjacent optional digit runs), so it runs
// in linear time; the length bound comes first anyway, since a coordinate never needs more.
const decimalPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const maxCoordinateLength = 32;

function parseCoordinate(name: 'lat' | 'lon', raw: string | undefined, limit: number): number {
  if (raw === undefined || raw.trim() === '')
    throw new ApiError('BAD_REQUEST', `${name} is required`, { parameter: name });
  const text = raw.trim();
  const value = text.length <= maxCoordinateLength && decimalPattern.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value))
    throw new ApiError('BAD_REQUEST', `${name} must be a number`, { parameter: name, value: raw.slice(0, 64) });
  if (value < -limit || value > limit) {
    throw new ApiError('BAD_REQUEST', `${name} must be between -${limit} and ${limit}`, { parameter: name, value });
  }
  return value;
}

/** The lat and lon query parameters of /at_point.json and /parcels_at_point.json. */
export function parseLatLon(query: { lat?: string | undefined; lon?: string | undefined }): {
  lat: number;
  lon: number;
} {
  return { lat: parseCoordinate('lat', query.lat, 90), lon: parseCoordinate('lon', query.lon, 180) };
}
