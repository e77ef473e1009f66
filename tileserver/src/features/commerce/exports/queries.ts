// SQL of exports: counts of a selection, the export rows (status, progress, file), the month's free
// csv rows of a group (and the lock that spends them once), its download history, and the place names
// an export's coverage shows.
import type { Sql } from '../../../db/client.ts';
import { exportStatus, type ExportStatus } from '@parcel-map/contracts/commerce/exports';
import { selectionSql, type SelectionDefinition } from './selection.ts';
import { datasetSql, exportAreaSql, type DatasetTable } from './datasets.ts';

export interface ExportRow {
  id: number;
  group_id: number | null;
  user_id: number;
  project_id: number | null;
  order_id: number | null;
  kind: 'export' | 'store';
  path: string;
  format: string;
  product: string | null;
  level: string;
  definition: SelectionDefinition;
  status: ExportStatus;
  requested: number;
  free_rows: number;
  price_cents: number;
  rows_written: number | null;
  progress: number;
  attempts: number;
  filename: string | null;
  token: string;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  downloaded_at: Date | null;
  expires_at: Date;
}

const toRow = (r: Record<string, unknown>): ExportRow =>
  ({
    ...r,
    id: Number(r.id),
    group_id: r.group_id === null ? null : Number(r.group_id),
    user_id: Number(r.user_id),
    project_id: r.project_id === null ? null : Number(r.project_id),
    order_id: r.order_id === null ? null : Number(r.order_id),
  }) as ExportRow;

export async function countSelection(sql: Sql, definition: SelectionDefinition): Promise<number> {
  const [row] = await sql.unsafe<{ n: number }[]>(selectionSql(definition, { bound: true }, 'count(*)::int AS n'), [
    JSON.stringify(definition),
  ]);
  return row?.n ?? 0;
}

/** A stored source's definition (any kind), for an export's datasets. */
export async function storedSourceDefinition(sql: Sql, id: string): Promise<object | undefined> {
  const [row] = await sql<{ definition: object }[]>`SELECT definition FROM tile_sources WHERE id = ${id}`;
  return row?.definition;
}

/** Features of each dataset table inside the selection's place or focus area, in the tables' order. */
export async function countDatasets(sql: Sql, definition: SelectionDefinition): Promise<number[]> {
  return Promise.all(
    (definition.datasets ?? []).map(async (table: DatasetTable) => {
      const [row] = await sql.unsafe<{ n: number }[]>(datasetSql(table, '(SELECT $1::text::jsonb AS d) def', 'count'), [
        JSON.stringify(definition),
      ]);
      return row?.n ?? 0;
    }),
  );
}

/** Square kilometres of the area the selection's datasets are cut to (its focus area, else its place). */
export async function datasetAreaKm2(sql: Sql, definition: SelectionDefinition): Promise<number> {
  const [row] = await sql.unsafe<{ km2: number }[]>(
    `SELECT coalesce(ST_Area(a.area::geography) / 1e6, 0)::float8 AS km2 FROM (${exportAreaSql('(SELECT $1::text::jsonb AS d) def')}) a`,
    [JSON.stringify(definition)],
  );
  return row?.km2 ?? 0;
}

/** Counties the selection touches (the first four path segments of its parcels: /us/ma/middlesex). */
export async function countiesOfSelection(sql: Sql, definition: SelectionDefinition): Promise<number> {
  const depth = definition.query.path.split('/').length - 1;
  if (depth >= 3) return 1;
  const [row] = await sql.unsafe<{ n: number }[]>(
    selectionSql(definition, { bound: true }, "count(DISTINCT split_part(p.path, '/', 4))::int AS n"),
    [JSON.stringify(definition)],
  );
  return row?.n ?? 0;
}

export async function focusAreaOf(sql: Sql, id: number): Promise<{ group_id: number; acres: number } | undefined> {
  const [row] = await sql<
    { group_id: string; acres: number }[]
  >`SELECT group_id, acres FROM focus_areas WHERE id = ${id}`;
  return row ? { group_id: Number(row.group_id), acres: Number(row.acres) } : undefined;
}

/** Free csv rows a group (or a user without one) used since the month began. */
export async function freeRowsUsed(
  sql: Sql,
  owner: { groupId: number | null; userId: number },
  since: Date,
): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT coalesce(sum(free_rows), 0)::int AS n FROM exports
    WHERE created_at >= ${since} AND status <> ${exportStatus.failed}
      AND (CASE WHEN ${owner.groupId}::bigint IS NULL THEN user_id = ${owner.userId} ELSE group_id = ${owner.groupId} END)`;
  return row?.n ?? 0;
}

/** The advisory lock of one account's free allowance, held until the transaction ends. */
export async function lockAllowanceKey(db: Sql, key: string): Promise<void> {
  await db`SELECT pg_advisory_xact_lock(hashtext('export-allowance'), hashtext(${key}))`;
}

export async function insertExport(
  sql: Sql,
  e: {
    groupId: number | null;
    userId: number;
    projectId: number | null;
    orderId: number | null;
    kind: 'export' | 'store';
    path: string;
    format: string;
    product: string | null;
    level: string;
    definition: SelectionDefinition;
    requested: number;
    freeRows: number;
    priceCents: number;
    token: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO exports (group_id, user_id, project_id, order_id, kind, path, format, product, level, definition, requested, free_rows, price_cents, token, created_at, expires_at)
    VALUES (${e.groupId}, ${e.userId}, ${e.projectId}, ${e.orderId}, ${e.kind}, ${e.path}, ${e.format}, ${e.product}, ${e.level}, ${sql.json(e.definition as never)},
            ${e.requested}, ${e.freeRows}, ${e.priceCents}, ${e.token}, ${e.createdAt}, ${e.expiresAt})
    RETURNING id`;
  return Number(row!.id);
}

