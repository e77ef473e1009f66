// An operator's own building, contour, land cover, open space or spot elevation file into its map layer
// (`npm run import-layer`): GDAL reads any format it knows (ogrinfo picks the layer, ogr2ogr reprojects to
// EPSG:4326), then the rows take the parcel loaders' path, the staging COPY and set-based repair of
// data/staging.ts, and are inserted into the layer's table in one transaction that also bumps the layer's
// version, so tiles turn over. Every check that can refuse the file runs before anything is written.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { spawnTiedChild } from '@parcel-map/tileserver/system/tied-child';
import { transaction, type Sql } from '../../../../db/client.ts';
import type { Feature } from '../../../../data/read-geojson.ts';
import { decimal, prop } from '../../../../data/sql-fragments.ts';
import { createStaging, geometryProblem, skipWhere, stageFeatures, type Db } from '../../../../data/staging.ts';
import {
  chooseFields,
  describeChoice,
  importableLayers,
  layerImportSpecs,
  mappedValues,
  type FieldChoice,
  type ImportableLayer,
} from './layer-fields.ts';
import { gdalEnv } from './gdal-env.ts';
import { ImportInputError, StderrTail, inspectSource } from './ogr.ts';

export interface LayerImportOptions {
  file: string;
  layer: string;
  /** The rows' `source`; defaults to import:<file name>. */
  source?: string;
  /** Swap the source's previous rows for the file's; without it a source that has rows is refused. */
  replace?: boolean;
  log?: (line: string) => void;
}

export interface LayerImportSummary {
  layer: ImportableLayer;
  table: string;
  source: string;
  read: number;
  loaded: number;
  repaired: number;
  replaced: number;
  /** reason -> rows */
  skipped: Record<string, number>;
  /** column <- field lines, as printed. */
  fields: string[];
}

const geometryWords = { polygon: 'polygons', line: 'lines', point: 'points' } as const;

export function sourceName(file: string, given?: string): string {
  const name = given ?? `import:${basename(file, extname(file))}`;
  const clean = name.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,79}$/.test(clean))
    throw new ImportInputError(
      `--source ${JSON.stringify(name)}: use 1-80 letters, digits and _ . : - (starting with a letter or digit)`,
    );
  return clean;
}

