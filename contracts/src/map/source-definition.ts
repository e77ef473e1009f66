// The shape of a source definition ({query, fields, styles}) and its check against the parcel field
// catalog. The check yields a canonical definition (values typed per field, colours normalised) and the
// list of problems; the server turns problems into its 400 (tileserver/src/tiles/definition/validate.ts).
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';
import { parcelFieldsByName, type ParcelField } from '../parcel-fields.ts';

const scalar = z.union([boundedString(500), z.number(), z.boolean()]);
const bound = z.union([z.number(), boundedString(40)]);
const range = z
  .object({ gte: bound.optional(), lte: bound.optional(), gt: bound.optional(), lt: bound.optional() })
  .strict()
  .refine((r) => Object.keys(r).length > 0, 'a range needs at least one of gte, lte, gt, lt');

export const predicates = ['is', 'is not', 'exists', 'gt', 'lt', 'gte', 'lte'] as const;
export type Predicate = (typeof predicates)[number];
const rangePredicates = new Set<string>(['gt', 'lt', 'gte', 'lte']);

const color = boundedString(9).regex(/^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'colours are #rrggbb or #rrggbbaa');

const rule = z
  .object({
    field: boundedString(80).optional(),
    predicate: boundedString(20),
    value: scalar.optional(),
    fill: color,
    line: color,
  })
  .strict();

export const definitionInput = z
  .object({
    query: z
      .object({
        parcel: z.literal(true, 'query.parcel must be true (or the query is {buildings: true} or {zoning: true})'),
        path: boundedString(300).optional(),
        filters: z.record(boundedString(80), z.union([z.array(scalar).min(1).max(1000), range])).optional(),
        owner: boundedString(300).min(1).optional(),
        // The survey whose latest post per parcel gives @status and @user_id (issue 15).
        survey: z
          .number()
          .int()
          .positive()
          .max(2 ** 53 - 1)
          .optional(),
      })
      .strict(),
    // A list of parcel fields, or the widely used shape keyed by table: {"parcel": ["owner", "address"]}.
    fields: z
      .union([z.array(boundedString(80)).max(200), z.object({ parcel: z.array(boundedString(80)).max(200) }).strict()])
      .transform((fields) => (Array.isArray(fields) ? fields : fields.parcel))
      .default([]),
    styles: z.array(rule).max(100).default([]),
  })
  .strict();

export type Scalar = string | number | boolean;
export type FilterValue = Scalar[] | { gte?: Scalar; lte?: Scalar; gt?: Scalar; lt?: Scalar };

export interface StyleRule {
  field?: string;
  predicate: Predicate | 'default';
  value?: Scalar;
  fill: string;
  line: string;
}

export interface SourceDefinition {
  query: { parcel: true; path?: string; filters?: Record<string, FilterValue>; owner?: string; survey?: number };
  fields: string[];
  styles: StyleRule[];
}

/** Fields that are not parcel columns but compare as numbers: a survey's latest post per parcel (query.survey), else null. */
export const numericPseudoFields = new Set(['@status', '@user_id']);

// The spec's defaults: a transparent fill and a purple line when no rule matches.
export const DEFAULT_RULE: StyleRule = { predicate: 'default', fill: '#00000000', line: '#8a2be2ff' };

const pathPattern = /^\/[a-z]{2}(\/[a-z0-9][a-z0-9-]*)*$/;

export interface DefinitionCheck {
  definition: SourceDefinition;
  /** Empty when the definition is valid; otherwise what is wrong, in the order a reader fixes it. */
  problems: string[];
}

