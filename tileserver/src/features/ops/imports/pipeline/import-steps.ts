// The steps of an import shared by a one-place run and a run over a state or the country
// (import-region.ts): the run's phase and progress, the refusal of places that already hold parcels,
// and the mapping chosen once for the staged table.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Sql } from '@parcel-map/tileserver/db/client';
import type { ImportOptions, ImportProgress } from './import-parcels.ts';
import { columnsOf, mappingProblems, mappingSchema, parcelCatalog, type Mapping } from './mapping.ts';
import { ImportInputError } from './ogr.ts';
import { proposeMapping, type Proposal } from './propose.ts';
import { sourceColumns } from './stage-checks.ts';

/** The proposal's place beside the file: parcels.zip -> parcels.mapping.json. */
export function mappingPathFor(file: string): string {
  const path = resolve(file);
  return join(dirname(path), `${basename(path, extname(path))}.mapping.json`);
}

export const importSource = (place: string) => `import:${place}`;

/** Where an import is: the phase named in a lost-connection message, and whether its parcels committed. */
export interface RunState {
  phase: string;
  committed: boolean;
}

/** Progress for the whole run; each report also names the phase a lost connection is reported in. */
export function progressReporter(
  options: Pick<ImportOptions, 'progress'>,
  run: RunState,
  started: number,
  features: number,
  extra: () => Partial<ImportProgress> = () => ({}),
): (phase: string, rows: number, total?: number) => void {
  return (phase, rows, total = features) => {
    run.phase = phase;
    options.progress?.({
      phase,
      rows,
      total,
      rowsPerSecond: rows / Math.max(0.001, (performance.now() - started) / 1000),
      ...extra(),
    });
  };
}

/** A place that already has imported parcels takes --replace (a dry run changes nothing, so it may look). */
export async function refuseExisting(sql: Sql, paths: string[], options: Pick<ImportOptions, 'replace' | 'dryRun'>) {
  if (options.replace || options.dryRun || paths.length === 0) return;
  const rows = await sql<{ source: string; n: number }[]>`
    SELECT source, count(*)::int AS n FROM parcels WHERE source IN ${sql(paths.map(importSource))} GROUP BY source ORDER BY source`;
  if (rows.length === 0) return;
  const named = rows.map((r) => `${r.source.replace(/^import:/, '')} already has ${r.n} imported parcels`);
  throw new ImportInputError(`${named.join('; ')}; add --replace to swap them for this file`);
}

export interface StagedMapping {
  mapping: Mapping;
  mappingFile: string | null;
  proposal: Proposal | null;
  catalog: Awaited<ReturnType<typeof parcelCatalog>>;
  unmappedColumns: string[];
  warnings: string[];
}

/** The mapping for a staged table: the given or edited file, else a proposal written beside the data. */
export async function chooseStagedMapping(sql: Sql, table: string, options: ImportOptions): Promise<StagedMapping> {
  const catalog = await parcelCatalog(sql);
  const columns = await sourceColumns(sql, table);
  const { mapping, mappingFile, proposal } = chooseMapping(options, columns, catalog);
  const mapped = new Set(Object.values(mapping).flatMap(columnsOf));
  const unmappedColumns = columns.map((c) => c.name).filter((c) => !mapped.has(c));
  const problems = mappingProblems(
    mapping,
    catalog,
    columns.map((c) => c.name),
  );
  if (problems.length > 0) throw new ImportInputError(`the mapping does not fit:\n  ${problems.join('\n  ')}`);
  if (proposal) options.log(`proposed mapping written to ${mappingFile}: edit it and import again with --mapping`);
  const warnings = mapping.parcelnumb ? [] : ['no parcelnumb mapped: parcel ids come from each geometry'];
  return { mapping, mappingFile: proposal ? mappingFile : null, proposal, catalog, unmappedColumns, warnings };
}

function chooseMapping(
  options: ImportOptions,
  columns: Awaited<ReturnType<typeof sourceColumns>>,
  catalog: Awaited<ReturnType<typeof parcelCatalog>>,
) {
  const file = options.mappingFile ?? mappingPathFor(options.file);
  // A mapping file (given, or a proposal the user edited beside the data) wins over a new proposal.
  if (options.mappingFile || existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new ImportInputError(
        `${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const mapping = mappingSchema.safeParse(parsed);
    if (!mapping.success)
      throw new ImportInputError(
        `${file}: ${mapping.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    return { mapping: mapping.data, mappingFile: file, proposal: null };
  }
  // Only the mapping goes to the file, so the importer reads it back as it is; the reasons are reported.
  const proposal = proposeMapping(columns, catalog);
  writeFileSync(file, `${JSON.stringify(proposal.mapping, null, 2)}\n`);
  return { mapping: proposal.mapping, mappingFile: file, proposal };
}
