// /admin/search_feedback: what people searched for without finding it ("Help us Improve"), newest first.
import { useState } from 'react';
import { AdminLayout, Pager } from './admin-layout.tsx';
import { formatDate } from './admin-format.ts';
import { useRemote } from '../../api/use-remote.ts';
import { scrollRegion } from '../../ui/scroll-region.ts';

interface Feedback {
  query: string;
  additional_information: string;
  created_at: string;
}

export function AdminSearchFeedbackPage() {
  const [page, setPage] = useState(0);
  const [state] = useRemote<{ feedback: Feedback[] }>(
    '/admin/search_feedback.json',
    { page: page || undefined },
    { keepValue: true },
  );
  const feedback = state.status === 'done' ? state.value.feedback : [];
  return (
    <AdminLayout title="Search Feedback" path="/admin/search_feedback" state={state}>
      {feedback.length === 0 ? (
        <p className="muted">No search feedback yet.</p>
      ) : (
        <div className="table-scroll" {...scrollRegion('Search feedback')}>
          <table className="admin-table" data-testid="admin-search-feedback">
            <thead>
              <tr>
                <th>Query</th>
                <th>Additional information</th>
                <th>Date</th>
              </tr>
            </thead>
            <tbody>
              {feedback.map((f, i) => (
                <tr key={`${f.created_at}:${i}`}>
                  <td>{f.query}</td>
                  <td className="wrap">{f.additional_information}</td>
                  <td>{formatDate(f.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} count={feedback.length} pageSize={100} onPage={setPage} />
    </AdminLayout>
  );
}
