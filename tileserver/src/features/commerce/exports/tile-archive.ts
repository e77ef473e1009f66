// Vector-tile archives of an export's selection, z11-16, to take offline: MBTiles (SQLite, through
// node:sqlite) and PMTiles (pmtiles-writer.ts, from the MBTiles' tiles). The tiles are drawn in
// PostGIS by the map's zoom strategy (tiles/zoom-strategy.ts: extent per zoom, sub-pixel parcels left
// out below z15, ids from z13) over the selection's parcels only, never the whole map's tiles: a
// filtered or focus-area export holds just the parcels it was priced for, and from z15 each feature
// carries the columns the export's level may see. One statement per zoom draws all its tiles
// (grouped by tile, read through a cursor), so the server holds a few tiles at a time.
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { dataAttribution } from '@parcel-map/contracts/map/attribution';
import { createDb } from '../../../db/client.ts';
import { detailOnlySql, detailZoom, extentSql, featureIdSql, visibleAtZoomSql } from '../../../tiles/zoom-strategy.ts';
import { writePmtiles } from './pmtiles-writer.ts';
import type { ExportRow } from './queries.ts';
import { defSource, fileColumnList, selectionSql } from './selection.ts';
import { datasetColumns, datasetSql, type DatasetTable } from './datasets.ts';

export const archiveMinZoom = 11;
export const archiveMaxZoom = 16;

const gzipAsync = promisify(gzip);

/** Web Mercator half-width: x and y of tiles from metres. */
const half = 20037508.342789244;

type ColumnList = ReturnType<typeof fileColumnList>;

/**
 * Every tile of zoom $1 with a parcel of the selection: the tiles each parcel's box reaches, with the
 * buffer the tile keeps (1/64 of its width), and ST_AsMVT per tile over the features clipped to it.
 */
export function archiveTileSql(row: ExportRow, columns: ColumnList): string {
  const selection = selectionSql(
    row.definition,
    { exportId: row.id },
    ['p.id AS feature_id', 'p.geom_3857 AS g', ...columns.map((c) => c.sql)].join(', '),
  );
  const attributes = columns.map((c) => `${detailOnlySql(`s."${c.name}"`)} AS "${c.name}"`);
  const margin = '1.0 / 64';
  const range = (low: string, high: string) =>
    `generate_series(greatest(0, floor(${low} / size.m - ${margin}))::int, least(2 ^ $1 - 1, floor(${high} / size.m + ${margin}))::int)`;
  return `
SELECT f.x, f.y, ST_AsMVT(f.feature, 'parcels', ${extentSql}, 'geom', 'id') AS mvt
FROM (
  SELECT tx.x, ty.y,
         (SELECT r FROM (SELECT ST_AsMVTGeom(s.g, ST_TileEnvelope($1, tx.x, ty.y), ${extentSql}, (${extentSql}) / 64, true) AS geom,
                                ${featureIdSql('s.feature_id')} AS id${attributes.map((a) => `,\n                                ${a}`).join('')}) r) AS feature
  FROM (SELECT 40075016.68557849 / (2.0 ^ $1::int) AS m) size,
       (${selection}) s
  CROSS JOIN LATERAL ${range(`(ST_XMin(s.g) + ${half})`, `(ST_XMax(s.g) + ${half})`)} tx(x)
  CROSS JOIN LATERAL ${range(`(${half} - ST_YMax(s.g))`, `(${half} - ST_YMin(s.g))`)} ty(y)
  WHERE ${visibleAtZoomSql('s.g')}
) f
GROUP BY f.x, f.y`;
}

