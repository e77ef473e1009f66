// Compiles a parsed ArcGIS where clause (where-parser.ts) into a postgres.js fragment over one layer's
// field catalogue: a field name becomes a quoted column only when the caller's fields list it (else 400
// naming it), every value is a bound parameter typed by the field's kind, and nothing of the text is
// passed through.
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { objectIdField, type LayerField } from './layers.ts';
import { fieldsOf, parseWhere, WhereError, type Literal, type WhereNode } from './where-parser.ts';

// A query fragment (postgres.js PendingQuery) composed into a statement, never run alone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Fragment = any;

/** Fragments joined by commas (a select list, an IN list, an ORDER BY). */
export function joinFragments(sql: Sql, parts: Fragment[]): Fragment {
  return parts.slice(1).reduce((all: Fragment, part: Fragment) => sql`${all}, ${part}`, parts[0]);
}

/** The caller's fields of a layer by lower-cased name, OBJECTID included. */
export type FieldIndex = ReadonlyMap<string, LayerField>;

export function fieldIndex(fields: readonly LayerField[]): FieldIndex {
  return new Map([objectIdField, ...fields].map((f) => [f.name.toLowerCase(), f]));
}

/** The column of a field on the layer's alias `t` (OBJECTID is the table's id). */
export function columnOf(sql: Sql, field: LayerField): Fragment {
  const column = sql(`t.${field.name === 'OBJECTID' ? 'id' : field.name}`);
  return field.uuid ? sql`${column}::text` : column;
}

/** A 400 in the where clause, with what was wrong as its detail. */
export function badWhere(detail: string): ApiError {
  return new ApiError('BAD_REQUEST', "'where' parameter is invalid", { details: [detail] });
}

const datePattern = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?$/;

/** A literal as the field's kind wants it; 400 when it cannot be one. */
function valueFor(field: LayerField, value: Literal): string | number | boolean {
  switch (field.kind) {
    case 'text':
      return String(value);
    case 'integer':
    case 'number': {
      const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(n)) throw badWhere(`${field.name} is numeric; ${JSON.stringify(value)} is not a number`);
      return n;
    }
    case 'boolean':
      if (value === 1 || value === 0) return value === 1;
      if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
      throw badWhere(`${field.name} takes 1 or 0`);
    case 'date':
      if (typeof value !== 'string' || !datePattern.test(value) || Number.isNaN(Date.parse(value)))
        throw badWhere(`${field.name} is a date; write DATE 'yyyy-mm-dd'`);
      return value;
  }
}

/** The field's column, cast so a bound value of its kind compares with it. */
function typed(sql: Sql, field: LayerField, column: Fragment): Fragment {
  switch (field.kind) {
    case 'integer':
    case 'number':
      return sql`${column}::double precision`;
    case 'boolean':
      return sql`${column}::boolean`;
    case 'date':
      return sql`${column}::timestamp`;
    default:
      return sql`${column}::text`;
  }
}

function bound(sql: Sql, field: LayerField, value: string | number | boolean): Fragment {
  switch (field.kind) {
    case 'integer':
    case 'number':
      return sql`${value}::double precision`;
    case 'boolean':
      return sql`${value}::boolean`;
    case 'date':
      return sql`${value}::timestamp`;
    default:
      return sql`${value}::text`;
  }
}

const operators: Record<string, (sql: Sql, a: Fragment, b: Fragment) => Fragment> = {
  '=': (sql, a, b) => sql`${a} = ${b}`,
  '<>': (sql, a, b) => sql`${a} <> ${b}`,
  '<': (sql, a, b) => sql`${a} < ${b}`,
  '<=': (sql, a, b) => sql`${a} <= ${b}`,
  '>': (sql, a, b) => sql`${a} > ${b}`,
  '>=': (sql, a, b) => sql`${a} >= ${b}`,
};

function compile(sql: Sql, node: WhereNode, fields: FieldIndex): Fragment {
  if (node.kind === 'const') return node.value ? sql`true` : sql`false`;
  if (node.kind === 'and' || node.kind === 'or') {
    const [left, right] = [compile(sql, node.left, fields), compile(sql, node.right, fields)];
    return node.kind === 'and' ? sql`(${left} AND ${right})` : sql`(${left} OR ${right})`;
  }
  if (node.kind === 'not') return sql`(NOT ${compile(sql, node.operand, fields)})`;
  const field = fields.get(node.field.toLowerCase())!;
  const column = typed(sql, field, columnOf(sql, field));
  switch (node.kind) {
    case 'compare':
      return operators[node.op]!(sql, column, bound(sql, field, valueFor(field, node.value)));
    case 'in': {
      const list = node.values.map((v) => bound(sql, field, valueFor(field, v)));
      const joined = joinFragments(sql, list);
      return node.negated ? sql`${column} NOT IN (${joined})` : sql`${column} IN (${joined})`;
    }
    case 'like': {
      // Without an ESCAPE clause, ESCAPE '' makes % and _ the only special characters, as ArcGIS
      // documents LIKE; with one, its character (bound) makes the next % or _ literal.
      const text = sql`${columnOf(sql, field)}::text`;
      const escape = node.escape === undefined ? sql`''` : sql`${node.escape}::text`;
      return node.negated
        ? sql`${text} NOT LIKE ${node.pattern}::text ESCAPE ${escape}`
        : sql`${text} LIKE ${node.pattern}::text ESCAPE ${escape}`;
    }
    case 'null':
      return node.negated ? sql`${columnOf(sql, field)} IS NOT NULL` : sql`${columnOf(sql, field)} IS NULL`;
  }
}

/** Parses, checks and compiles a where clause: a fragment over alias `t`, or a 400 in ArcGIS's words. */
export function whereSql(sql: Sql, text: string | undefined, fields: FieldIndex): Fragment {
  let tree: WhereNode;
  try {
    tree = parseWhere(text ?? '');
  } catch (error) {
    if (error instanceof WhereError) throw badWhere(error.message);
    throw error;
  }
  const unknown = [...new Set(fieldsOf(tree).filter((name) => !fields.has(name.toLowerCase())))];
  if (unknown.length) throw badWhere(`Fields not in this layer for your plan: ${unknown.join(', ')}`);
  return compile(sql, tree, fields);
}
