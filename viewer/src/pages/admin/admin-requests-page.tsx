// /admin/requests: the Place Unavailable requests (who asked for which place, and why), newest first.
import { useState } from 'react';
import { sameOriginPath } from '../../api/same-origin.ts';
import { AdminLayout, Pager } from './admin-layout.tsx';
import { formatDate } from './admin-format.ts';
import { useRemote } from '../../api/use-remote.ts';
import { scrollRegion } from '../../ui/scroll-region.ts';

interface PlaceRequest {
  path: string;
  name: string;
  contact: string;
  comment: string;
  created_at: string;
}

export function AdminRequestsPage() {
  const [page, setPage] = useState(0);
  const [state] = useRemote<{ requests: PlaceRequest[] }>(
    '/admin/requests.json',
    { page: page || undefined },
    { keepValue: true },
  );
  const requests = state.status === 'done' ? state.value.requests : [];
  return (
    <AdminLayout title="Place Requests" path="/admin/requests" state={state}>
      {requests.length === 0 ? (
        <p className="muted">No place requests yet.</p>
      ) : (
        <div className="table-scroll" {...scrollRegion('Place requests')}>
          <table className="admin-table" data-testid="admin-requests">
            <thead>
              <tr>
                <th>Place</th>
                <th>Name</th>
                <th>Contact</th>
                <th>Reason for interest</th>
                <th>Date</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r, i) => (
                <tr key={`${r.created_at}:${i}`}>
                  <td>
                    <PlaceLink path={r.path} />
                  </td>
                  <td>{r.name}</td>
                  <td>{r.contact}</td>
                  <td className="wrap">{r.comment}</td>
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

/** A request's place as a link when it is a path of this site (older rows may hold anything), else text. */
function PlaceLink({ path }: { path: string }) {
  const href = sameOriginPath(path);
  return href ? <a href={href}>{path}</a> : <span data-testid="request-path-text">{path}</span>;
}
