// Vacancy: the USPS Vacancy Status chart with its list. Data without USPS fields says so rather than
// drawing a chart of unknowns.
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { VacancyStatus } from '@parcel-map/contracts/map/insights';
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
          <ResponsiveContainer width="100%" height={220}>
            <PieChart>
              <Pie
                data={rows.filter((r) => r.count > 0)}
                dataKey="count"
                nameKey="label"
                innerRadius={45}
                outerRadius={90}
                isAnimationActive={false}
              >
                {rows
                  .filter((r) => r.count > 0)
                  .map((r) => (
                    <Cell key={r.status} fill={vacancyColors[r.status]} />
                  ))}
              </Pie>
              <Tooltip formatter={(value, name) => [formatNumber(Number(value), true), name]} />
            </PieChart>
          </ResponsiveContainer>
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
