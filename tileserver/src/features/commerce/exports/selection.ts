// The parcels of an export selection as SQL: the parcels of a place (parcels_in_place, the selection
// insights and the store use too), with the project's filters (compiled by the sources compiler, values read from the
// definition as data), an optional focus area, or the hand-picked parcels of the place. The definition comes either bound as $1 (counts,
// checks) or from the exports row the job makes the file of, so ogr2ogr's SQL holds no request value.
import { canSeeTier, type Level } from '@parcel-map/contracts/levels';
import { parcelFields } from '@parcel-map/contracts/parcel-fields';
import { compileParts } from '../../../tiles/definition/compile.ts';
import type { SourceDefinition } from '@parcel-map/contracts/map/source-definition';
import type { DatasetTable } from './datasets.ts';

export interface SelectionDefinition {
  query: { parcel: true; path: string; filters: SourceDefinition['query']['filters'] };
  focus_area_id?: number;
  /** Hand-picked parcel paths: the selection is exactly those of them inside the place. */
  parcels?: string[];
  /** The file's columns (store products); otherwise the fields of the export's level. */
  fields?: string[];
  /** Dataset tables exported beside the parcels, each its own table or file (datasets.ts). */
  datasets?: DatasetTable[];
}

export type DefinitionFrom = { bound: true } | { exportId: number };

export function defSource(from: DefinitionFrom): string {
  if ('bound' in from) return '(SELECT $1::text::jsonb AS d) def';
  if (!Number.isSafeInteger(from.exportId)) throw new Error('export ids are integers');
  return `(SELECT definition AS d FROM exports WHERE id = ${from.exportId}) def`;
}

/**
 * SELECT ... FROM ... WHERE for the selection; `select` is written by our code only. The statement
 * starts with SELECT (no WITH): GDAL's PostgreSQL driver reads only a SELECT through a cursor, and
 * holds any other statement's whole result in memory (9 GB for the 1M-parcel county, bench/README.md).
 */
export function selectionSql(definition: SelectionDefinition, from: DefinitionFrom, select: string, tail = ''): string {
  const { params, where } = compileParts({
    query: { parcel: true, path: definition.query.path, filters: definition.query.filters ?? {} },
    fields: [],
    styles: [],
  });
  const scope = ["(d->'query'->>'path') AS place_path", "(d->>'focus_area_id')::bigint AS focus_id"];
  const focus = definition.focus_area_id !== undefined;
  // Hand-picked parcels are joined as a set on the path (security review N4): a per-row `= ANY` over
  // every parcel of the place cost picks x parcels (10-20 s for 5,000 picks). DISTINCT keeps a repeated
  // path from doubling a row.
  const picked = definition.parcels !== undefined;
  if (picked) scope.push("ARRAY(SELECT DISTINCT jsonb_array_elements_text(d->'parcels')) AS picked");
  // OFFSET 0 keeps the one-row params subquery from being flattened into the parcel scan.
  return `SELECT ${select}
FROM (SELECT ${['1 AS one', ...scope, ...params].join(', ')} FROM ${defSource(from)} OFFSET 0) params${focus ? '\n  CROSS JOIN LATERAL (SELECT f.geom FROM focus_areas f WHERE f.id = params.focus_id) focus' : ''}
  CROSS JOIN LATERAL parcels_in_place(params.place_path) p${picked ? '\n  JOIN LATERAL unnest(params.picked) AS picked(path) ON p.path = picked.path' : ''}
WHERE true${focus ? '\n  AND parcel_in_shape(p.geom, focus.geom)' : ''}${where.map((w) => `\n  AND ${w}`).join('')}
${tail}`;
}

/** The parcel columns a level may export, in catalog order (premium tiers only for levels that see them). */
export function exportFields(level: Level | 'standard' | 'premium'): string[] {
  if (level === 'premium') return parcelFields.map((f) => f.name);
  const seen: Level = level === 'standard' ? 'free' : level;
  return parcelFields.filter((f) => canSeeTier(seen, f.tier)).map((f) => f.name);
}

/** A file's catalog columns as SQL over `p` (uuid as text; csv_safe text for spreadsheets), in catalog order. */
export function fileColumnList(
  level: Parameters<typeof exportFields>[0],
  fields?: string[],
  spreadsheet = false,
): { name: string; kind: string; sql: string }[] {
  const byName = new Map(parcelFields.map((f) => [f.name, f]));
  // Stored field lists are checked against the catalog again: only catalog identifiers reach SQL text.
  const names = fields ? fields.filter((f) => byName.has(f)) : exportFields(level);
  return names.map((name) => {
    const field = byName.get(name)!;
    const sql =
      field.sqlType === 'uuid'
        ? `p."${name}"::text AS "${name}"`
        : spreadsheet && field.kind === 'text'
          ? `csv_safe(p."${name}") AS "${name}"`
          : `p."${name}"`;
    return { name, kind: field.kind, sql };
  });
}

/**
 * The SELECT list of a file: catalog columns (uuid as text) and the geometry in EPSG:4326; with
 * `spreadsheet`, text columns pass the spreadsheet-formula guard (csv_safe) for csv files.
 */
export function fileColumns(level: Parameters<typeof exportFields>[0], fields?: string[], spreadsheet = false): string {
  return [...fileColumnList(level, fields, spreadsheet).map((c) => c.sql), 'p.geom'].join(', ');
}
