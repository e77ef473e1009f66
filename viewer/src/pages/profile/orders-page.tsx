// /profile/orders: the order history (subscriptions, plan changes, credits, renewals and, later, data
// orders) of the user and of the account they manage.
import { formatUsd } from '@parcel-map/contracts/money';
import { useRemote, valueOf } from '../../api/use-remote.ts';
import { PurchasedFiles } from '../../features/exports/purchased-files.tsx';
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';

interface Order {
  id: number;
  kind: string;
  description: string;
  amount_cents: number;
  created_at: string;
  account: string | null;
}

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const kinds: Record<string, string> = {
  subscription: 'Subscription',
  renewal: 'Renewal',
  plan_change: 'Plan change',
  credit: 'Credit',
  refund: 'Refund',
  data: 'Data order',
};

export function OrdersPage() {
  const session = useSignedInSession();
  const [remote] = useRemote<{ orders: Order[] }>(session ? '/profile/orders.json' : null, {}, { keepValue: true });
  const orders = valueOf(remote)?.orders ?? null;
  const problem = remote.status === 'failed' ? remote.message : null;
  return (
    <PageFrame title="Order history" testId="orders-page">
      {problem && <p className="error">{problem}</p>}
      {orders === null && !problem && <p className="muted">Loading...</p>}
      {orders?.length === 0 && (
        <p className="account-card" data-testid="orders-empty">
          No orders yet. Plans are on the <a href="/plans">plans page</a>.
        </p>
      )}
      {orders && orders.length > 0 && (
        <ul className="account-card follows-rows">
          {orders.map((o) => (
            <li key={o.id} data-testid="order-row">
              <span>
                {day.format(new Date(o.created_at))} · {kinds[o.kind] ?? o.kind} · {o.description}
                {o.account ? ` · ${o.account}` : ''}
              </span>
              <strong>{formatUsd(o.amount_cents)}</strong>
            </li>
          ))}
        </ul>
      )}
      <PurchasedFiles />
    </PageFrame>
  );
}