/** Checks a posted definition; a body that does not even match the shape throws zod's error. */
export function checkDefinition(body: unknown): DefinitionCheck {
  const input = definitionInput.parse(body);
  const problems: string[] = [];
  const unknown = new Set<string>();
  const fieldOf = (name: string, allowPseudo: boolean): ParcelField | undefined => {
    const field = parcelFieldsByName.get(name);
    if (!field && !(allowPseudo && numericPseudoFields.has(name))) unknown.add(name);
    return field;
  };

  const fields = [...new Set(input.fields)];
  fields.forEach((name) => fieldOf(name, false));

  const query: SourceDefinition['query'] = { parcel: true };
  if (input.query.path !== undefined) {
    if (!pathPattern.test(input.query.path))
      problems.push(
        `query.path ${JSON.stringify(input.query.path)} is not a place path like /us/ma/middlesex/cambridge`,
      );
    query.path = input.query.path;
  }
  if (input.query.owner !== undefined) query.owner = input.query.owner.trim();
  if (input.query.survey !== undefined) query.survey = input.query.survey;
  if (input.query.filters) {
    query.filters = {};
    for (const [name, value] of Object.entries(input.query.filters)) {
      const field = fieldOf(name, false);
      if (!field) continue;
      query.filters[name] = Array.isArray(value)
        ? value.map((v) => typedValue(field, v, `filter ${name}`, problems))
        : typedRange(field, value, problems);
    }
  }

  const styles: StyleRule[] = [];
  input.styles.forEach((raw, index) => {
    const where = `styles[${index}]`;
    if (raw.predicate === 'default') {
      if (index !== input.styles.length - 1) problems.push(`${where}: the default rule must come last`);
      styles.push({ predicate: 'default', fill: normaliseColor(raw.fill), line: normaliseColor(raw.line) });
      return;
    }
    if (!(predicates as readonly string[]).includes(raw.predicate)) {
      problems.push(
        `${where}: unknown predicate ${JSON.stringify(raw.predicate)}; use one of ${predicates.join(', ')}, default`,
      );
      return;
    }
    if (!raw.field) {
      problems.push(`${where}: a ${raw.predicate} rule needs a field`);
      return;
    }
    const predicate = raw.predicate as Predicate;
    const field = fieldOf(raw.field, true);
    const kind = field?.kind ?? (numericPseudoFields.has(raw.field) ? 'number' : undefined);
    if (!kind) return;
    const out: StyleRule = {
      field: raw.field,
      predicate,
      fill: normaliseColor(raw.fill),
      line: normaliseColor(raw.line),
    };
    if (predicate === 'exists') {
      const value = raw.value ?? 'Yes';
      if (value !== 'Yes' && value !== 'No') problems.push(`${where}: exists takes the value Yes or No`);
      out.value = value;
    } else if (rangePredicates.has(predicate)) {
      if (kind !== 'number' && kind !== 'integer')
        problems.push(`${where}: ${predicate} works on numeric fields only, and ${raw.field} is ${kind}`);
      else out.value = numberValue(raw.value, `${where} (${raw.field} ${predicate})`, problems);
    } else if (raw.value === undefined) {
      problems.push(`${where}: ${predicate} needs a value`);
    } else {
      out.value = field ? typedValue(field, raw.value, where, problems) : numberValue(raw.value, where, problems);
    }
    styles.push(out);
  });
  if (styles.length > 0 && styles.at(-1)?.predicate !== 'default') styles.push({ ...DEFAULT_RULE });

  if (unknown.size > 0) problems.unshift(`unknown field${unknown.size > 1 ? 's' : ''}: ${[...unknown].join(', ')}`);
  return { definition: { query, fields, styles }, problems };
}

/** Every catalog field a definition reads (tiles carry, filter or style by). */
export function referencedFields(definition: SourceDefinition): string[] {
  const names = new Set(definition.fields);
  Object.keys(definition.query.filters ?? {}).forEach((n) => names.add(n));
  if (definition.query.owner !== undefined) names.add('owner');
  definition.styles.forEach((r) => r.field && !numericPseudoFields.has(r.field) && names.add(r.field));
  return [...names];
}

// #rrggbb gains an opaque alpha; alpha 0 with a non-zero colour counts as opaque (per the spec).
export function normaliseColor(color: string): string {
  const lower = color.toLowerCase();
  if (lower.length === 7) return `${lower}ff`;
  if (lower.endsWith('00') && lower.slice(1, 7) !== '000000') return `${lower.slice(0, 7)}ff`;
  return lower;
}

function typedRange(field: ParcelField, value: Record<string, Scalar | undefined>, problems: string[]): FilterValue {
  const out: Record<string, Scalar> = {};
  if (field.kind !== 'number' && field.kind !== 'integer' && field.kind !== 'date') {
    problems.push(
      `filter ${field.name}: ranges work on numeric and date fields only, and ${field.name} is ${field.kind}`,
    );
    return out;
  }
  for (const [key, bound] of Object.entries(value)) {
    if (bound === undefined) continue;
    out[key] = typedValue(field, bound, `filter ${field.name}.${key}`, problems);
  }
  return out;
}

function typedValue(field: ParcelField, value: Scalar, where: string, problems: string[]): Scalar {
  switch (field.kind) {
    case 'number':
    case 'integer':
      return numberValue(value, `${where} (${field.name})`, problems);
    case 'boolean': {
      if (value === true || value === 'Yes' || value === 'true') return true;
      if (value === false || value === 'No' || value === 'false') return false;
      problems.push(`${where}: ${field.name} takes Yes or No`);
      return false;
    }
    case 'date': {
      const text = String(value);
      if (!isCalendarDate(text))
        problems.push(`${where}: ${field.name} takes a date like 2020-01-31 (a day that exists)`);
      return text;
    }
    default:
      return String(value);
  }
}

/** YYYY-MM-DD naming a real day: Date.parse accepts 2021-02-29 (as March 1st), PostgreSQL does not. */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function numberValue(value: Scalar | undefined, where: string, problems: string[]): number {
  // Number parsing strips thousand separators (spec, validation rules).
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/,/g, '').trim()) : Number.NaN;
  if (
    typeof value === 'boolean' ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    !Number.isFinite(parsed)
  ) {
    problems.push(`${where}: needs a numeric value, got ${JSON.stringify(value ?? null)}`);
    return 0;
  }
  return parsed;
}
