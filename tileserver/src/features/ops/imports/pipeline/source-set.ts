// A folder or zip of several parcel databases (one File Geodatabase, GeoPackage or zip per town, as
// MassGIS publishes them) read as one source: each database staged by ogr2ogr into a table of its own,
// then the tables merged into one stage table, so the run splits them by place like a statewide file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import type { Sql } from '@parcel-map/tileserver/db/client';
import { ImportInputError } from './ogr.ts';
import { stageTable } from './stage-checks.ts';

// The formats a folder of per-town databases holds (shapefiles: one set per folder).
const databaseExtensions = new Set(['.gpkg', '.geojson', '.fgb', '.sqlite', '.zip', '.gdb', '.kml', '.gml']);

const isGdb = (path: string) => /\.gdb$/i.test(path) || readdirSync(path).some((e) => /\.gdbtable$/i.test(e));

/** The databases directly in a folder: .gdb folders, database files, and one per folder of shapefiles. */
function databasesIn(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder).sort()) {
    if (entry.startsWith('.') || entry.toLowerCase().endsWith('.mapping.json')) continue;
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) {
      if (isGdb(path)) found.push(path);
      else if (readdirSync(path).some((e) => extname(e).toLowerCase() === '.shp')) found.push(path);
    } else if (databaseExtensions.has(extname(entry).toLowerCase())) found.push(path);
  }
  return found;
}

export interface SourceSet {
  /** What to stage, one entry per database; [input] when the input is one database. */
  files: string[];
  /** A temporary folder the zip was unpacked into, removed by cleanup(). */
  cleanup: () => void;
}

/**
 * The databases of `input`: a folder or zip holding several is unpacked into its databases; anything
 * else (one file, one .gdb, one shapefile set, a zip of one database) stays the one input GDAL reads.
 */
export function sourceSet(input: string): SourceSet {
  const path = resolve(input);
  const single = { files: [input], cleanup: () => {} };
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new ImportInputError(`${input} does not exist`);
  if (stat.isDirectory()) {
    if (isGdb(path)) return single;
    const databases = databasesIn(path);
    return databases.length > 1 ? { files: databases, cleanup: () => {} } : single;
  }
  if (extname(path).toLowerCase() !== '.zip') return single;
  const listing = spawnSync('unzip', ['-Z1', path], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (listing.status !== 0) return single;
  const roots = new Set<string>();
  for (const entry of listing.stdout.split('\n').filter(Boolean)) {
    const gdb = /^(.*?\.gdb)\//i.exec(entry);
    if (gdb) roots.add(gdb[1]!);
    else if (extname(entry).toLowerCase() === '.shp') roots.add(entry.replace(/[^/]*$/, '') || '.');
    else if (databaseExtensions.has(extname(entry).toLowerCase())) roots.add(entry);
  }
  if (roots.size <= 1) return single;
  // Several databases in one zip: unpacked, so each is read (and its layer chosen) on its own.
  const folder = mkdtempSync(join(tmpdir(), 'parcel-import-set-'));
  const unzip = spawnSync('unzip', ['-qq', '-o', path, '-d', folder], { encoding: 'utf8' });
  if (unzip.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    throw new ImportInputError(`could not unpack ${input}: ${unzip.stderr.trim().split('\n').slice(-2).join(' ')}`);
  }
  return {
    files: [...roots].sort().map((r) => join(folder, r)),
    cleanup: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * The stage tables of several databases as one table `into`: every column of any of them (a column
 * typed differently in two databases becomes text), rows renumbered. Geometry, like every stage
 * table's, is EPSG:4326.
 */
export async function mergeStaged(sql: Sql, tables: string[], into: string): Promise<void> {
  // Names quoted (format %I) and types written (format_type) by the server; the SQL is assembled from
  // those, never from the file's text.
  const columns = await sql<{ quoted: string; type: string; tables: string[] }[]>`
    SELECT format('%I', c.column_name) AS quoted,
      CASE WHEN count(DISTINCT format_type(a.atttypid, a.atttypmod)) = 1 THEN min(format_type(a.atttypid, a.atttypmod)) ELSE 'text' END AS type,
      array_agg(c.table_name::text) AS tables
    FROM information_schema.columns c
    JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
    WHERE c.table_schema = 'import_stage' AND c.table_name IN ${sql(tables)} AND c.column_name NOT IN ('_geom', '_fid')
    GROUP BY c.column_name ORDER BY min(c.ordinal_position), c.column_name`;
  const selects = tables.map((table) => {
    const list = columns.map((c) =>
      c.tables.includes(table) ? `t.${c.quoted}::${c.type} AS ${c.quoted}` : `NULL::${c.type} AS ${c.quoted}`,
    );
    return `SELECT t._geom${list.length ? `, ${list.join(', ')}` : ''} FROM ${stageTable(table)} t`;
  });
  await sql.unsafe(`DROP TABLE IF EXISTS ${stageTable(into)}`);
  await sql.unsafe(
    `CREATE TABLE ${stageTable(into)} AS SELECT (row_number() OVER ())::int AS _fid, u.* FROM (${selects.join(' UNION ALL ')}) AS u`,
  );
  await sql.unsafe(`ALTER TABLE ${stageTable(into)} ADD PRIMARY KEY (_fid)`);
  for (const table of tables) await sql.unsafe(`DROP TABLE IF EXISTS ${stageTable(table)}`);
}
