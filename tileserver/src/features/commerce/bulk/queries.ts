// Storage of bulk data licence enquiries: one row per form sent, read by admins newest first.
import type { BulkRequestBody, BulkRequestRow } from '@parcel-map/contracts/commerce/bulk';
import type { Sql } from '../../../db/client.ts';

export async function insertBulkRequest(sql: Sql, request: BulkRequestBody, userId: number | null): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO bulk_requests (name, email, organization, scope, states, use_case, user_id)
    VALUES (${request.name}, ${request.email}, ${request.organization}, ${request.scope},
            ${request.states}::text[], ${request.use_case}, ${userId})
    RETURNING id`;
  return row!.id;
}

export async function bulkRequests(sql: Sql, page: number): Promise<BulkRequestRow[]> {
  const rows = await sql<(Omit<BulkRequestRow, 'created_at'> & { created_at: Date })[]>`
    SELECT name, email, organization, scope, states, use_case, created_at
    FROM bulk_requests ORDER BY created_at DESC, id DESC LIMIT 100 OFFSET ${page * 100}`;
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
