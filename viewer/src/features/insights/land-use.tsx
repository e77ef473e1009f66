// Land Use & Zoning: parcels per LBCS land-use category with percentages (a bar chart and its list),
// and the zoning codes with descriptions, or "No Zoning Data Available".
import type { InsightsPayload } from '@parcel-map/contracts/map/insights';
import { BarChart } from '../../ui/charts/bar-chart.tsx';
import { formatNumber, formatPercent, landUseColors, landUseLabels, percentOf } from './format.ts';

export const noZoningText = 'No Zoning Data Available';

export function LandUse({ lbcs }: { lbcs: NonNullable<InsightsPayload['lbcs']> }) {
  const total = lbcs.activity_counts.reduce((sum, a) => sum + a.count, 0);
  const rows = lbcs.activity_counts.map((a) => ({
    key: a.activity_type,
    label: landUseLabels[a.activity_type] ?? a.activity_type,
    count: a.count,
    percent: formatPercent(percentOf(a.count, total)),
  }));
  return (
    <div className="insights-land-use">
      <h3>Land Use</h3>
      <div className="insights-chart" data-testid="land-use-chart">
        <BarChart
          title="Parcels by land use"
          data={rows.map((r) => ({
            key: r.key,
            label: r.label,
            value: r.count,
            color: landUseColors[r.key],
            stroke: '#6b7280',
            valueLabel: r.percent,
          }))}
          valueLabels
          valueName="Parcels"
          labelWidth={110}
          format={(value) => formatNumber(value, true)}
        />
      </div>
      <table className="insights-list" data-testid="land-use-list">
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-category={r.key}>
              <td>
                <span className="swatch" style={{ background: landUseColors[r.key] }} />
                {r.label}
              </td>
              <td className="num">{formatNumber(r.count, true)}</td>
              <td className="num">{r.percent}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Zoning</h3>
      {lbcs.zoning.length === 0 ? (
        <p className="muted" data-testid="no-zoning">
          {noZoningText}
        </p>
      ) : (
        <table className="insights-list" data-testid="zoning-list">
          <tbody>
            {lbcs.zoning.map((z) => (
              <tr key={z.code}>
                <td>
                  <strong>{z.code}</strong>
                  {z.description ? <span className="muted"> {z.description}</span> : null}
                </td>
                <td className="num">{formatNumber(z.count, true)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
