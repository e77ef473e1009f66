// The field mapping of an import: schema field -> source expression (a column, a concatenation, a
// constant, a code table), validated against the parcels table's own catalog, and compiled into SQL
// whose column names, constants and code tables are bound parameters, never SQL text.
import { z } from 'zod';
import { date, num, year } from '../../../../data/sql-fragments.ts';
import type { Db } from '../../../../data/staging.ts';

export const sourceExpression = z.union([
  z.string().min(1),
  z.strictObject({ column: z.string().min(1), codes: z.record(z.string(), z.string()).optional() }),
  z.strictObject({ concat: z.array(z.string().min(1)).min(1), separator: z.string().default(' ') }),
  z.strictObject({ const: z.union([z.string(), z.number(), z.boolean()]) }),
]);
export type SourceExpression = z.infer<typeof sourceExpression>;
export const mappingSchema = z.record(z.string(), sourceExpression);
export type Mapping = Record<string, SourceExpression>;

export type FieldType = 'text' | 'integer' | 'number' | 'date' | 'boolean';
export type Catalog = Map<string, FieldType>;

// Fields the import computes itself (geometry, place, identity, areas): a mapping may not set them.
const computed = new Set([
  'id',
  'path',
  'source',
  'source_id',
  'll_uuid',
  'geom',
  'geom_3857',
  'raw',
  'geoid',
  'state2',
  'county',
  'city',
  'lat',
  'lon',
  'll_gisacre',
  'll_gissqft',
  'll_last_refresh',
  'll_updated_at',
  'ogc_fid',
]);

/** The mappable parcel fields and their types, read from the database (the schema catalog). */
export async function parcelCatalog(db: Db): Promise<Catalog> {
  const rows = await db<{ name: string; type: string }[]>`
    SELECT column_name AS name, data_type AS type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'parcels' ORDER BY ordinal_position`;
  const catalog: Catalog = new Map();
  for (const { name, type } of rows) {
    if (computed.has(name)) continue;
    const kind: FieldType | null =
      type === 'text'
        ? 'text'
        : type === 'integer' || type === 'bigint'
          ? 'integer'
          : type === 'double precision' || type === 'numeric'
            ? 'number'
            : type === 'date'
              ? 'date'
              : type === 'boolean'
                ? 'boolean'
                : null;
    if (kind) catalog.set(name, kind);
  }
  return catalog;
}

/** Problems of a mapping: unknown schema fields, columns the source lacks. Empty when valid. */
export function mappingProblems(mapping: Mapping, catalog: Catalog, columns: string[]): string[] {
  const have = new Set(columns);
  const problems: string[] = [];
  for (const [field, expr] of Object.entries(mapping)) {
    if (!catalog.has(field)) problems.push(`${field} is not a field of the parcel schema that an import can set`);
    for (const column of columnsOf(expr))
      if (!have.has(column)) problems.push(`${field}: the source has no column "${column}"`);
  }
  return problems;
}

export function columnsOf(expr: SourceExpression): string[] {
  if (typeof expr === 'string') return [expr];
  if ('column' in expr) return [expr.column];
  if ('concat' in expr) return expr.concat;
  return [];
}

export function describe(expr: SourceExpression): string {
  if (typeof expr === 'string') return expr;
  if ('column' in expr)
    return expr.codes ? `${expr.column} (code table of ${Object.keys(expr.codes).length})` : expr.column;
  if ('concat' in expr) return expr.concat.join(` + ${JSON.stringify(expr.separator ?? ' ')} + `);
  return `constant ${JSON.stringify(expr.const)}`;
}

/** Collects bound parameters; $1-$n are taken by the caller's own parameters. */
export class Params {
  readonly values: unknown[];
  constructor(initial: unknown[]) {
    this.values = [...initial];
  }
  add(value: unknown, cast = 'text'): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

/** The trimmed text of a source column of row alias `row`, NULL when blank. */
function column(row: string, name: string, params: Params): string {
  return `NULLIF(btrim(${row}.properties->>${params.add(name)}), '')`;
}

/** The source value as text: what fill counts and samples are taken from. */
export function rawSql(expr: SourceExpression, row: string, params: Params): string {
  if (typeof expr === 'string') return column(row, expr, params);
  if ('column' in expr) {
    const value = column(row, expr.column, params);
    return expr.codes ? `coalesce(${params.add(JSON.stringify(expr.codes), 'jsonb')}->>${value}, ${value})` : value;
  }
  if ('concat' in expr) {
    const parts = expr.concat.map((c) => column(row, c, params));
    return `NULLIF(concat_ws(${params.add(expr.separator ?? ' ')}, ${parts.join(', ')}), '')`;
  }
  return `NULLIF(${params.add(String(expr.const))}, '')`;
}

// Numbers as counties write them: thousands separators, dollar signs and blanks are dropped first.
export const cleanNumber = (expr: string) => `NULLIF(regexp_replace(${expr}, '[$,[:space:]]', '', 'g'), '')`;

/** The date-shaped prefixes anyDate reads: US MM/DD/YYYY and ISO (YYYY-MM-DD or YYYYMMDD). */
export const usDatePrefix = (expr: string) => `substring(${expr} FROM '^([0-9]{1,2}/[0-9]{1,2}/[0-9]{4})')`;
export const isoDatePrefix = (expr: string) => `substring(${expr} FROM '^([0-9]{4}-?[0-9]{2}-?[0-9]{2})')`;

/**
 * Parts of a typed value computed beforehand (import_values): the cleaned number, the date prefixes.
 * Inline, each is repeated inside the cast expression and evaluated once per use.
 */
export interface TypedParts {
  clean?: string;
  us?: string;
  iso?: string;
}

/**
 * Dates in the three shapes county files use: ISO (2019-05-01, with or without a time), YYYYMMDD and
 * US MM/DD/YYYY; the shipped loaders' date() checks each one (impossible dates become NULL).
 */
function anyDate(expr: string, parts: TypedParts = {}): string {
  const us = parts.us ?? usDatePrefix(expr);
  const iso = parts.iso ?? isoDatePrefix(expr);
  const fromUs = `(split_part(${us}, '/', 3) || lpad(split_part(${us}, '/', 1), 2, '0') || lpad(split_part(${us}, '/', 2), 2, '0'))`;
  return `(CASE WHEN ${us} IS NOT NULL THEN ${date(fromUs)} WHEN ${iso} IS NOT NULL THEN ${date(iso)} END)`;
}

/** The typed value of a schema field: tolerant casts, so a bad value becomes NULL (and is counted). */
export function typedSql(field: string, type: FieldType, raw: string, parts: TypedParts = {}): string {
  const clean = parts.clean ?? cleanNumber(raw);
  switch (type) {
    case 'text':
      return raw;
    case 'integer':
      // Out-of-range values become NULL rather than failing the INSERT.
      return field === 'yearbuilt'
        ? year(clean)
        : `(CASE WHEN abs(${num(clean)}) < 2e9 THEN round(${num(clean)})::integer END)`;
    case 'number':
      return num(clean);
    case 'date':
      return anyDate(raw, parts);
    case 'boolean':
      return `(CASE WHEN upper(${raw}) IN ('Y', 'YES', 'T', 'TRUE', '1') THEN true WHEN upper(${raw}) IN ('N', 'NO', 'F', 'FALSE', '0') THEN false END)`;
  }
}
