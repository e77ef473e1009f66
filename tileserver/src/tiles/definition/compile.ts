// Compiles a validated source definition into one tile statement. The SQL text holds only catalog
// identifiers and the source id (a hex hash we made); every value is read at run time from the
// stored definition in tile_sources, so requests bind only $1,$2,$3 = z,x,y and values stay data.
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import { bufferSql, detailOnlySql, extentSql, featureIdSql, visibleAtZoomSql } from '../zoom-strategy.ts';
import { sourceIdPattern } from './source-id.ts';
import {
  numericPseudoFields,
  type SourceDefinition,
  type StyleRule,
} from '@parcel-map/contracts/map/source-definition';

const castByKind: Record<string, string> = {
  text: 'text',
  integer: 'double precision',
  number: 'double precision',
  date: 'date',
  boolean: 'boolean',
};

function column(name: string): string {
  if (!parcelFieldsByName.has(name)) throw new Error(`not a catalog field: ${name}`);
  return `p."${name}"`;
}

function castOf(name: string): string {
  if (numericPseudoFields.has(name)) return 'double precision';
  return castByKind[parcelFieldsByName.get(name)!.kind]!;
}

/** The latest post's columns behind @status and @user_id (joined when the definition names a survey). */
const pseudoColumns: Record<string, string> = {
  '@status': 'sv.status::double precision',
  '@user_id': 'sv.user_id::double precision',
};

/** An expression for a field, typed for comparison; pseudo fields are null without a survey. */
function comparable(name: string, withSurvey = false): string {
  if (numericPseudoFields.has(name)) return withSurvey ? pseudoColumns[name]! : 'NULL::double precision';
  const field = parcelFieldsByName.get(name)!;
  if (field.kind === 'integer') return `${column(name)}::double precision`;
  // uuid columns compare with the definition's text values as text (uuid = text has no operator).
  if (field.sqlType === 'uuid') return `${column(name)}::text`;
  return column(name);
}

interface Compiled {
  params: string[];
  where: string[];
  ruleCase: string | undefined;
}

/** The filter params and WHERE tests of a definition (values read from `d`, the definition as jsonb). */
export function compileParts(definition: SourceDefinition): Compiled {
  const params: string[] = [];
  const where: string[] = [];
  const q = "d->'query'";
  for (const [name, value] of Object.entries(definition.query.filters ?? {})) {
    const key = `${q}->'filters'->'${name}'`;
    const cast = castOf(name);
    if (name === 'owner' && Array.isArray(value)) {
      // Owners match by their grouping key (sql/functions/owner-key.sql), as the highlight does: the
      // viewer's owner highlight is this filter, with the label of a group of spellings.
      params.push(`ARRAY(SELECT owner_key(v) FROM jsonb_array_elements_text(${key}) v) AS f_owner`);
      where.push(`owner_key(p.owner) = ANY (params.f_owner)`);
    } else if (Array.isArray(value)) {
      params.push(`ARRAY(SELECT v::${cast} FROM jsonb_array_elements_text(${key}) v) AS f_${name}`);
      where.push(`${comparable(name)} = ANY (params.f_${name})`);
    } else {
      for (const [op, sqlOp] of [
        ['gte', '>='],
        ['lte', '<='],
        ['gt', '>'],
        ['lt', '<'],
      ] as const) {
        if (value[op] === undefined) continue;
        params.push(`(${key}->>'${op}')::${cast} AS f_${name}_${op}`);
        where.push(`${comparable(name)} ${sqlOp} params.f_${name}_${op}`);
      }
    }
  }
  if (definition.query.owner !== undefined) {
    // Every published spelling of the owner (punctuation, spacing, "TR"/"TRUSTEE", ...): the same key.
    params.push(`owner_key(${q}->>'owner') AS owner_name`);
    where.push(`owner_key(p.owner) = params.owner_name`);
  }
  const ruleCase =
    definition.styles.length > 0
      ? compileRules(definition.styles, params, definition.query.survey !== undefined)
      : undefined;
  return { params, where, ruleCase };
}

function compileRules(rules: StyleRule[], params: string[], withSurvey: boolean): string {
  const branches: string[] = [];
  let fallback = rules.length - 1;
  rules.forEach((rule, index) => {
    if (rule.predicate === 'default' || !rule.field) {
      fallback = index;
      return;
    }
    const value = `params.r${index}`;
    const field = comparable(rule.field, withSurvey);
    const isText = castOf(rule.field) === 'text';
    const blank = isText ? ` OR ${field} = ''` : '';
    let test: string;
    switch (rule.predicate) {
      case 'exists':
        test =
          rule.value === 'No'
            ? `(${field} IS NULL${blank})`
            : `(${field} IS NOT NULL${isText ? ` AND ${field} <> ''` : ''})`;
        break;
      case 'is':
        test = `${field} = ${value}`;
        break;
      case 'is not':
        test = `${field} IS DISTINCT FROM ${value}`;
        break;
      default: {
        const op = { gt: '>', lt: '<', gte: '>=', lte: '<=' }[rule.predicate];
        test = `${field} ${op} ${value}`;
      }
    }
    if (rule.predicate !== 'exists')
      params.push(`(d->'styles'->${index}->>'value')::${castOf(rule.field)} AS r${index}`);
    branches.push(`WHEN ${test} THEN ${index}`);
  });
  return branches.length ? `CASE ${branches.join(' ')} ELSE ${fallback} END` : String(fallback);
}

