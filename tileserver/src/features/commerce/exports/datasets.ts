// The dataset tables of an export: a stored buildings or zoning source (its filters read from the stored
// definition at run time, as its tiles read them) or a catalogue layer, each cut to the features that
// intersect the export's place or focus area. Who may read each is asked of the same policies its
// tiles ask (403 otherwise). The SQL text holds only this file's table and column names and a source id
// we hashed; the place and focus area are read from the export's definition, bound or stored.
import type { Caller } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { sourceIdPattern } from '../../../tiles/definition/source-id.ts';
import { isLayerDefinition, layerOf } from '@parcel-map/contracts/map/layer-source-definition';
import type { ExportQuery } from '@parcel-map/contracts/commerce/exports';
import { storedSourceDefinition } from './queries.ts';
import { assertLayerDefinitionAllowed } from '../../map/sources/policy.ts';
import { additionalLayers } from '../../map/layers/catalog.ts';
import { mayReadLayer } from '../../map/layers/layer-sources.ts';
import { seesZoningTypes } from '../../map/layers/policy.ts';

/** A dataset as stored in the export's definition: only names this file knows and a hashed id. */
export interface DatasetTable {
  /** The table's name in the file (a csv file's name in the zip, a layer's name elsewhere). */
  name: string;
  /** A key of `tables`. */
  table: TableKey;
  /** A stored source's id: its filters apply. */
  source?: string;
  /** Zoning with the standardized type (callers who may read it). */
  typed?: boolean;
}

interface TableSpec {
  table: string;
  columns: string[];
  typedColumns?: string[];
  condition?: string;
}

/** The exported columns of each table (the layer's tile attributes, in words a spreadsheet reads). */
const tables = {
  zoning: {
    table: 'zoning_districts',
    columns: ['t.zoning', 't.zoning_name', 't.zoning_description', 't.jurisdiction'],
    typedColumns: ['t.zoning_type', 't.zoning_subtype'],
  },
  buildings: {
    table: 'buildings',
    columns: ['t.building_id', 't.building_type', 't.height_ft::float8 AS height_ft'],
  },
  flood: { table: 'flood_zones', columns: ['t.fld_zone', 't.sfha'], condition: "t.source NOT LIKE '%legacy%'" },
  'flood-2010': { table: 'flood_zones', columns: ['t.fld_zone', 't.sfha'], condition: "t.source LIKE '%legacy%'" },
  wetlands: { table: 'wetlands', columns: ['t.wetland_type', 't.attribute', 't.acres'] },
  population: { table: 'census_tracts', columns: ['t.geoid', 't.name', 't.town', 't.total_pop'] },
  'census-block-groups': { table: 'census_block_groups', columns: ['t.geoid', 't.name'] },
  'census-blocks': { table: 'census_blocks', columns: ['t.geoid', 't.name'] },
  'open-space': { table: 'open_spaces', columns: ['t.name', 't.owner', 't.acres::float8 AS acres'] },
  'land-cover': { table: 'land_cover', columns: ['t.lc_class', 't.subtype'] },
  contours: { table: 'contours', columns: ['t.elevation_ft::float8 AS elevation_ft', 't.approximate'] },
  'spot-elevations': { table: 'spot_elevations', columns: ['t.spot_type', 't.elevation_ft::float8 AS elevation_ft'] },
} satisfies Record<string, TableSpec>;
type TableKey = keyof typeof tables;
const isTableKey = (key: string): key is TableKey => Object.hasOwn(tables, key);

const notFound = (ref: string) =>
  new ApiError('NOT_FOUND', `No dataset ${ref}: give a stored buildings or zoning source or a catalogue layer`);

/** One dataset entry checked: it exists, the caller may read it, and it is not a parcel source. */
async function tableOf(sql: Sql, caller: Caller, ref: string): Promise<DatasetTable> {
  const match = /^(?:(source|layer):)?(.+)$/.exec(ref)!;
  const kind = match[1] ?? (sourceIdPattern.test(match[2]!) ? 'source' : 'layer');
  const id = match[2]!;
  if (kind === 'source') {
    if (!sourceIdPattern.test(id)) throw new ApiError('BAD_REQUEST', `${ref} is not a source id (20 hex digits)`);
    const stored = await storedSourceDefinition(sql, id);
    if (!stored) throw notFound(ref);
    if (!isLayerDefinition(stored))
      throw new ApiError(
        'BAD_REQUEST',
        `Source ${id} is a parcel source: put its filters in the query's parcel filters`,
      );
    assertLayerDefinitionAllowed(caller, stored);
    const layer = layerOf(stored);
    const typed = layer === 'zoning' && seesZoningTypes(caller);
    return { name: `${layer}_${id.slice(0, 8)}`, table: layer, source: id, ...(typed ? { typed } : {}) };
  }
  const entry = additionalLayers.find((l) => l.id === id);
  if (!entry || !isTableKey(id) || (entry.access === 'admin' && !mayReadLayer('admin', caller))) throw notFound(ref);
  if (!mayReadLayer(entry.access, caller))
    throw new ApiError(
      'FORBIDDEN',
      `The ${entry.name} layer is available to Pro customers. Upgrade to Pro to export it.`,
      {
        upgrade: '/plans#p=level1',
      },
    );
  const typed = id === 'zoning' && seesZoningTypes(caller);
  return { name: id.replaceAll('-', '_'), table: id, ...(typed ? { typed } : {}) };
}

