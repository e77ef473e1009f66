// The mapped values of the staged rows, computed once into a narrow table (import_values): the raw
// text of each mapped field and its typed value. The field-fill report counts them and the INSERT
// reads them. Written inline in both, each tolerant cast expanded its source expression several times
// (a date about fifteen regular expressions per row), which made the fill and the insert of a
// million-row county take minutes.
import type { Db } from '../../../../data/staging.ts';
import {
  cleanNumber,
  isoDatePrefix,
  Params,
  rawSql,
  typedSql,
  usDatePrefix,
  type Catalog,
  type Mapping,
} from './mapping.ts';

export interface ValueColumns {
  /** Mapped schema fields, in mapping order. */
  fields: string[];
  /** Column of import_values holding a field's raw text / typed value. */
  raw: (field: string) => string;
  typed: (field: string) => string;
}

const rawColumn = (i: number) => `r${i}`;
const typedColumn = (i: number) => `t${i}`;

/**
 * import_values (feature_index, r0.., t0..) for the loaded rows of the source. Each step is its own
 * OFFSET 0 subquery, so that PostgreSQL evaluates a value once instead of inlining it into every use:
 * the raw text, then (for dates) the date-shaped prefix, then the typed value.
 */
export async function materialiseValues(
  db: Db,
  source: string,
  mapping: Mapping,
  catalog: Catalog,
): Promise<ValueColumns> {
  const fields = Object.keys(mapping).filter((f) => catalog.has(f));
  const params = new Params([source]);
  const raws = fields.map((field, i) => `${rawSql(mapping[field]!, 'r', params)} AS ${rawColumn(i)}`);
  // The parts a cast would otherwise repeat: the cleaned number, the date prefixes.
  const parts = fields.flatMap((field, i) => {
    const type = catalog.get(field);
    const v = `v.${rawColumn(i)}`;
    if (type === 'date') return [`${usDatePrefix(v)} AS u${i}`, `${isoDatePrefix(v)} AS d${i}`];
    if (type === 'integer' || type === 'number') return [`${cleanNumber(v)} AS c${i}`];
    return [];
  });
  const typed = fields.map((field, i) => {
    const type = catalog.get(field)!;
    const value = typedSql(
      field,
      type,
      `w.${rawColumn(i)}`,
      type === 'date'
        ? { us: `w.u${i}`, iso: `w.d${i}` }
        : type === 'integer' || type === 'number'
          ? { clean: `w.c${i}` }
          : {},
    );
    return `${value} AS ${typedColumn(i)}`;
  });
  const rawList = fields.map((_, i) => `w.${rawColumn(i)}`);
  await db.unsafe(`DROP TABLE IF EXISTS import_values`);
  await db.unsafe(
    `CREATE TEMP TABLE import_values ON COMMIT DROP AS
     SELECT w.feature_index${rawList.length ? `, ${rawList.join(', ')}` : ''}${typed.length ? `, ${typed.join(', ')}` : ''}
     FROM (
       SELECT v.*${parts.length ? `, ${parts.join(', ')}` : ''}
       FROM (SELECT r.feature_index${raws.length ? `, ${raws.join(', ')}` : ''} FROM load_staging r WHERE r.source = $1 AND r.skip_reason IS NULL OFFSET 0) AS v
       OFFSET 0
     ) AS w`,
    params.values as never[],
  );
  await db.unsafe(`CREATE UNIQUE INDEX ON import_values (feature_index)`);
  await db.unsafe(`ANALYZE import_values`);
  const index = (field: string) => {
    const i = fields.indexOf(field);
    if (i < 0) throw new Error(`${field} is not mapped`);
    return i;
  };
  return { fields, raw: (field) => rawColumn(index(field)), typed: (field) => typedColumn(index(field)) };
}
