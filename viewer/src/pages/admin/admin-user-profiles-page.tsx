// /admin/user_profiles: the job title and industry users gave at sign-up, with a chart of industries.
import { useState } from 'react';
import { AdminLayout, Pager } from './admin-layout.tsx';
import { barData, countAnswers, formatDate } from './admin-format.ts';
import { BarChart } from '../../ui/charts/bar-chart.tsx';
import { useRemote } from '../../api/use-remote.ts';
import { scrollRegion } from '../../ui/scroll-region.ts';

interface Profile {
  name: string;
  email: string;
  job_title: string | null;
  industry: string | null;
  created_at: string;
}

export function AdminUserProfilesPage() {
  const [page, setPage] = useState(0);
  const [state] = useRemote<{ profiles: Profile[] }>(
    '/admin/user_profiles.json',
    { page: page || undefined },
    { keepValue: true },
  );
  const profiles = state.status === 'done' ? state.value.profiles : [];
  return (
    <AdminLayout title="User Profiles" path="/admin/user_profiles" state={state}>
      <div className="page-card">
        <BarChart
          title={page ? 'Industries (this page)' : 'Industries (latest answers)'}
          caption
          valueLabels
          data={barData(countAnswers(profiles.map((p) => p.industry)))}
          testId="industries-chart"
        />
      </div>
      {profiles.length === 0 ? (
        <p className="muted">No profile answers yet.</p>
      ) : (
        <div className="table-scroll" {...scrollRegion('User profiles')}>
          <table className="admin-table" data-testid="admin-profiles">
            <thead>
              <tr>
                <th>Name</th>
                <th>Email</th>
                <th>Job title</th>
                <th>Industry</th>
                <th>Joined</th>
              </tr>
            </thead>
            <tbody>
              {profiles.map((p) => (
                <tr key={`${p.email}:${p.created_at}`}>
                  <td>{p.name}</td>
                  <td>{p.email}</td>
                  <td>{p.job_title ?? ''}</td>
                  <td>{p.industry ?? ''}</td>
                  <td>{formatDate(p.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} count={profiles.length} pageSize={100} onPage={setPage} />
    </AdminLayout>
  );
}
