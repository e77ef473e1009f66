// npm run import -- <file|folder|.zip> --place /us[/{state}[/{county}[/{city}]]] [--mapping m.json] [--dry-run]
// [--replace] [--srs EPSG:nnnn] [--layer name] [--join table:key | --no-join] [--outside-max-m 2000]: one county's parcel file into the parcel schema, with a
// progress bar, the proposed mapping, the field-fill report and the check summary. The run is recorded
// as an import started from the command line, so the admin imports page lists it too.
import { parseArgs } from 'node:util';
import { loadConfig } from '@parcel-map/tileserver/config';
import { prepareDatabase, withDb } from '@parcel-map/tileserver/db/prepare';
import { info, step } from '@parcel-map/tileserver/system/progress';
import { runCommandLineImport } from '@parcel-map/tileserver/features/ops/imports/runner';
import type { ImportProgress } from '../features/ops/imports/pipeline/import-parcels.ts';
import { ensureGdal, ImportInputError } from '../features/ops/imports/pipeline/ogr.ts';
import { formatRegionSummary, isRegionReport } from '../features/ops/imports/pipeline/import-region.ts';
import { formatReport } from '../features/ops/imports/pipeline/report.ts';

const usage = `usage: npm run import -- <file | folder | .zip> --place /us/{state}/{county}[/{city}] [options]
       npm run import -- <statewide or national file | folder or .zip of databases> --place /us/{state} | /us [options]
  --place           a county or city; or a state or the country: parcels are then placed in their county by
                    location, in their city by the town column (or city boundaries), each place swapped on its own
  --mapping m.json  schema field -> source column/expression (without it a proposal is written beside the file)
  --dry-run         stage, check and report; change nothing
  --replace         swap the place's previously imported parcels for this file (atomically)
  --srs EPSG:nnnn   the file's CRS when it has none (CSV, a shapefile without .prj)
  --layer name      the layer to import when the file or folder has several polygon layers
                    (default: the only polygon layer, the one named like parcels: TaxPar, tax_parcels,
                    parcel_poly, PARCELS..., or the one far more numerous than the others)
  --join table:key  the attribute table joined to the parcel layer and its key column (default: the
                    non-spatial table sharing a key such as LOC_ID, PARCEL_ID, PID, MAP_PAR_ID that
                    matches at least half the polygons; the match rate is printed)
  --no-join         import the parcel layer without its attribute table
  --outside-max-m N parcels whose inside point is outside the place are kept (and reported) up to N metres
                    from its boundary, refused beyond (default IMPORT_OUTSIDE_MAX_M, 2000)
A folder holding an unzipped Shapefile's parts (or one parcel file) is read like the file.
A CSV needs a WKT column: lat/lon columns alone are points, and are refused.
A zip as published (a .gdb or a shapefile set inside a folder) is opened where the data is.
Condominiums (several attribute rows per polygon) keep the polygon once, the unit rows in its raw record.
Curves are linearised, 3D/measured outlines flattened; lot sizes converted to square feet (LOT_SQFT) by
their unit column (LOT_UNITS) or by their ratio to the polygons' areas. GDAL opens only the parcel
formats (Shapefile, File Geodatabase, GeoPackage, GeoJSON, CSV, FlatGeobuf, KML, GML, MapInfo): no VRT, no network.
`;

function progressBar(): (p: ImportProgress) => void {
  let last = '';
  const tty = process.stdout.isTTY;
  return (p) => {
    const fraction = p.total > 0 ? Math.min(1, p.rows / p.total) : 0;
    const bar = '#'.repeat(Math.round(fraction * 30)).padEnd(30, '-');
    // A run over many places names the place and how many are done.
    const place = p.places ? ` ${p.placesDone ?? 0}/${p.places} places (${p.place})` : '';
    const line = `  ${p.phase.padEnd(9)} [${bar}] ${p.rows.toLocaleString('en-US')}/${Math.max(p.total, 0).toLocaleString('en-US')} rows, ${Math.round(p.rowsPerSecond).toLocaleString('en-US')} rows/s${place}`;
    if (tty) process.stdout.write(`\r${line}${p.phase === 'done' ? '\n' : ''}`);
    else if (`${p.phase}${place}` !== last) process.stdout.write(`${line}\n`);
    last = `${p.phase}${place}`;
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      place: { type: 'string' },
      mapping: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      replace: { type: 'boolean', default: false },
      srs: { type: 'string' },
      layer: { type: 'string' },
      join: { type: 'string' },
      'no-join': { type: 'boolean', default: false },
      'outside-max-m': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help || positionals.length !== 1 || !values.place) {
    process.stdout.write(usage);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const outsideMaxMeters =
    values['outside-max-m'] === undefined ? config.IMPORT_OUTSIDE_MAX_M : Number(values['outside-max-m']);
  if (!Number.isFinite(outsideMaxMeters) || outsideMaxMeters < 0) {
    process.stderr.write(`--outside-max-m takes a distance in metres (0 or more), got ${values['outside-max-m']}\n`);
    process.exitCode = 2;
    return;
  }
  ensureGdal(info);
  let done = step('Preparing the database');
  const db = await prepareDatabase(config, info);
  done();
  done = step(`${values['dry-run'] ? 'Checking' : 'Importing'} ${positionals[0]} into ${values.place}`);
  const { id, report } = await withDb(db.ownerUrl, (sql) =>
    runCommandLineImport(sql, db.ownerUrl, {
      file: positionals[0]!,
      place: values.place!,
      mappingFile: values.mapping,
      dryRun: values['dry-run'],
      replace: values.replace,
      srs: values.srs,
      layer: values.layer,
      join: values.join,
      noJoin: values['no-join'],
      outsideMaxMeters,
      log: info,
      progress: progressBar(),
    }),
  );
  done();
  info(`recorded as import ${id} on the admin imports page`);
  if (isRegionReport(report)) {
    for (const one of report.places) process.stdout.write(`\n${formatReport(one)}`);
    process.stdout.write(`\n${formatRegionSummary(report)}`);
  } else process.stdout.write(formatReport(report));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`\nImport failed: ${message}\n`);
  if (!(error instanceof ImportInputError) && error instanceof Error && error.stack)
    process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
