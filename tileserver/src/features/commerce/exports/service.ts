// The export checks every route shares: the selection as a validated definition, its count, the
// month's free allowance and the quote with its warnings (who may export: policy.ts).
import type { Caller } from '../../../auth/caller.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { assertDefinitionAllowed } from '../../map/sources/policy.ts';
import { validateDefinition } from '../../../tiles/definition/validate.ts';
import { quote } from './pricing.ts';
import { freeRowsLeft, type AllowanceOwner } from './allowance.ts';
import {
  countDatasets,
  countiesOfSelection,
  countSelection,
  datasetAreaKm2,
  focusAreaOf,
  insertExport,
} from './queries.ts';
import { datasetTables } from './datasets.ts';
import {
  tileArchiveFormats,
  type ExportFormat,
  type ExportQuery,
  type Quote,
} from '@parcel-map/contracts/commerce/exports';
import type { SelectionDefinition } from './selection.ts';

export { monthStart } from './allowance.ts';

/** Whose allowance an export spends: the caller's group (its plan) or, without one, the user's own. */
export const ownerOf = (caller: Caller): AllowanceOwner => ({
  groupId: caller.group?.id ?? null,
  userId: caller.user!.id,
  tier: caller.group?.tier ?? 'free',
});

/** The selection of a query: filters checked against the catalog (unknown fields are a 400) and against
 * the caller's tier, as sources are (a count filtered on a locked field would reveal its values: 403). */
export async function selectionOf(
  sql: Sql,
  caller: Caller,
  query: ExportQuery,
  allParcels: boolean,
): Promise<{ definition: SelectionDefinition; focusAcres?: number; pickedCount?: number }> {
  const picked = allParcels || query.parcels === undefined ? undefined : [...new Set(query.parcels)];
  const checked = validateDefinition({
    query: { parcel: true, path: query.path, filters: allParcels || picked ? {} : query.parcel },
  });
  assertDefinitionAllowed(caller, checked);
  const definition: SelectionDefinition = {
    query: { parcel: true, path: query.path, filters: checked.query.filters ?? {} },
  };
  if (picked) {
    // Every chosen parcel must exist inside the place the caller exports from: a wrong path is a 400,
    // never a file with fewer rows than the user picked.
    const found = await countSelection(sql, { ...definition, parcels: picked });
    if (found !== picked.length)
      throw new ApiError(
        'BAD_REQUEST',
        `${(picked.length - found).toLocaleString('en-US')} of the ${picked.length.toLocaleString('en-US')} chosen parcels are not in ${query.path}`,
      );
    definition.parcels = picked;
  }
  // The picks' count is known now (each exists in the place): callers reuse it rather than count again (N4).
  let focusAcres: number | undefined;
  if (query.focus_area_id !== undefined && !picked) {
    const focus = await focusAreaOf(sql, query.focus_area_id);
    if (!focus || (caller.level !== 'admin' && focus.group_id !== caller.group?.id))
      throw new ApiError('NOT_FOUND', 'No such focus area');
    definition.focus_area_id = query.focus_area_id;
    focusAcres = focus.acres;
  }
  const datasets = await datasetTables(sql, caller, query);
  if (datasets.length > 0) definition.datasets = datasets;
  return { definition, focusAcres, ...(picked ? { pickedCount: picked.length } : {}) };
}

/** The allowance left as an estimate for quotes; starts and checkouts recount it under the lock (allowance.ts). */
export async function remainingFreeRows(sql: Sql, config: Config, caller: Caller, now: Date): Promise<number> {
  if (!caller.user) return 0;
  return freeRowsLeft(sql, config, ownerOf(caller), now);
}

export interface CheckedExport {
  definition: SelectionDefinition;
  count: number;
  quote: Quote;
  /** Each dataset table's name and features: exported free, beside the priced parcels. */
  datasets: { name: string; count: number }[];
}

