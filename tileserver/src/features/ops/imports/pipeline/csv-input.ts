// A CSV's header as GDAL reads it, and which of its columns give the parcels' outlines.
import { closeSync, openSync, readSync } from 'node:fs';

// CSV has no geometry column of its own: its header decides. A WKT column holds the outlines; lat/lon
// columns alone are points, which no parcel is, so such a file is refused with what to provide instead.
export const wktNames = ['wkt', 'geometry', 'the_geom', 'shape', 'geom', 'wkt_geom', 'geometry_wkt'];
const latNames = ['lat', 'latitude', 'y', 'point_y', 'ycoord', 'y_coord'];
const lonNames = ['lon', 'long', 'lng', 'longitude', 'x', 'point_x', 'xcoord', 'x_coord'];

/** The header's columns: GDAL's separators (comma, semicolon, tab), quotes and a byte-order mark handled. */
export function csvHeader(firstLine: string): string[] {
  const line = firstLine.replace(/^\uFEFF/, '').replace(/\r$/, '');
  const separator = [',', ';', '\t'].map((c) => ({ c, n: line.split(c).length })).sort((a, b) => b.n - a.n)[0]!.c;
  const columns: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"' && quoted && line[i + 1] === '"') (current += '"'), i++;
    else if (ch === '"') quoted = !quoted;
    else if (ch === separator && !quoted) columns.push(current.trim()), (current = '');
    else current += ch;
  }
  columns.push(current.trim());
  return columns;
}

export type CsvGeometry =
  | { kind: 'wkt'; column: string }
  | { kind: 'latlon'; lat: string; lon: string }
  | { kind: 'none' };

/** Which columns of a CSV header give the geometry: a WKT column wins over lat/lon (often centroids beside it). */
export function csvGeometry(columns: string[]): CsvGeometry {
  const find = (names: string[]) => columns.find((c) => names.includes(c.toLowerCase()));
  const wkt = find(wktNames);
  if (wkt) return { kind: 'wkt', column: wkt };
  const lat = find(latNames);
  const lon = find(lonNames);
  if (lat && lon) return { kind: 'latlon', lat, lon };
  return { kind: 'none' };
}

export function readFirstLine(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(65536);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, n).toString('utf8').split('\n')[0] ?? '';
  } finally {
    closeSync(fd);
  }
}
