// The Review Your Data modal's coverage: how full each exported field is in the selection (a sample of
// its first 5,000 parcels, so a county-sized selection answers quickly), the top fields by fill, and
// the human label of each field.
import type { Level } from '@parcel-map/contracts/levels';
import type { Sql } from '../../../db/client.ts';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { exportFields, selectionSql, type SelectionDefinition } from './selection.ts';

export const coverageSample = 5000;

export interface ExportCoverage {
  path: string;
  sampled: number;
  coverage_fields: { name: string; percent: number }[];
  top_fields: { name: string; percent: number }[];
  schema: Record<string, string>;
}

/** `sample`: the parcels counted (the first ones of the selection); null counts every parcel. */
export async function exportCoverage(
  sql: Sql,
  definition: SelectionDefinition,
  level: Level,
  sample: number | null = coverageSample,
): Promise<ExportCoverage> {
  const fields = exportFields(level);
  // Catalog identifiers only; the sample's values never leave the database.
  const counts = fields.map((name, i) => `count(s."${name}")::int AS c${i}`).join(', ');
  const inner = selectionSql(
    definition,
    { bound: true },
    fields.map((f) => `p."${f}"`).join(', '),
    sample === null ? '' : `LIMIT ${Math.floor(sample)}`,
  );
  const [row] = await sql.unsafe<Record<string, number>[]>(`SELECT count(*)::int AS n, ${counts} FROM (${inner}) s`, [
    JSON.stringify(definition),
  ]);
  const n = row?.n ?? 0;
  const coverage = fields.map((name, i) => ({
    name,
    percent: n === 0 ? 0 : Math.round((1000 * (row![`c${i}`] ?? 0)) / n) / 10,
  }));
  const labels = new Map(parcelFields.map((f) => [f.name, f.label]));
  return {
    path: definition.query.path,
    sampled: n,
    coverage_fields: coverage,
    top_fields: [...coverage].sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name)).slice(0, 10),
    schema: Object.fromEntries(fields.map((f) => [f, labels.get(f) ?? f])),
  };
}