/** ogr2ogr of the chosen layer to GeoJSON in EPSG:4326, 2D, read back as features. */
async function readWithGdal(file: string, log: (line: string) => void): Promise<Feature[]> {
  const source = await inspectSource(file);
  log(`reading ${source.layer} (${source.geometryType}, ${source.features} features; ${source.choice})`);
  const dir = mkdtempSync(join(tmpdir(), 'import-layer-'));
  try {
    const out = join(dir, 'layer.geojson');
    const args = [
      '-f',
      'GeoJSON',
      out,
      ...source.openOptions.flatMap((o) => ['-oo', o]),
      source.dataset,
      source.layer,
      '-t_srs',
      'EPSG:4326',
      '-dim',
      'XY',
      '-nlt',
      'CONVERT_TO_LINEAR',
    ];
    await new Promise<void>((done, fail) => {
      const child = spawnTiedChild('ogr2ogr', args, gdalEnv());
      const stderr = new StderrTail();
      child.stdout.resume();
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.add(chunk));
      child.on('error', (error) => fail(new ImportInputError(`could not run ogr2ogr: ${error.message}`)));
      child.on('close', (code) =>
        code === 0
          ? done()
          : fail(new ImportInputError(`ogr2ogr failed: ${stderr.lastLines(3).join(' ') || `exit ${code}`}`)),
      );
    });
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { features?: Feature[] };
    return doc.features ?? [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Refuses a file the layer cannot take: no features, no geometry at all, none of the layer's kind, no required field. */
function checkFile(layer: ImportableLayer, file: string, features: Feature[], choices: FieldChoice[]): void {
  const spec = layerImportSpecs[layer];
  if (features.length === 0) throw new ImportInputError(`${file} holds no features`);
  const withGeometry = features.filter((f) => f.geometry);
  if (withGeometry.length === 0) throw new ImportInputError(`${file} has no geometry: the ${layer} layer needs it`);
  if (withGeometry.every((f) => geometryProblem(f.geometry!, spec.geometry)?.startsWith('unsupported'))) {
    const types = [...new Set(withGeometry.map((f) => f.geometry!.type))].join(', ');
    throw new ImportInputError(
      `${file} holds ${types} geometries: the ${layer} layer takes ${geometryWords[spec.geometry]}`,
    );
  }
  for (const choice of choices) {
    if (choice.required && !choice.field) {
      const candidates = spec.fields.find((f) => f.column === choice.column)!.candidates.map((c) => c.name);
      const fields = [...new Set(features.flatMap((f) => Object.keys(f.properties ?? {})))];
      throw new ImportInputError(
        `${file} has no ${choice.label} field: name one of ${candidates.join(', ')} (any case); its fields: ${fields.join(', ') || 'none'}`,
      );
    }
  }
}

export async function importLayerFile(sql: Sql, options: LayerImportOptions): Promise<LayerImportSummary> {
  const log = options.log ?? (() => {});
  if (!(importableLayers as readonly string[]).includes(options.layer))
    throw new ImportInputError(`unknown layer ${options.layer}: one of ${importableLayers.join(', ')}`);
  const layer = options.layer as ImportableLayer;
  const spec = layerImportSpecs[layer];
  const source = sourceName(options.file, options.source);
  const features = await readWithGdal(options.file, log);
  const fileFields = [...new Set(features.slice(0, 1000).flatMap((f) => Object.keys(f.properties ?? {})))];
  const choices = chooseFields(spec, fileFields);
  checkFile(layer, options.file, features, choices);
  const fields = choices.map(describeChoice);
  for (const line of fields) log(`field ${line}`);

  return transaction(sql, async (tx) => {
    const db = tx as unknown as Db;
    const [existing] = await db.unsafe(`SELECT count(*)::int AS n FROM ${spec.table} WHERE source = $1`, [source]);
    const previous = Number(existing?.n ?? 0);
    if (previous > 0 && !options.replace)
      throw new ImportInputError(
        `${spec.table} already holds ${previous} rows from source ${source}: add --replace to swap them for this file`,
      );
    await createStaging(db);
    log(`staging ${features.length.toLocaleString('en-US')} features`);
    await stageFeatures(db, source, features, {
      geometry: spec.geometry,
      derive: (properties) => mappedValues(choices, properties),
      repair: 'structure',
    });
    // A feature of another geometry kind among the right ones is skipped under its own reason.
    await db.unsafe(
      `UPDATE load_staging SET skip_reason = 'wrong_geometry_type'
       WHERE source = $1 AND derived->>'_geometry_problem' LIKE 'unsupported geometry type%'`,
      [source],
    );
    for (const choice of choices) {
      const value = decimal(prop('derived', choice.column));
      if (choice.required)
        await skipWhere(
          db,
          source,
          `missing_${choice.label.replace(/ /g, '_')}`,
          `${prop('derived', choice.column)} IS NULL`,
        );
      if (choice.positive)
        await skipWhere(db, source, `nonpositive_${choice.label.replace(/ /g, '_')}`, `${value} <= 0`);
    }
    const columns = choices.map((c) => c.column);
    const expressions = choices.map((c) =>
      c.kind === 'number' ? decimal(prop('derived', c.column)) : prop('derived', c.column),
    );
    const constants = Object.entries(spec.constants ?? {});
    const names = [...columns, ...constants.map(([k]) => k)];
    const values = [...expressions, ...constants.map(([, v]) => v)];
    const to3857 = spec.geometry === 'point' ? 'ST_Transform(geom, 3857)' : 'loader_to_3857(geom)';
    const deleted = await db.unsafe(`DELETE FROM ${spec.table} WHERE source = $1`, [source]);
    log(`inserting into ${spec.table}`);
    const inserted = await db.unsafe(
      `INSERT INTO ${spec.table} (source, ${names.join(', ')}, raw, geom, geom_3857)
       SELECT $1::text, ${values.join(', ')}, properties, geom, ${to3857}
       FROM load_staging WHERE source = $1 AND skip_reason IS NULL RETURNING 1`,
      [source],
    );
    await db`SELECT bump_layer_version(${spec.version})`;
    const counts = await db<{ reason: string | null; n: number; repaired: number }[]>`
      SELECT skip_reason AS reason, count(*)::int AS n, count(*) FILTER (WHERE repaired)::int AS repaired
      FROM load_staging WHERE source = ${source} GROUP BY 1 ORDER BY 1`;
    const skipped: Record<string, number> = {};
    for (const row of counts) if (row.reason) skipped[row.reason] = row.n;
    return {
      layer,
      table: spec.table,
      source,
      read: features.length,
      loaded: inserted.length,
      repaired: counts.reduce((sum, r) => sum + r.repaired, 0),
      replaced: deleted.count,
      skipped,
      fields,
    };
  });
}