export function compileSourceTileSql(id: string, definition: SourceDefinition): string {
  if (!sourceIdPattern.test(id)) throw new Error('source ids are hex hashes');
  const { params, where, ruleCase } = compileParts(definition);
  const path = definition.query.path !== undefined;
  const properties = definition.fields.map((name) => {
    const value = parcelFieldsByName.get(name)!.sqlType === 'uuid' ? `${column(name)}::text` : column(name);
    return `${detailOnlySql(value)} AS "${name}"`;
  });
  if (ruleCase) properties.push(`${ruleCase} AS rule`);
  const ctes = [
    `def AS MATERIALIZED (SELECT definition AS d FROM tile_sources WHERE id = '${id}')`,
    `params AS MATERIALIZED (SELECT ${['1 AS one', ...(path ? ["d->'query'->>'path' AS place_path"] : []), ...params].join(', ')} FROM def)`,
    `bounds AS (SELECT ST_TileEnvelope($1, $2, $3) AS env, ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096) AS search)`,
  ];
  // A place's parcels are parcels_in_place's (the selection of insights and exports), read lateral to
  // params so the function is inlined and its index scans take the tile's bounding-box test.
  const from = [path ? 'params CROSS JOIN LATERAL parcels_in_place(params.place_path) p' : 'parcels p', 'bounds'];
  if (!path) from.push('params');
  const filters = ['p.geom_3857 && bounds.search', visibleAtZoomSql('p.geom_3857'), ...where];
  // The survey id is read from the stored definition like every other value; the latest post wins.
  if (definition.query.survey !== undefined && ruleCase) {
    from[0] = `${from[0]} LEFT JOIN LATERAL (SELECT s.status, s.user_id FROM survey_posts s
      WHERE s.survey_id = (SELECT (def.d->'query'->>'survey')::bigint FROM def) AND s.parcel_path = p.path
      ORDER BY s.created_at DESC, s.id DESC LIMIT 1) sv ON true`;
  }
  return `
WITH ${ctes.join(',\n  ')},
features AS (
  SELECT ST_AsMVTGeom(p.geom_3857, bounds.env, ${extentSql}, ${bufferSql}, true) AS geom, ${featureIdSql('p.id')} AS id${properties.map((p) => `,\n    ${p}`).join('')}
  FROM ${from.join(', ')}
  WHERE ${filters.join('\n    AND ')}
)
SELECT ST_AsMVT(features, 'parcels', ${extentSql}, 'geom', 'id') AS mvt FROM features`;
}

/**
 * Evaluates every value of a definition with the casts its tile statement uses, from the definition
 * bound as $1 (JSON text: a string bound straight to jsonb would be one JSON string, every value null): run at POST, so a value PostgreSQL rejects (a date like 2021-02-29) is a 400
 * there instead of a failing tile later.
 */
export function compileValueCheckSql(definition: SourceDefinition): string {
  const { params } = compileParts(definition);
  return `WITH def AS (SELECT $1::text::jsonb AS d) SELECT ${['1 AS one', ...params].join(', ')} FROM def`;
}

export function legendOf(rules: StyleRule[]): { rule: number; label: string; fill: string; line: string }[] {
  return rules.map((rule, index) => ({ rule: index, label: ruleLabel(rule), fill: rule.fill, line: rule.line }));
}

/**
 * The TileJSON `legend`, which TileJSON defines as a string (HTML or text): one list item per rule, its
 * colours as a swatch. Labels hold the caller's own values, so every piece is escaped; the structured
 * legend goes under `rules`.
 */
export function legendHtml(rules: StyleRule[]): string {
  const items = legendOf(rules).map(
    (entry) =>
      `<li><span style="background:${escapeHtml(entry.fill)};border:1px solid ${escapeHtml(entry.line)}">&nbsp;&nbsp;</span> ${escapeHtml(entry.label)}</li>`,
  );
  return `<ul>${items.join('')}</ul>`;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => htmlEscapes[ch]!);

function ruleLabel(rule: StyleRule): string {
  if (rule.predicate === 'default') return 'Everything else';
  const symbol = { gt: '>', lt: '<', gte: '≥', lte: '≤' }[rule.predicate as 'gt'];
  if (symbol) return `${rule.field} ${symbol} ${rule.value}`;
  if (rule.predicate === 'exists') return `${rule.field} ${rule.value === 'No' ? 'is empty' : 'has a value'}`;
  return `${rule.field} ${rule.predicate} ${rule.value}`;
}