/** Every tile of zoom $1 with a feature of a dataset table: its own layer, named as the table, like the parcels'. */
export function datasetTileSql(row: ExportRow, table: DatasetTable): string {
  const source = datasetSql(table, defSource({ exportId: row.id }), 'tiles');
  const attributes = datasetColumns(table).map((c) => `s."${c.name}"`);
  const margin = '1.0 / 64';
  const range = (low: string, high: string) =>
    `generate_series(greatest(0, floor(${low} / size.m - ${margin}))::int, least(2 ^ $1 - 1, floor(${high} / size.m + ${margin}))::int)`;
  return `
SELECT f.x, f.y, ST_AsMVT(f.feature, '${table.name}', ${extentSql}, 'geom', 'id') AS mvt
FROM (
  SELECT tx.x, ty.y,
         (SELECT r FROM (SELECT ST_AsMVTGeom(s.g, ST_TileEnvelope($1, tx.x, ty.y), ${extentSql}, (${extentSql}) / 64, true) AS geom,
                                s.feature_id AS id${attributes.map((a) => `, ${a}`).join('')}) r) AS feature
  FROM (SELECT 40075016.68557849 / (2.0 ^ $1::int) AS m) size,
       (${source}) s
  CROSS JOIN LATERAL ${range(`(ST_XMin(s.g) + ${half})`, `(ST_XMax(s.g) + ${half})`)} tx(x)
  CROSS JOIN LATERAL ${range(`(${half} - ST_YMax(s.g))`, `(${half} - ST_YMin(s.g))`)} ty(y)
) f
GROUP BY f.x, f.y`;
}

/** The box of the selection in degrees, and how many parcels it holds. */
function extentSqlOf(row: ExportRow): string {
  return selectionSql(
    row.definition,
    { exportId: row.id },
    'ST_XMin(ST_Extent(p.geom)) AS w, ST_YMin(ST_Extent(p.geom)) AS s, ST_XMax(ST_Extent(p.geom)) AS e, ST_YMax(ST_Extent(p.geom)) AS n, count(*)::int AS parcels',
  );
}

const mvtType = (kind: string) =>
  kind === 'boolean' ? 'Boolean' : kind === 'integer' || kind === 'number' ? 'Number' : 'String';

interface ArchiveSummary {
  tiles: number;
  bounds: [number, number, number, number];
  center: [number, number, number];
  metadata: Record<string, unknown>;
}

/**
 * Writes the MBTiles 1.3 file of an export row (tiles gzip-compressed, TMS rows, the metadata table
 * with name, format pbf, bounds, center, zooms and json's vector_layers); progress 0-100 as zooms are
 * drawn, each weighted by its share of tiles (four times the zoom below).
 */