/** The query's datasets as tables, in the query's order; 400/403/404 as tableOf says. */
export async function datasetTables(sql: Sql, caller: Caller, query: ExportQuery): Promise<DatasetTable[]> {
  const out: DatasetTable[] = [];
  for (const [key, entry] of Object.entries(query.datasets)) {
    const bare = (ref: string) => ref.replace(/^(source|layer):/, '');
    if (entry.sourceId !== undefined && bare(entry.sourceId) !== bare(key))
      throw new ApiError('BAD_REQUEST', `Dataset ${key} names another source (${entry.sourceId})`);
    const table = await tableOf(sql, caller, key);
    if (!out.some((t) => t.name === table.name)) out.push(table);
  }
  return out;
}

const listOf = (key: string) =>
  `CASE WHEN s.definition->'query'->'filters' ? '${key}' THEN ARRAY(SELECT jsonb_array_elements_text(s.definition->'query'->'filters'->'${key}')) END`;
const boundOf = (op: string) => `(s.definition->'query'->'filters'->'height_ft'->>'${op}')::numeric`;

/** The stored source's filters over `t`, values read from tile_sources (as layer-queries.ts does for tiles). */
function sourceFilter(table: DatasetTable): string {
  if (!table.source) return 'true';
  if (!sourceIdPattern.test(table.source)) throw new Error('source ids are hex hashes');
  const list = (key: string, column: string) => `(${listOf(key)} IS NULL OR t.${column} = ANY (${listOf(key)}))`;
  const conditions =
    table.table === 'buildings'
      ? [
          list('building_type', 'building_type'),
          ...(
            [
              ['gte', '>='],
              ['lte', '<='],
              ['gt', '>'],
              ['lt', '<'],
            ] as const
          ).map(([op, sign]) => `(${boundOf(op)} IS NULL OR t.height_ft ${sign} ${boundOf(op)})`),
        ]
      : [list('zoning', 'zoning'), list('zoning_type', 'zoning_type')];
  return `EXISTS (SELECT 1 FROM tile_sources s WHERE s.id = '${table.source}' AND ${conditions.join(' AND ')})`;
}

/** A table's exported columns: SQL over `t`, the name in the file, and its tile attribute type. */
export function datasetColumns(
  table: DatasetTable,
): { sql: string; name: string; type: 'String' | 'Number' | 'Boolean' }[] {
  if (!isTableKey(table.table)) throw new Error(`no dataset table ${table.table}`);
  const spec: TableSpec = tables[table.table];
  return [...spec.columns, ...(table.typed ? (spec.typedColumns ?? []) : [])].map((sql) => {
    const name = / AS (\w+)$/.exec(sql)?.[1] ?? sql.slice(2);
    const type =
      sql.includes('::float8') || name === 'total_pop' || name === 'acres'
        ? 'Number'
        : name === 'sfha' || name === 'approximate'
          ? 'Boolean'
          : 'String';
    return { sql, name, type };
  });
}

/** The area datasets are cut to, as `area`: the export's focus area, else its place. */
export const exportAreaSql = (def: string): string =>
  `SELECT coalesce((SELECT f.geom FROM focus_areas f WHERE f.id = (d->>'focus_area_id')::bigint),
                      (SELECT pl.geom FROM places pl WHERE pl.path = resolve_place_path(d->'query'->>'path'))) AS area FROM ${def} OFFSET 0`;

/**
 * SELECT over one dataset table: its features that intersect the export's focus area, else its place.
 * `def` is the FROM item that yields the definition as `d` (bound or the exports row, selection.ts);
 * 'spreadsheet' is 'columns' with text through csv_safe (csv files);
 * 'tiles' selects the feature id and Web Mercator geometry (g) with the columns, for tile archives.
 */
export function datasetSql(
  table: DatasetTable,
  def: string,
  select: 'columns' | 'spreadsheet' | 'count' | 'tiles',
): string {
  if (!isTableKey(table.table)) throw new Error(`no dataset table ${table.table}`);
  const spec: TableSpec = tables[table.table];
  // A csv file's text passes the spreadsheet-formula guard, as the parcels' text does (selection.ts).
  const columns = datasetColumns(table).map((c) =>
    select === 'spreadsheet' && c.type === 'String' ? `csv_safe(${c.sql}::text) AS ${c.name}` : c.sql,
  );
  const list =
    select === 'count'
      ? 'count(*)::int AS n'
      : select === 'tiles'
        ? ['t.id AS feature_id', 't.geom_3857 AS g', ...columns].join(', ')
        : [...columns, 't.geom'].join(', ');
  return `SELECT ${list}
FROM (${exportAreaSql(def)}) a
  JOIN ${spec.table} t ON t.geom && a.area AND ST_Intersects(t.geom, a.area)
WHERE ${spec.condition ?? 'true'} AND ${sourceFilter(table)}`;
}
