// npm run import-layer -- <file> --layer buildings|contours|land-cover|open-space|spot-elevations
// [--source name] [--replace]: an operator's own layer file (any format GDAL reads) into the map layer's
// table, with the field it used for each column, progress lines and a summary of rows loaded and skipped
// by reason. Runs the same bootstrap as the other scripts (runtime, GDAL, database, migrations).
import { parseArgs } from 'node:util';
import { loadConfig } from '@parcel-map/tileserver/config';
import { prepareDatabase, withDb } from '@parcel-map/tileserver/db/prepare';
import { info, step } from '@parcel-map/tileserver/system/progress';
import { importLayerFile, type LayerImportSummary } from '../features/ops/imports/pipeline/import-layer.ts';
import { importableLayers } from '../features/ops/imports/pipeline/layer-fields.ts';
import { ensureGdal, ImportInputError } from '../features/ops/imports/pipeline/ogr.ts';

const usage = `usage: npm run import-layer -- <file> --layer ${importableLayers.join('|')} [--source name] [--replace]
  --layer name   the map layer the file fills
  --source name  the rows' source (default import:<file name>); the layer keeps other sources' rows
  --replace      swap the rows of this source for the file's (without it, a source that has rows is refused)
Fields are matched by their common names, in any case (buildings: height_ft, TOP_GL, height, height_m ...;
contours and spot elevations: ELEV_FT, ELEV, elevation, CONTOUR, elev_m ...); the fields used are printed.
`;

export function formatSummary(s: LayerImportSummary): string {
  const skipped = Object.entries(s.skipped);
  return [
    `${s.layer}: ${s.loaded.toLocaleString('en-US')} of ${s.read.toLocaleString('en-US')} rows loaded into ${s.table} as source ${s.source}` +
      (s.replaced ? ` (replacing ${s.replaced.toLocaleString('en-US')})` : ''),
    `  repaired geometries: ${s.repaired}`,
    skipped.length
      ? `  skipped: ${skipped.map(([reason, n]) => `${reason} ${n.toLocaleString('en-US')}`).join(', ')}`
      : '  skipped: none',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      layer: { type: 'string' },
      source: { type: 'string' },
      replace: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help || positionals.length !== 1 || !values.layer) {
    process.stdout.write(usage);
    if (!values.help) process.exitCode = 2;
    return;
  }
  ensureGdal(info);
  const config = loadConfig();
  let done = step('Preparing the database');
  const db = await prepareDatabase(config, info);
  done();
  try {
    done = step(`Importing ${positionals[0]} into the ${values.layer} layer`);
    const summary = await withDb(db.ownerUrl, (sql) =>
      importLayerFile(sql, {
        file: positionals[0]!,
        layer: values.layer!,
        source: values.source,
        replace: values.replace,
        log: info,
      }),
    );
    done();
    console.log(formatSummary(summary));
  } finally {
    if (db.cluster?.startedHere) db.cluster.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ImportInputError) console.error(`import-layer: ${error.message}; nothing was changed`);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