export async function writeMbtiles(
  row: ExportRow,
  level: Parameters<typeof fileColumnList>[0],
  file: string,
  databaseUrl: string,
  onProgress: (percent: number) => void = () => {},
): Promise<ArchiveSummary> {
  const columns = fileColumnList(level, row.definition.fields);
  const datasets = row.definition.datasets ?? [];
  const sql = createDb(databaseUrl, { max: 1, applicationName: 'parcel-map-export' });
  const db = new DatabaseSync(file);
  try {
    db.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
      CREATE TABLE metadata (name text, value text);
      CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);
      CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);`);
    const [box] = await sql.unsafe<{ w: number; s: number; e: number; n: number; parcels: number }[]>(extentSqlOf(row));
    const bounds: [number, number, number, number] = box?.parcels
      ? [box.w, box.s, box.e, box.n]
      : [-180, -85.0511, 180, 85.0511];
    const center: [number, number, number] = [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, 14];
    const insert = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
    const statement = archiveTileSql(row, columns);
    const weights = Array.from({ length: archiveMaxZoom - archiveMinZoom + 1 }, (_, i) => 4 ** i);
    const total = weights.reduce((a, b) => a + b, 0);
    let done = 0;
    let tiles = 0;
    let previous = 1;
    for (let z = archiveMinZoom; z <= archiveMaxZoom; z++) {
      const weight = weights[z - archiveMinZoom]!;
      // Within a zoom, progress by tiles against four times the zoom below's count (an estimate).
      const expected = Math.max(1, previous * 4);
      let count = 0;
      db.exec('BEGIN');
      for await (const batch of sql.unsafe<{ x: number; y: number; mvt: Buffer }[]>(statement, [z]).cursor(64)) {
        // Compressed on libuv's threads: a batch of wide z15 tiles would otherwise hold the event loop.
        const drawn = batch.filter((t) => t.mvt?.length);
        const packed = await Promise.all(drawn.map((t) => gzipAsync(t.mvt)));
        drawn.forEach((t, i) => insert.run(z, t.x, 2 ** z - 1 - t.y, packed[i]!));
        count += drawn.length;
        onProgress(Math.floor(((done + weight * Math.min(1, count / expected)) / total) * 100));
      }
      // Each dataset's tile is its own layer, appended to the parcels' tile of the same address (a vector
      // tile is a sequence of layers, so the bytes concatenate).
      const read = db.prepare('SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?');
      const replace = db.prepare('INSERT OR REPLACE INTO tiles VALUES (?, ?, ?, ?)');
      for (const table of datasets) {
        for await (const batch of sql
          .unsafe<{ x: number; y: number; mvt: Buffer }[]>(datasetTileSql(row, table), [z])
          .cursor(64)) {
          for (const t of batch.filter((b) => b.mvt?.length)) {
            const tmsRow = 2 ** z - 1 - t.y;
            const old = read.get(z, t.x, tmsRow) as { tile_data: Uint8Array } | undefined;
            const bytes = old ? Buffer.concat([gunzipSync(old.tile_data), t.mvt]) : t.mvt;
            if (!old) count += 1;
            replace.run(z, t.x, tmsRow, await gzipAsync(bytes));
          }
        }
      }
      db.exec('COMMIT');
      done += weight;
      tiles += count;
      previous = Math.max(1, count);
      onProgress(Math.floor((done / total) * 100));
    }
    const fields = Object.fromEntries(columns.map((c) => [c.name, mvtType(c.kind)]));
    const metadata = {
      name: `Parcels of ${row.path}`,
      description: `${box?.parcels ?? 0} parcels of ${row.path}, zooms ${archiveMinZoom}-${archiveMaxZoom}; attributes from z${detailZoom}`,
      attribution: dataAttribution.parcels,
      version: '1',
      type: 'overlay',
      format: 'pbf',
      vector_layers: [
        { id: 'parcels', minzoom: archiveMinZoom, maxzoom: archiveMaxZoom, fields },
        ...datasets.map((t) => ({
          id: t.name,
          minzoom: archiveMinZoom,
          maxzoom: archiveMaxZoom,
          fields: Object.fromEntries(datasetColumns(t).map((c) => [c.name, c.type])),
        })),
      ],
    };
    const put = db.prepare('INSERT INTO metadata VALUES (?, ?)');
    for (const [name, value] of Object.entries({
      name: metadata.name,
      description: metadata.description,
      attribution: metadata.attribution,
      version: metadata.version,
      type: metadata.type,
      format: 'pbf',
      bounds: bounds.join(','),
      center: center.join(','),
      minzoom: String(archiveMinZoom),
      maxzoom: String(archiveMaxZoom),
      json: JSON.stringify({ vector_layers: metadata.vector_layers }),
    }))
      put.run(name, value);
    return { tiles, bounds, center, metadata };
  } finally {
    db.close();
    await sql.end();
  }
}

/** The PMTiles file of the tiles in an MBTiles file (gzip tiles as they are, TMS rows turned back to XYZ). */
export async function pmtilesFromMbtiles(
  mbtiles: string,
  file: string,
  summary: ArchiveSummary,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<void> {
  const db = new DatabaseSync(mbtiles, { readOnly: true });
  try {
    const coords = db.prepare('SELECT zoom_level AS z, tile_column AS x, tile_row AS r FROM tiles').all() as {
      z: number;
      x: number;
      r: number;
    }[];
    const one = db.prepare('SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?');
    await writePmtiles(file, {
      tiles: coords.map((c) => ({ z: c.z, x: c.x, y: 2 ** c.z - 1 - c.r })),
      read: (t) => (one.get(t.z, t.x, 2 ** t.z - 1 - t.y) as { tile_data: Uint8Array }).tile_data,
      metadata: summary.metadata,
      tileType: 1,
      tileCompression: 2,
      minZoom: archiveMinZoom,
      maxZoom: archiveMaxZoom,
      bounds: summary.bounds,
      center: summary.center,
      onProgress,
    });
  } finally {
    db.close();
  }
}
