// The attribute table that belongs to a parcel layer: public parcel data often publishes the polygons
// and the assessor's records apart (MassGIS Level 3: M###TaxPar polygons, M###Assess rows joined on
// LOC_ID, one row per unit for condominiums). The candidate tables are the non-spatial layers sharing
// a column with the parcels; each is staged and its key's overlap measured on all rows; the best one
// (most polygons matched, at least half) is joined into the parcels' stage table, so the rest of the
// import reads one flat table.
import type { Db } from '../../../../data/staging.ts';
import { names, normal } from './column-names.ts';
import { ImportInputError, type SourceLayer } from './ogr.ts';
import type { LayerInfo } from './parcel-layer.ts';
import { stageTable } from './stage-checks.ts';

// Key columns of parcel data, best first (compared as normal names).
const keyNames = ['LOCID', 'PARCELID', 'PID', 'MAPPARID', 'PARID', 'PARCELNO', 'APN', 'PIN', 'GISPIN', 'MAPLOT', 'MBL'];
const MIN_RATE = 0.5;

export interface JoinOptions {
  /** `table:key` from --join. */
  join?: string;
  noJoin?: boolean;
}

export interface JoinCandidate {
  table: string;
  key: string;
  /** Polygons whose key has at least one attribute row, of all polygons. */
  rate: number;
}

export interface JoinReport {
  table: string;
  key: string;
  polygons: number;
  matched: number;
  rate: number;
  attributeRows: number;
  attributeRowsMatched: number;
  /** Polygons with more than one attribute row (condominiums), and the rows on them. */
  condoPolygons: number;
  condoUnits: number;
  /** Owner-like columns set to "CONDOMINIUM (N UNITS): A; B; C; +K MORE" where the units' owners differ. */
  ownerColumns: string[];
  /** Every table and key tried, with its match rate. */
  candidates: JoinCandidate[];
}

// Only layers without geometry: a layer of unknown type may hold shapes (its geometry is not wanted here).
const isTable = (l: LayerInfo) => /^none$/i.test(l.type.trim());

