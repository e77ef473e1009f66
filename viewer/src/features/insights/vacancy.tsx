// Vacancy: the USPS Vacancy Status chart with its list. Data without USPS fields says so rather than
// drawing a chart of unknowns.
import type { VacancyStatus } from '@parcel-map/contracts/map/insights';
import { PieChart } from '../../ui/charts/pie-chart.tsx';
import { formatNumber, formatPercent, percentOf, vacancyColors, vacancyLabels } from './format.ts';

export function Vacancy({ usps }: { usps: { status: VacancyStatus; count: number }[] }) {
  const total = usps.reduce((sum, u) => sum + u.count, 0);
  const known = usps.filter((u) => u.status !== 'unknownStatus').reduce((sum, u) => sum + u.count, 0);
  const rows = usps.map((u) => ({
    ...u,
    label: vacancyLabels[u.status] ?? u.status,
    percent: formatPercent(percentOf(u.count, total)),
  }));
  return (
    <div className="insights-vacancy">
      <h3>USPS Vacancy Status</h3>
      {known === 0 ? (
        <p className="muted" data-testid="no-vacancy">
          This place's parcel data carries no USPS vacancy status, so all {formatNumber(total, true)} parcels are
          unknown.
        </p>
      ) : (
        <div className="insights-chart" data-testid="vacancy-chart">
          <PieChart
            title="USPS Vacancy Status"
            data={rows.map((r) => ({ key: r.status, label: r.label, value: r.count, color: vacancyColors[r.status]! }))}
            height={220}
            format={(value) => formatNumber(value, true)}
          />
        </div>
      )}
      <table className="insights-list" data-testid="vacancy-list">
        <tbody>
          {rows.map((r) => (
            <tr key={r.status} data-status={r.status}>
              <td>
                <span className="swatch" style={{ background: vacancyColors[r.status] }} />
                {r.label}
              </td>
              <td className="num">{formatNumber(r.count, true)}</td>
              <td className="num">{r.percent}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
