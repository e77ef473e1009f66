// /admin/bulk_requests: the bulk data licence enquiries from /bulk (who asked, for which states, why),
// newest first; each was also mailed to the team.
import { useState } from 'react';
import type { BulkRequestRow } from '@parcel-map/contracts/commerce/bulk';
import { useRemote } from '../../api/use-remote.ts';
import { scrollRegion } from '../../ui/scroll-region.ts';
import { formatDate } from './admin-format.ts';
import { AdminLayout, Pager } from './admin-layout.tsx';

export function AdminBulkRequestsPage() {
  const [page, setPage] = useState(0);
  const [state] = useRemote<{ requests: BulkRequestRow[] }>(
    '/admin/bulk_requests.json',
    { page: page || undefined },
    { keepValue: true },
  );
  const requests = state.status === 'done' ? state.value.requests : [];
  return (
    <AdminLayout title="Bulk Licence Requests" path="/admin/bulk_requests" state={state}>
      {requests.length === 0 ? (
        <p className="muted">No bulk licence enquiries yet.</p>
      ) : (
        <div className="table-scroll" {...scrollRegion('Bulk licence requests')}>
          <table className="admin-table" data-testid="admin-bulk-requests">
            <thead>
              <tr>
                <th>Name</th>
                <th>Email</th>
                <th>Organization</th>
                <th>States</th>
                <th>Use</th>
                <th>Date</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r, i) => (
                <tr key={`${r.created_at}:${i}`}>
                  <td>{r.name}</td>
                  <td>{r.email}</td>
                  <td>{r.organization}</td>
                  <td>{r.scope === 'nationwide' ? 'Nationwide' : r.states.join(', ').toUpperCase()}</td>
                  <td className="wrap">{r.use_case}</td>
                  <td>{formatDate(r.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} count={requests.length} pageSize={100} onPage={setPage} />
    </AdminLayout>
  );
}