/** The tables and keys to try: --join's, or every non-spatial layer sharing a key-like column. */
export function joinCandidates(source: SourceLayer, options: JoinOptions): { table: LayerInfo; keys: string[] }[] {
  if (options.noJoin) return [];
  const own = new Map(source.fields.map((f) => [f.toUpperCase(), f]));
  if (options.join) {
    const at = options.join.lastIndexOf(':');
    const [name, key] = at > 0 ? [options.join.slice(0, at), options.join.slice(at + 1)] : [options.join, ''];
    const table = source.layers.find((l) => l.name === name);
    if (!table)
      throw new ImportInputError(
        `--join ${options.join}: no table ${name}; layers: ${source.layers.map((l) => l.name).join(', ')}`,
      );
    const shared = table.fields.filter((f) => own.has(f.toUpperCase()));
    const keys = key ? [key] : shared;
    for (const k of keys)
      if (!table.fields.includes(k) || !own.has(k.toUpperCase()))
        throw new ImportInputError(`--join ${options.join}: ${k} is not a column of both ${source.layer} and ${name}`);
    if (keys.length === 0)
      throw new ImportInputError(`--join ${options.join}: ${name} shares no column with ${source.layer}`);
    return [{ table, keys }];
  }
  const rank = (f: string) => {
    const at = keyNames.indexOf(normal(f));
    return at >= 0 ? at : (names.parcelnumb?.indexOf(normal(f)) ?? -1) >= 0 ? 50 : -1;
  };
  return source.layers
    .filter((l) => l.name !== source.layer && isTable(l))
    .map((table) => ({
      table,
      keys: table.fields.filter((f) => own.has(f.toUpperCase()) && rank(f) >= 0).sort((a, b) => rank(a) - rank(b)),
    }))
    .filter((c) => c.keys.length > 0);
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const keyOf = (alias: string, column: string) => `NULLIF(upper(btrim(${alias}.${q(column)}::text)), '')`;

/** How many polygons a table's key matches (all rows counted: the stage tables are in the database). */
export async function matchRate(
  db: Db,
  parcels: string,
  table: string,
  parcelKey: string,
  key: string,
): Promise<number> {
  // A join of the polygons' keys to the table's distinct keys (a hash join): an EXISTS inside the
  // count's FILTER ran as a subplan per polygon, ten minutes for a million.
  const [row] = await db.unsafe<{ n: number; matched: number; distinct: number }[]>(
    `SELECT count(*)::int AS n, count(DISTINCT p.k)::int AS distinct, count(a.k)::int AS matched
     FROM (SELECT ${keyOf('p', parcelKey)} AS k FROM ${stageTable(parcels)} p) p
     LEFT JOIN (SELECT DISTINCT ${keyOf('a', key)} AS k FROM ${stageTable(table)} a) a ON a.k = p.k`,
  );
  if (!row || row.n === 0) return 0;
  // A key shared by many polygons (a use code, a town id) joins a lookup table, not the parcels' records.
  if (row.distinct < row.n * 0.5) return 0;
  return row.matched / row.n;
}

export async function columnTypes(db: Db, table: string): Promise<{ name: string; numeric: boolean }[]> {
  return db<{ name: string; numeric: boolean }[]>`
    SELECT column_name AS name, data_type IN ('integer', 'bigint', 'double precision', 'numeric', 'real', 'smallint') AS numeric
    FROM information_schema.columns WHERE table_schema = 'import_stage' AND table_name = ${table}
      AND column_name NOT IN ('_geom', '_fid') ORDER BY ordinal_position`;
}

// Summed over a condominium's units: the values and areas of the whole property.
const summed = /(VAL|VALUE|ASSESSED|BLDAREA|RESAREA|LIVINGAREA|^UNITS|NUMUNITS)$/;
const ownerNames = new Set(names.owner ?? []);

/**
 * A condominium's owner when its units' owners differ: what it is and who owns it, e.g. "CONDOMINIUM
 * (3 UNITS): GARCIA MARIA; NGUYEN THI; SMITH JOHN" (at most three names, then "+K MORE"). Not one
 * unit's owner (the building is not theirs) and not a bare "CONDOMINIUM (N UNITS)", which the ownership
 * insight would rank as the town's largest owner; an owner search for a unit's owner finds the building.
 */
const condoOwner = (owners: string) =>
  `'CONDOMINIUM (' || g.n || ' UNITS): ' || array_to_string(${owners}[1:3], '; ') || CASE WHEN cardinality(${owners}) > 3 THEN '; +' || (cardinality(${owners}) - 3) || ' MORE' ELSE '' END`;

/**
 * Replaces the parcels' stage table by its join with the attribute table: one row per polygon (the
 * polygon kept once), the attributes of its first row (file order); for several rows (condominium
 * units) values and areas summed, an owner column the units do not share set to "CONDOMINIUM (N
 * UNITS): their owners" (condoOwner), and every unit row kept in `_join_units` (jsonb) with their count in `_join_rows`, so the
 * parcel's raw record holds the units as published.
 */
export async function joinAttributes(
  db: Db,
  parcels: string,
  attributes: string,
  parcelKey: string,
  key: string,
): Promise<Omit<JoinReport, 'table' | 'candidates' | 'rate'>> {
  const own = await columnTypes(db, parcels);
  const taken = new Set(own.map((c) => c.name.toUpperCase()));
  const extra = (await columnTypes(db, attributes)).filter((c) => !taken.has(c.name.toUpperCase()));
  const ownerColumns = extra.filter((c) => ownerNames.has(normal(c.name)) && !c.numeric).map((c) => c.name);
  const pick = extra.map((c) => {
    const col = q(c.name);
    if (c.numeric && summed.test(normal(c.name)))
      return `CASE WHEN g.n > 1 THEN g.${q(`sum_${c.name}`)} ELSE f.${col} END AS ${col}`;
    if (ownerColumns.includes(c.name))
      return `CASE WHEN g.n > 1 AND cardinality(g.${q(`owners_${c.name}`)}) > 1 THEN ${condoOwner(`g.${q(`owners_${c.name}`)}`)} ELSE f.${col} END AS ${col}`;
    return `f.${col}`;
  });
  const aggregates = [
    'count(*)::int AS n',
    ...extra
      .filter((c) => c.numeric && summed.test(normal(c.name)))
      .map((c) => `sum(a.${q(c.name)}) AS ${q(`sum_${c.name}`)}`),
    ...ownerColumns.map(
      (c) => `array_agg(DISTINCT btrim(a.${q(c)})) FILTER (WHERE btrim(a.${q(c)}) <> '') AS ${q(`owners_${c}`)}`,
    ),
  ];
  // The unit rows as jsonb only for keys with several rows (u): aggregating every key's rows took
  // 17 s instead of 12 for a million polygons.
  const joined = `${parcels}_joined`;
  await db.unsafe(`DROP TABLE IF EXISTS ${stageTable(joined)}`);
  await db.unsafe(
    `CREATE UNLOGGED TABLE ${stageTable(joined)} AS
     WITH g AS (SELECT ${keyOf('a', key)} AS k, ${aggregates.join(', ')} FROM ${stageTable(attributes)} a GROUP BY 1),
     u AS (SELECT ${keyOf('a', key)} AS k, jsonb_agg(to_jsonb(a) - '_fid' ORDER BY a._fid) AS rows FROM ${stageTable(attributes)} a
           WHERE ${keyOf('a', key)} IN (SELECT k FROM g WHERE n > 1) GROUP BY 1),
     f AS (SELECT DISTINCT ON (${keyOf('a', key)}) ${keyOf('a', key)} AS k, a.* FROM ${stageTable(attributes)} a ORDER BY ${keyOf('a', key)}, a._fid)
     SELECT p.*${pick.length ? `, ${pick.join(', ')}` : ''}, coalesce(g.n, 0) AS "_join_rows",
       u.rows AS "_join_units"
     FROM ${stageTable(parcels)} p
     LEFT JOIN g ON g.k = ${keyOf('p', parcelKey)}
     LEFT JOIN f ON f.k = g.k
     LEFT JOIN u ON u.k = g.k`,
  );
  const [counts] = await db.unsafe<
    { polygons: number; matched: number; condo: number; units: number; rows: number; rows_matched: number }[]
  >(
    `SELECT count(*)::int AS polygons, count(*) FILTER (WHERE "_join_rows" > 0)::int AS matched,
       count(*) FILTER (WHERE "_join_rows" > 1)::int AS condo, coalesce(sum("_join_rows") FILTER (WHERE "_join_rows" > 1), 0)::int AS units,
       (SELECT count(*)::int FROM ${stageTable(attributes)}) AS rows,
       (SELECT count(*)::int FROM ${stageTable(attributes)} a WHERE ${keyOf('a', key)} IN (SELECT ${keyOf('p', parcelKey)} FROM ${stageTable(parcels)} p)) AS rows_matched
     FROM ${stageTable(joined)}`,
  );
  await db.unsafe(`DROP TABLE ${stageTable(parcels)}`);
  await db.unsafe(`ALTER TABLE ${stageTable(joined)} RENAME TO ${q(parcels)}`);
  return {
    key,
    polygons: counts!.polygons,
    matched: counts!.matched,
    attributeRows: counts!.rows,
    attributeRowsMatched: counts!.rows_matched,
    condoPolygons: counts!.condo,
    condoUnits: counts!.units,
    ownerColumns,
  };
}

/** The join's lines of the report. */
export function joinLines(j: JoinReport | null): string[] {
  if (!j) return [];
  const pct = (r: number) => `${(r * 100).toFixed(1)}%`;
  return [
    `joined ${j.table} on ${j.key}: ${j.matched} of ${j.polygons} polygons matched (${pct(j.rate)}), ${j.attributeRowsMatched} of ${j.attributeRows} attribute rows used; ${j.condoPolygons} polygons with several rows (condominiums) hold ${j.condoUnits} units, kept once with the rows in raw._join_units${j.ownerColumns.length ? ` (${j.ownerColumns.join(', ')} "CONDOMINIUM (N UNITS): owners" where the units' owners differ)` : ''}`,
    ...(j.candidates.length > 1
      ? [`join candidates: ${j.candidates.map((c) => `${c.table}:${c.key} ${pct(c.rate)}`).join(', ')}`]
      : []),
  ];
}

/**
 * Finds the parcels' attribute table, stages it beside the parcels and joins it in; null when there is
 * none (or --no-join). Tables whose best key matches under half the polygons are dropped, not joined.
 */
export async function attributeJoin(
  db: Db,
  stage: (layer: SourceLayer, table: string) => Promise<unknown>,
  source: SourceLayer,
  parcels: string,
  options: JoinOptions,
  log: (line: string) => void,
): Promise<JoinReport | null> {
  const candidates = joinCandidates(source, options);
  if (candidates.length === 0) return null;
  const tried: (JoinCandidate & { stageName: string })[] = [];
  const upper = new Map(source.fields.map((f) => [f.toUpperCase(), f]));
  try {
    for (const [i, { table, keys }] of candidates.entries()) {
      const stageName = `${parcels}_a${i}`;
      await stage({ ...source, layer: table.name, geometryType: 'None', features: table.features }, stageName);
      for (const key of keys) {
        const rate = await matchRate(db, parcels, stageName, upper.get(key.toUpperCase())!, key);
        tried.push({ table: table.name, key, rate, stageName });
      }
    }
    const best = [...tried].sort((a, b) => b.rate - a.rate)[0]!;
    const candidatesReport = tried.map(({ stageName: _s, ...c }) => c);
    if (best.rate < MIN_RATE && !options.join) {
      log(
        `no attribute table joined: ${candidatesReport.map((c) => `${c.table}:${c.key} ${(c.rate * 100).toFixed(1)}%`).join(', ')}`,
      );
      return null;
    }
    const done = await joinAttributes(db, parcels, best.stageName, upper.get(best.key.toUpperCase())!, best.key);
    const report: JoinReport = { ...done, table: best.table, rate: best.rate, candidates: candidatesReport };
    log(joinLines(report)[0]!);
    return report;
  } finally {
    for (const i of candidates.keys()) await db.unsafe(`DROP TABLE IF EXISTS ${stageTable(`${parcels}_a${i}`)}`);
  }
}
