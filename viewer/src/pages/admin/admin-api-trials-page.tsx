// /admin/api_trials: the API sandboxes and 7-day trials, newest first, with their account, user,
// state (trial, active, capped, expired), end or charge date, counties and usage so far.
import { AdminLayout } from './admin-layout.tsx';
import { formatDate } from './admin-format.ts';
import { useRemote } from '../../api/use-remote.ts';
import { scrollRegion } from '../../ui/scroll-region.ts';

interface Trial {
  group_id: number;
  account: string;
  path: string;
  email: string | null;
  name: string;
  kind: 'sandbox' | 'trial';
  state: string;
  started_at: string;
  ends_at: string | null;
  cancelled: boolean;
  counties: string[];
  usage: { tiles: number; records: number };
}

const n = (value: number) => value.toLocaleString('en-US');

export function AdminApiTrialsPage() {
  const [state] = useRemote<{ trials: Trial[] }>('/admin/api_trials.json', {}, { keepValue: true });
  const trials = state.status === 'done' ? state.value.trials : [];
  return (
    <AdminLayout title="API Trials" path="/admin/api_trials" state={state}>
      {trials.length === 0 ? (
        <p className="muted">No API sandboxes or trials yet.</p>
      ) : (
        <div className="table-scroll" {...scrollRegion('API trials')}>
          <table className="admin-table" data-testid="admin-api-trials">
            <thead>
              <tr>
                <th>Account</th>
                <th>User</th>
                <th>Kind</th>
                <th>Plan</th>
                <th>State</th>
                <th>Started</th>
                <th>Ends / charge date</th>
                <th>Tiles</th>
                <th>Records</th>
                <th>Counties</th>
              </tr>
            </thead>
            <tbody>
              {trials.map((t) => (
                <tr key={t.group_id}>
                  <td>
                    <a href={`${t.path}/settings/billing`}>{t.account}</a>
                  </td>
                  <td>{t.email ?? ''}</td>
                  <td>{t.kind === 'sandbox' ? 'Sandbox' : 'Free trial'}</td>
                  <td>{t.name}</td>
                  <td>
                    {t.state}
                    {t.cancelled ? ' (cancelled)' : ''}
                  </td>
                  <td>{formatDate(t.started_at)}</td>
                  <td>{t.ends_at ? formatDate(t.ends_at) : ''}</td>
                  <td>{n(t.usage.tiles)}</td>
                  <td>{n(t.usage.records)}</td>
                  <td className="wrap">{t.counties.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminLayout>
  );
}
