// /admin: the overview counts of GET /admin/overview.json as tiles, with two small charts (accounts,
// activity) so the sizes compare at a glance.
import { AdminLayout } from './admin-layout.tsx';
import { barData, countLabel } from './admin-format.ts';
import { BarChart } from '../../ui/charts/bar-chart.tsx';
import { useRemote } from '../../api/use-remote.ts';

const accountKeys = ['users', 'users_last_7_days', 'pro_groups', 'team_groups'];
const activityKeys = ['active_sessions', 'lookups_today', 'place_requests', 'search_feedback'];

export function AdminOverviewPage() {
  const [state] = useRemote<Record<string, number>>('/admin/overview.json', {}, { keepValue: true });
  const counts = state.status === 'done' ? state.value : {};
  const bars = (keys: string[]) =>
    barData(
      keys.filter((k) => typeof counts[k] === 'number').map((k) => ({ label: countLabel(k), value: counts[k]! })),
    );
  return (
    <AdminLayout title="Admin Overview" path="/admin" state={state}>
      <ul className="stat-tiles" data-testid="admin-overview-tiles">
        {Object.entries(counts).map(([key, value]) => (
          <li key={key} className="stat-tile" data-key={key}>
            <span className="stat-value">{Number(value).toLocaleString('en-US')}</span>
            <span className="stat-label">{countLabel(key)}</span>
          </li>
        ))}
      </ul>
      <div className="chart-row">
        <div className="page-card">
          <BarChart title="Accounts" caption valueLabels data={bars(accountKeys)} testId="overview-accounts-chart" />
        </div>
        <div className="page-card">
          <BarChart title="Activity" caption valueLabels data={bars(activityKeys)} testId="overview-activity-chart" />
        </div>
      </div>
    </AdminLayout>
  );
}
