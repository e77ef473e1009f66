// The plans page's Premium Add-On Datasets table (after the API plans table): each dataset, what it
// adds, and whether Standard, Premium and Enterprise include it, offer it as an add-on or not at all.
import type { ApiAddOn } from '@parcel-map/contracts/commerce/api-plans';

export function ApiAddOnsTable(props: { addOns: ApiAddOn[] }) {
  return (
    <div className="api-table-scroll" data-testid="api-add-ons-table">
      <h3>Premium Add-On Datasets</h3>
      <table className="api-table">
        <thead>
          <tr>
            <th scope="col">Dataset</th>
            <th scope="col">What it adds</th>
            <th scope="col">Standard</th>
            <th scope="col">Premium</th>
            <th scope="col">Enterprise</th>
          </tr>
        </thead>
        <tbody>
          {props.addOns.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.name}</th>
              <td>{a.description}</td>
              <td>{a.standard}</td>
              <td>{a.premium}</td>
              <td>{a.enterprise}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">
        Add-ons are priced with sales:{' '}
        <a href="mailto:sales@parcel-map.org?subject=API%20add-on%20datasets">contact us</a>.
      </p>
    </div>
  );
}