export async function exportById(sql: Sql, id: number): Promise<ExportRow | undefined> {
  const [row] = await sql`SELECT * FROM exports WHERE id = ${id}`;
  return row ? toRow(row) : undefined;
}

export async function setExportStatus(
  sql: Sql,
  id: number,
  change: {
    status: number;
    progress?: number;
    rowsWritten?: number;
    filename?: string | null;
    error?: string | null;
    finishedAt?: Date;
  },
): Promise<void> {
  await sql`
    UPDATE exports SET status = ${change.status}, progress = coalesce(${change.progress ?? null}, progress),
      rows_written = coalesce(${change.rowsWritten ?? null}, rows_written),
      filename = CASE WHEN ${change.filename === undefined} THEN filename ELSE ${change.filename ?? null} END,
      error = ${change.error ?? null}, finished_at = coalesce(${change.finishedAt ?? null}, finished_at)
    WHERE id = ${id}`;
}

export async function setProgress(sql: Sql, id: number, progress: number): Promise<void> {
  await sql`UPDATE exports SET progress = ${progress} WHERE id = ${id} AND status = ${exportStatus.inProgress}`;
}

export async function countAttempt(sql: Sql, id: number): Promise<number> {
  const [row] = await sql<
    { attempts: number }[]
  >`UPDATE exports SET attempts = attempts + 1 WHERE id = ${id} RETURNING attempts`;
  return row?.attempts ?? 0;
}

/** A project's export records: in-progress ones only within `inProgressSince`. */
export async function exportsOfProject(
  sql: Sql,
  projectId: number,
  userId: number,
  inProgressSince: Date,
): Promise<ExportRow[]> {
  const rows = await sql`
    SELECT * FROM exports WHERE project_id = ${projectId} AND user_id = ${userId} AND (status <> ${exportStatus.inProgress} OR created_at >= ${inProgressSince})
    ORDER BY created_at DESC, id DESC LIMIT 100`;
  return rows.map(toRow);
}

export async function exportsOfUser(sql: Sql, userId: number, inProgressSince: Date): Promise<ExportRow[]> {
  const rows = await sql`
    SELECT * FROM exports WHERE user_id = ${userId} AND (status <> ${exportStatus.inProgress} OR created_at >= ${inProgressSince})
    ORDER BY created_at DESC, id DESC LIMIT 200`;
  return rows.map(toRow);
}

/** Free downloads per day of the month: parcels in ready or expired files, and attempted. */
export async function downloadHistory(
  sql: Sql,
  owner: { groupId: number | null; userId: number },
  since: Date,
): Promise<{ date: string; successful: number; attempted: number }[]> {
  return sql<{ date: string; successful: number; attempted: number }[]>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
           coalesce(sum(free_rows) FILTER (WHERE status IN (${exportStatus.ready}, ${exportStatus.expired})), 0)::int AS successful,
           coalesce(sum(free_rows), 0)::int AS attempted
    FROM exports
    WHERE created_at >= ${since} AND free_rows > 0
      AND (CASE WHEN ${owner.groupId}::bigint IS NULL THEN user_id = ${owner.userId} ELSE group_id = ${owner.groupId} END)
    GROUP BY 1 ORDER BY 1 DESC`;
}

export async function markDownloaded(sql: Sql, id: number, at: Date): Promise<void> {
  await sql`UPDATE exports SET downloaded_at = coalesce(downloaded_at, ${at}) WHERE id = ${id}`;
}

/** A failed export starts over: in progress, no attempts, no error. */
export async function restartExport(sql: Sql, id: number): Promise<void> {
  await sql`UPDATE exports SET status = ${exportStatus.inProgress}, attempts = 0, progress = 0, error = NULL, finished_at = NULL WHERE id = ${id}`;
}

/** The place's headline and the name of its state (the first two path segments). */
export async function placeHeadline(
  sql: Sql,
  path: string,
): Promise<{ headline: string; admin1: string | null } | undefined> {
  const [place] = await sql<{ headline: string; admin1: string | null }[]>`
    SELECT pl.headline, st.name AS admin1 FROM places pl LEFT JOIN places st ON st.path = '/' || split_part(pl.path, '/', 2) || '/' || split_part(pl.path, '/', 3)
    WHERE pl.path = ${path}`;
  return place;
}
