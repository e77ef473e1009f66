// Lot sizes in the unit they were published in: MassGIS LOT_SIZE is in the unit LOT_UNITS names (A
// acres in most towns, S square feet), other counties publish acres or square metres under "lot size".
// The importer adds a LOT_SQFT column in square feet, converted by the unit column, or without one by
// the unit that makes the values agree with the polygons' own areas (median ratio); the proposal maps
// sqft to it. ll_gisacre/ll_gissqft stay derived from the geometry.
import type { Db } from '../../../../data/staging.ts';
import { normal } from './column-names.ts';
import { stageTable } from './stage-checks.ts';

const sizeNames = ['LOTSIZE', 'LOTAREA', 'LANDAREA', 'LOTSQFT', 'LANDSQFT', 'SQFT', 'DEEDEDAREA', 'PARCELAREA'];
const unitNames = ['LOTUNITS', 'LOTUNIT', 'LOTSIZEUNITS', 'AREAUNITS', 'AREAUNIT', 'LANDUNITS', 'UNITSLOT'];
export const OUTPUT_COLUMN = 'LOT_SQFT';

// Square feet per unit.
const units = [
  { unit: 'square feet', factor: 1, codes: ['S', 'SF', 'SQFT', 'FT2', 'SQUARE FEET'] },
  { unit: 'acres', factor: 43560, codes: ['A', 'AC', 'ACRE', 'ACRES'] },
  { unit: 'square metres', factor: 10.763910417, codes: ['M', 'SM', 'SQM', 'M2', 'SQUARE METERS', 'SQUARE METRES'] },
  { unit: 'hectares', factor: 107639.10417, codes: ['H', 'HA', 'HECTARE', 'HECTARES'] },
];

export interface LotUnits {
  column: string;
  unitColumn: string | null;
  /** The unit chosen for values without a unit code (or all values, without a unit column). */
  unit: string;
  choice: string;
  converted: number;
}

/** Adds LOT_SQFT to the stage table when it has a lot-size column; null when it has none. */
export async function convertLotSizes(db: Db, table: string): Promise<LotUnits | null> {
  const columns = await db<{ name: string; numeric: boolean }[]>`
    SELECT column_name AS name, data_type IN ('integer', 'bigint', 'double precision', 'numeric', 'real') AS numeric
    FROM information_schema.columns WHERE table_schema = 'import_stage' AND table_name = ${table}`;
  if (columns.some((c) => c.name.toUpperCase() === OUTPUT_COLUMN)) return null;
  const byNormal = (list: string[]) =>
    list.map((n) => columns.find((c) => normal(c.name) === n)).find((c) => c !== undefined) ?? null;
  const size = byNormal(sizeNames);
  if (!size) return null;
  const unitColumn = byNormal(unitNames)?.name ?? null;
  const value = size.numeric
    ? `t."${size.name}"::float8`
    : `CASE WHEN btrim(t."${size.name}"::text) ~ '^[0-9]+(\\.[0-9]*)?$' THEN btrim(t."${size.name}"::text)::float8 END`;
  const t = stageTable(table);
  // Median of value / area in square feet, over rows with a value (and, with a unit column, no code);
  // the first 20,000 rows tell the unit as well as a million would.
  const [ratio] = await db.unsafe<{ r: number | null; n: number }[]>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY v / a) AS r, count(*)::int AS n FROM (
       SELECT ${value} AS v, ST_Area(t._geom::geography) * 10.763910417 AS a FROM ${t} t
       WHERE t._geom IS NOT NULL ${unitColumn ? `AND NULLIF(btrim(t."${unitColumn}"::text), '') IS NULL` : ''}
       ORDER BY t._fid LIMIT 20000) x
     WHERE v > 0 AND a > 0`,
  );
  let fallback = units[0]!;
  let how: string;
  if (ratio?.r && ratio.n > 0) {
    // The unit whose factor brings the median ratio nearest 1 (in orders of magnitude).
    fallback = [...units].sort(
      (a, b) => Math.abs(Math.log(ratio.r! * a.factor)) - Math.abs(Math.log(ratio.r! * b.factor)),
    )[0]!;
    how = `median ${size.name} / polygon area in square feet is ${ratio.r.toPrecision(3)}: read as ${fallback.unit}`;
  } else how = `read as ${fallback.unit}`;
  const cases = units.flatMap((u) => u.codes.map((c) => `WHEN '${c}' THEN ${u.factor}`)).join(' ');
  const factor = unitColumn
    ? `CASE upper(btrim(t."${unitColumn}"::text)) ${cases} ELSE ${fallback.factor} END`
    : `${fallback.factor}`;
  await db.unsafe(`ALTER TABLE ${t} ADD COLUMN "${OUTPUT_COLUMN}" double precision`);
  const [updated] = await db.unsafe<{ n: number }[]>(
    `WITH u AS (UPDATE ${t} t SET "${OUTPUT_COLUMN}" = round((${value} * ${factor})::numeric, 1) WHERE ${value} > 0 RETURNING 1)
     SELECT count(*)::int AS n FROM u`,
  );
  const [codes] = unitColumn
    ? await db.unsafe<{ list: string | null }[]>(
        `SELECT string_agg(c || ' ' || n, ', ' ORDER BY n DESC) AS list FROM (SELECT coalesce(NULLIF(btrim("${unitColumn}"::text), ''), '(none)') AS c, count(*) AS n FROM ${t} GROUP BY 1) x`,
      )
    : [{ list: null }];
  const choice = unitColumn
    ? `${size.name} converted to square feet by ${unitColumn} (${codes?.list}; A acres, S square feet${ratio?.n ? `; rows without a code: ${how}` : ''})`
    : `${size.name} has no unit column: ${how}`;
  return { column: size.name, unitColumn, unit: fallback.unit, choice, converted: updated?.n ?? 0 };
}
