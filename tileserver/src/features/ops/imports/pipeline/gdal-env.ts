// N7 of the second security review: GDAL as the importer runs it. Only the parcel formats' drivers,
// and no network: a VRT (or any driver that follows links) made GDAL fetch URLs into a public layer.
import { spawnSync } from 'node:child_process';

// The drivers an import may open. GDAL 3.6's ogrinfo/ogr2ogr have no -if, so the allow-list is
// GDAL_SKIP naming every other driver (VRT and SQLite among them: a VRT points GDAL at URLs and other
// files). PostgreSQL stays for ogr2ogr's output; input paths are resolved to files, never "PG:".
export const allowedDrivers = [
  'ESRI Shapefile',
  'OpenFileGDB',
  'GPKG',
  'GeoJSON',
  'GeoJSONSeq',
  'ESRIJSON',
  'CSV',
  'FlatGeobuf',
  'KML',
  'LIBKML',
  'GML',
  'MapInfo File',
  'PostgreSQL',
];

let skipped: string | undefined;
function skippedDrivers(): string {
  if (skipped === undefined) {
    const formats = spawnSync('ogrinfo', ['--formats'], { encoding: 'utf8' }).stdout ?? '';
    const all = [...formats.matchAll(/^\s+(.+?) -[a-z,]+- \(/gm)].map((m) => m[1]!);
    // GDAL splits GDAL_SKIP at spaces: "UK .NTF" and "Interlis 1/2" cannot be named there (they read
    // local files only, and no file of ours is handed to them by extension).
    skipped = ['VRT', ...all.filter((d) => !allowedDrivers.includes(d) && d !== 'VRT' && !d.includes(' '))].join(' ');
  }
  return skipped;
}

/** GDAL's environment for imports: only the allowed drivers, no network (N7). */
export function gdalEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...base,
    GDAL_SKIP: skippedDrivers(),
    // No /vsicurl/ file matches this extension, and any HTTP request goes to a closed port and gives up.
    CPL_VSIL_CURL_ALLOWED_EXTENSIONS: '.gdal-network-is-off',
    GDAL_HTTP_PROXY: '127.0.0.1:9',
    GDAL_HTTP_TIMEOUT: '1',
    GDAL_HTTP_MAX_RETRY: '0',
    GML_SKIP_RESOLVE_ELEMS: 'ALL',
    GDAL_DISABLE_READDIR_ON_OPEN: 'NO',
  };
}