export async function checkExport(
  sql: Sql,
  config: Config,
  caller: Caller,
  body: { fmt: ExportFormat; all_parcels: boolean; query: ExportQuery },
  now: Date,
): Promise<CheckedExport> {
  const { definition, focusAcres, pickedCount } = await selectionOf(sql, caller, body.query, body.all_parcels);
  await assertDatasetArea(sql, config, definition);
  const [count, counties, remaining, datasetCounts] = await Promise.all([
    pickedCount ?? countSelection(sql, definition),
    definition.parcels
      ? countiesOfPaths(definition.query.path, definition.parcels)
      : countiesOfSelection(sql, definition),
    remainingFreeRows(sql, config, caller, now),
    countDatasets(sql, definition),
  ]);
  const q = quote({
    format: body.fmt,
    count,
    remaining,
    country: body.query.path.split('/')[1]!,
    counties,
    // Every dataset the query names is exported (or refused above): none is left out of the file.
    publicSources: 0,
    focusAcres,
  });
  const datasets = (definition.datasets ?? []).map((t, i) => ({ name: t.name, count: datasetCounts[i] ?? 0 }));
  assertDatasetRows(config, datasets);
  return { definition, count, quote: q, datasets };
}

/** Counties of picked paths (each checked to lie in the place), as countiesOfSelection counts them: the
 * fourth path segment, `middlesex` of /us/ma/middlesex/... */
export function countiesOfPaths(place: string, paths: string[]): number {
  if (place.split('/').length - 1 >= 3) return 1;
  return new Set(paths.map((p) => p.split('/')[3])).size;
}

/**
 * Dataset tables are exported free (the spec prices parcel records only), so their size is capped
 * instead (security review N10): a place or focus area over EXPORT_DATASET_AREA_MAX_KM2, one table over
 * EXPORT_DATASET_ROWS_MAX features, or all of them over EXPORT_ARCHIVE_DATASET_ROWS_MAX, is a 413 whose
 * message the export pane shows as it is. checkExport (check, start, cart) and the counts route ask both.
 */
const n = (value: number) => Math.round(value).toLocaleString('en-US');

/** The area cap, asked before the datasets are counted: a country's layers are never scanned for a refusal. */
export async function assertDatasetArea(sql: Sql, config: Config, definition: SelectionDefinition): Promise<void> {
  if (!definition.datasets?.length) return;
  const km2 = await datasetAreaKm2(sql, definition);
  const maxKm2 = config.EXPORT_DATASET_AREA_MAX_KM2;
  if (km2 > maxKm2)
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `Datasets are exported for a place or focus area of at most ${n(maxKm2)} km²; ${definition.query.path} is ${n(km2)} km²: choose a smaller place or a focus area, or leave the datasets out.`,
      { area_km2: Math.round(km2), max_km2: maxKm2 },
    );
}

/** The row caps, on the counted dataset tables. */
export function assertDatasetRows(config: Config, datasets: { name: string; count: number }[]): void {
  const perTable = config.EXPORT_DATASET_ROWS_MAX;
  const over = datasets.find((d) => d.count > perTable);
  if (over)
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The ${over.name.replaceAll('_', ' ')} dataset has ${n(over.count)} features here, more than the ${n(perTable)} an export may carry: choose a smaller place or a focus area, or leave it out.`,
      { dataset: over.name, count: over.count, max: perTable },
    );
  const total = datasets.reduce((sum, d) => sum + d.count, 0);
  const perExport = config.EXPORT_ARCHIVE_DATASET_ROWS_MAX;
  if (total > perExport)
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The chosen datasets have ${n(total)} features here together, more than the ${n(perExport)} one export may carry: choose a smaller place or a focus area, or fewer datasets.`,
      { count: total, max: perExport },
    );
}

/** Writes a paid or free export's row (in the caller's transaction, with its job); answers its id. */
export async function recordExport(db: Sql, row: Parameters<typeof insertExport>[1]): Promise<number> {
  return insertExport(db, row);
}
