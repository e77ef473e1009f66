// Writes an export's file with GDAL's ogr2ogr straight from PostGIS (the server's memory stays flat
// whatever the size); tile archives (MBTiles, PMTiles) are drawn by tile-archive.ts instead. The file is written into a temporary folder and renamed into place only when
// complete, so a "download available" record never points at a half-written file.
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnTiedChild } from '../../../system/tied-child.ts';
import { type ExportFormat, tileArchiveFormats } from '@parcel-map/contracts/commerce/exports';
import { defSource, fileColumns, selectionSql } from './selection.ts';
import { datasetSql } from './datasets.ts';
import type { ExportRow } from './queries.ts';
import { processAlive } from '../../../system/process-alive.ts';
import { pmtilesFromMbtiles, writeMbtiles } from './tile-archive.ts';

type TileArchiveFormat = (typeof tileArchiveFormats)[number];

type FeatureFormat = Exclude<ExportFormat, TileArchiveFormat>;
const drivers: Record<FeatureFormat, { driver: string; ext: string; options: string[] }> = {
  csv: { driver: 'CSV', ext: 'csv', options: ['-lco', 'GEOMETRY=AS_WKT'] },
  // GDAL writes a zipped shapefile itself when the name ends in .shp.zip.
  shp: { driver: 'ESRI Shapefile', ext: 'shp.zip', options: ['-lco', 'ENCODING=UTF-8'] },
  kml: { driver: 'KML', ext: 'kml', options: [] },
  geojson: { driver: 'GeoJSON', ext: 'geojson', options: ['-lco', 'RFC7946=YES'] },
  gpkg: { driver: 'GPKG', ext: 'gpkg', options: [] },
  sql: { driver: 'PGDUMP', ext: 'sql', options: ['-lco', 'SRID=4326'] },
};

const archiveExtensions: Record<TileArchiveFormat, string> = { mbtiles: 'mbtiles', pmtiles: 'pmtiles' };
const isArchive = (format: ExportFormat): format is TileArchiveFormat =>
  (tileArchiveFormats as readonly string[]).includes(format);

export const fileExtension = (format: ExportFormat) =>
  isArchive(format) ? archiveExtensions[format] : drivers[format].ext;

/** libpq environment for ogr2ogr, so the password never appears in its command line. */
function pgEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: url.hostname || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const host = url.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}

export function exportsDir(dataDir: string): string {
  const dir = join(dataDir, 'exports');
  mkdirSync(dir, { recursive: true });
  return dir;
}

const slug = (path: string) => path.split('/').filter(Boolean).slice(1).join('-') || 'parcels';

