// Exports as the admin imports-and-exports page lists them (/admin/imports_exports/running): every
// user's running and recent export and store files, with progress, rows and error.
import type { Sql } from '../../../db/client.ts';
import type { ExportRun } from '@parcel-map/contracts/ops/imports';
import { exportStatus, statusText } from '@parcel-map/contracts/commerce/exports';

/** Running exports first, then the most recent ones. */
export async function adminExportRuns(sql: Sql, limit = 50): Promise<ExportRun[]> {
  const rows = await sql<Omit<ExportRun, 'status_text'>[]>`
    SELECT e.id::int, e.kind, e.path, e.format, e.product, u.email AS user_email, e.status::int AS status, e.progress::int AS progress,
      e.requested, e.rows_written, e.attempts, e.error, e.created_at, e.finished_at
    FROM exports e JOIN users u ON u.id = e.user_id
    ORDER BY (e.status = ${exportStatus.inProgress}) DESC, e.created_at DESC, e.id DESC LIMIT ${limit}`;
  return rows.map((r) => ({ ...r, status_text: statusText[r.status] ?? String(r.status) }));
}
