// The plans page's API plans comparison table: columns Sandbox/Free Trial, Standard, Premium and
// Enterprise, rows from the plans file (price, included records and tiles, overage, schema, support,
// add-ons, best for), and each column's button: Start with Free / Not Available for the sandbox,
// Try {name} / Choosing {name} / Current Plan for the self-serve plans, Get a Demo for Enterprise.
import type { ApiPlan } from '@parcel-map/contracts/commerce/api-plans';
import { formatUsd } from '@parcel-map/contracts/money';
import '../api/api.css';

const count = (n: number | null) => (n === null ? 'Custom' : n.toLocaleString('en-US'));

const rows: { label: string; value: (p: ApiPlan) => string }[] = [
  { label: 'Price', value: (p) => p.prices.text },
  {
    label: 'Parcel records',
    value: (p) =>
      p.sandbox
        ? `${count(p.limits.results)} in ${p.sandbox.days} days`
        : p.limits.results === null
          ? 'Volume pricing'
          : `${count(p.limits.results)} a month`,
  },
  {
    label: 'Tiles',
    value: (p) =>
      p.sandbox
        ? `${count(p.limits.tiles)} in ${p.sandbox.days} days`
        : p.limits.tiles === null
          ? 'Volume pricing'
          : `${count(p.limits.tiles)} a month`,
  },
  {
    label: 'Overage',
    value: (p) =>
      p.limits.overage_results === null
        ? (p.limits.unit_price ?? 'None: the sandbox stops at its limits')
        : `${formatUsd(p.limits.overage_results)} per record, $0.001 per tile`,
  },
  { label: 'Usage cap', value: (p) => (p.limits.overage_results === null ? '-' : 'Optional') },
  {
    label: 'Coverage',
    value: (p) => (p.sandbox ? `${p.sandbox.counties} counties of your choice` : 'Every loaded county'),
  },
  { label: 'Schema', value: (p) => p.properties.schema_types ?? '-' },
  {
    label: 'Credit card',
    value: (p) => (p.card_required ? 'Required (7-day free trial)' : p.sandbox ? 'Not needed' : 'Invoice'),
  },
  { label: 'Technical support', value: (p) => p.properties.technical_support ?? '-' },
  { label: 'Volume pricing', value: (p) => p.properties.volume_pricing ?? '-' },
  { label: 'Matched buildings', value: (p) => p.properties.matched_buildings ?? '-' },
  { label: 'Matched addresses', value: (p) => p.properties.matched_addresses ?? '-' },
  { label: 'Typeahead search', value: (p) => p.properties.typeahead_search ?? '-' },
  { label: 'Enhanced ownership', value: (p) => p.properties.enhanced_ownership ?? '-' },
  { label: 'Standardized zoning', value: (p) => p.properties.standardized_zoning ?? '-' },
  { label: 'Best for', value: (p) => p.properties.best_for ?? '-' },
];

export function apiButtonText(
  plan: ApiPlan,
  current: string | null,
  chosen: string | null,
  sandboxAvailable: boolean,
): string {
  if (plan.sandbox) {
    if (current === plan.plan) return 'Current Plan';
    // A used sandbox (expired, or upgraded from) is never offered again: no extension.
    return sandboxAvailable && current === null ? 'Start with Free' : 'Not Available';
  }
  if (!plan.self_serve) return 'Get a Demo';
  if (plan.plan === current) return 'Current Plan';
  if (plan.plan === chosen) return `Choosing ${plan.name}`;
  return `Try ${plan.name}`;
}

export function ApiPlansTable(props: {
  plans: ApiPlan[];
  current: string | null;
  chosen: string | null;
  sandboxAvailable: boolean;
  onChoose: (plan: ApiPlan) => void;
}) {
  return (
    <div className="api-table-scroll" data-testid="api-plans-table">
      <table className="api-table">
        <caption className="muted small">API plans comparison</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Feature</span>
            </th>
            {props.plans.map((p) => (
              <th scope="col" key={p.plan} className={p.plan === props.chosen ? 'chosen' : ''}>
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {props.plans.map((p) => (
                <td key={p.plan} className={p.plan === props.chosen ? 'chosen' : ''}>
                  {row.value(p)}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">
              <span className="visually-hidden">Choose</span>
            </th>
            {props.plans.map((p) => {
              const text = apiButtonText(p, props.current, props.chosen, props.sandboxAvailable);
              return (
                <td key={p.plan}>
                  <button
                    type="button"
                    className={text.startsWith('Try') || text === 'Start with Free' ? 'primary' : ''}
                    data-testid={`api-choose-${p.plan}`}
                    disabled={text === 'Current Plan' || text === 'Not Available'}
                    onClick={() => props.onChoose(p)}
                  >
                    {text}
                  </button>
                </td>
              );
            })}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
