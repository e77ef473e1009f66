// A store product's coverage report (how full each of its fields is in the place for sale, from the
// data) and its schema links, folded under the product so the list stays short.
import type { StoreProduct } from './api.ts';

export function ProductReport(props: { product: StoreProduct }) {
  const { coverage, schemas, id } = props.product;
  return (
    <details className="small store-report" data-testid={`coverage-report-${id}`}>
      <summary>Coverage report</summary>
      <p className="muted">
        Share of parcels here with a value in each field ({coverage.sampled.toLocaleString('en-US')} parcels counted).
      </p>
      <table>
        <tbody>
          {coverage.fields.map((f) => (
            <tr key={f.name}>
              <th scope="row" title={f.name} style={{ textAlign: 'left', fontWeight: 'normal' }}>
                {f.label}
              </th>
              <td>{f.percent}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Schema:{' '}
        {schemas.map((s, i) => (
          <span key={s.href}>
            {i > 0 && ' · '}
            <a href={s.href}>{s.label}</a>
          </span>
        ))}
      </p>
    </details>
  );
}