/** Makes the file of an export row; reports progress 0-100; answers its name inside the exports folder. */
export async function makeExportFile(
  row: ExportRow,
  deps: { databaseUrl: string; dataDir: string },
  onProgress: (percent: number) => void = () => {},
): Promise<{ filename: string; bytes: number }> {
  const format = row.format as ExportFormat;
  const level = (row.product === 'premium' || row.product === 'standard' ? row.product : row.level) as Parameters<
    typeof fileColumns
  >[0];
  const dir = exportsDir(deps.dataDir);
  // A run of this export in a process that was killed left its folder behind (named with its pid).
  // Only dead processes' folders go: a run whose heartbeat merely lapsed may still be writing.
  for (const entry of readdirSync(dir)) {
    const pid = Number(new RegExp(`^\\.tmp-${row.id}-(\\d+)-`).exec(entry)?.[1] ?? 0);
    if (pid && pid !== process.pid && !processAlive(pid)) rmSync(join(dir, entry), { recursive: true, force: true });
  }
  const temp = mkdtempSync(join(dir, `.tmp-${row.id}-${process.pid}-`));
  const datasets = row.definition.datasets ?? [];
  // With datasets, every table is a layer of one GeoPackage, or a file of its own in a zip (csv: one
  // spreadsheet per table; shp: one shapefile per table).
  const zipped = datasets.length > 0 && !isArchive(format) && format !== 'gpkg';
  const filename = `parcels-${slug(row.path)}-${row.id}.${zipped ? `${format}.zip` : fileExtension(format)}`;
  const tempFile = join(temp, filename);
  try {
    if (format === 'mbtiles')
      await writeMbtiles(row, level, tempFile, deps.databaseUrl, (p) => onProgress(Math.min(99, p)));
    else if (format === 'pmtiles') {
      // The tiles are drawn into an MBTiles file beside it first (90% of the work), then laid out as PMTiles.
      const summary = await writeMbtiles(row, level, join(temp, 'tiles.mbtiles'), deps.databaseUrl, (p) =>
        onProgress(Math.floor(p * 0.9)),
      );
      await pmtilesFromMbtiles(join(temp, 'tiles.mbtiles'), tempFile, summary, (done, total) =>
        onProgress(90 + Math.floor((done / Math.max(1, total)) * 9)),
      );
    } else {
      // No ORDER BY: sorting a county's wide rows spills to disk before the first row is written.
      // A csv file opens in spreadsheets: county text (owners, addresses) that looks like a formula is guarded.
      const query = selectionSql(
        row.definition,
        { exportId: row.id },
        fileColumns(level, row.definition.fields, format === 'csv'),
      );
      const def = defSource({ exportId: row.id });
      if (datasets.length === 0) await runOgr2ogr(format, query, tempFile, deps.databaseUrl, onProgress);
      else if (format === 'gpkg') {
        await runOgr2ogr(format, query, tempFile, deps.databaseUrl, (p) => onProgress(Math.floor(p / 2)));
        for (const table of datasets)
          await runOgr2ogr(format, datasetSql(table, def, 'columns'), tempFile, deps.databaseUrl, () => {}, {
            layer: table.name,
            update: true,
          });
      } else {
        const parts = join(temp, 'parts');
        mkdirSync(parts);
        const ext = format === 'shp' ? 'shp' : drivers[format as FeatureFormat].ext;
        await runOgr2ogr(format, query, join(parts, `parcels.${ext}`), deps.databaseUrl, (p) =>
          onProgress(Math.floor(p / 2)),
        );
        for (const table of datasets)
          await runOgr2ogr(
            format,
            datasetSql(table, def, format === 'csv' ? 'spreadsheet' : 'columns'),
            join(parts, `${table.name}.${ext}`),
            deps.databaseUrl,
            () => {},
            {
              layer: table.name,
            },
          );
        await runZip(tempFile, parts);
      }
    }
    const finalPath = join(dir, filename);
    renameSync(tempFile, finalPath);
    return { filename, bytes: statSync(finalPath).size };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** ogr2ogr from PostGIS into `file`, its -progress dots reported as percent. */
function runOgr2ogr(
  format: FeatureFormat,
  query: string,
  tempFile: string,
  databaseUrl: string,
  onProgress: (percent: number) => void,
  table: { layer: string; update?: boolean } = { layer: 'parcels' },
): Promise<void> {
  const spec = drivers[format];
  const multi = table.layer !== 'parcels';
  return new Promise<void>((resolve, reject) => {
    const args = [
      '-f',
      spec.driver,
      tempFile,
      'PG:',
      '-sql',
      query,
      '-nln',
      table.layer,
      // Dataset tables hold points and lines too: each keeps its own kind, made multi.
      '-nlt',
      multi ? 'PROMOTE_TO_MULTI' : 'MULTIPOLYGON',
      ...(table.update ? ['-update'] : []),
      '-a_srs',
      'EPSG:4326',
      '-progress',
      ...spec.options,
    ];
    // ogr2ogr outlives a killed server until its next progress line hits the closed pipe (SIGPIPE),
    // which a slow query can delay for minutes: it dies with this process.
    const child = spawnTiedChild('ogr2ogr', args, pgEnvironment(databaseUrl));
    let errors = '';
    // ogr2ogr -progress prints "0...10...20..." as it goes.
    child.stdout.on('data', (chunk: Buffer) => {
      const steps = chunk.toString().match(/\d+(?=\.\.\.)/g);
      if (steps) onProgress(Math.min(99, Number(steps[steps.length - 1])));
    });
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ogr2ogr exited with ${code}: ${errors.trim()}`)),
    );
  });
}

/** Zips every file of `folder` (flat) into `file`. */
function runZip(file: string, folder: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const names = readdirSync(folder);
    const child = spawnTiedChild('zip', ['-q', '-j', file, ...names.map((n) => join(folder, n))]);
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`zip exited with ${code}: ${errors.trim()}`)),
    );
  });
}

export function removeExportFile(dataDir: string, filename: string | null): void {
  if (filename) rmSync(join(dataDir, 'exports', filename), { force: true });
}
