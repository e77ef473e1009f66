// /admin/orders: every order with its account and user, what was refunded, and a refund (of any part
// still charged) through the payment provider.
import { useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import { ApiError, sendJson } from '../../api/client.ts';
import { AdminLayout, Pager } from './admin-layout.tsx';
import { formatDate } from './admin-format.ts';
import { useRemote } from '../../api/use-remote.ts';
import { scrollRegion } from '../../ui/scroll-region.ts';

interface Order {
  id: number;
  kind: string;
  description: string;
  amount_cents: number;
  refunded_cents: number;
  charge_id: string | null;
  created_at: string;
  account: string | null;
  email: string | null;
}

export function AdminOrdersPage() {
  const [page, setPage] = useState(0);
  const [state, reload] = useRemote<{ orders: Order[] }>(
    '/admin/orders.json',
    { page: page || undefined },
    { keepValue: true },
  );
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const orders = state.status === 'done' ? state.value.orders : [];
  const refund = async (order: Order) => {
    const left = order.amount_cents - order.refunded_cents;
    const answer = window.prompt(
      `Refund how much of order ${order.id}? At most ${formatUsd(left)}.`,
      (left / 100).toFixed(2),
    );
    if (answer === null) return;
    try {
      await sendJson('POST', `/admin/orders/${order.id}/refund.json`, {
        amount_cents: Math.round(Number(answer) * 100),
      });
      setMessage({
        text: `Refunded ${formatUsd(Math.round(Number(answer) * 100))} of order ${order.id}.`,
        error: false,
      });
      reload();
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : (error as Error).message, error: true });
    }
  };
  return (
    <AdminLayout title="Orders" path="/admin/orders" state={state}>
      {message && (
        <p role="status" className={message.error ? 'error' : 'follow-message'}>
          {message.text}
        </p>
      )}
      {orders.length === 0 ? (
        <p className="muted">No orders yet.</p>
      ) : (
        <div className="table-scroll" {...scrollRegion('Orders')}>
          <table className="admin-table" data-testid="admin-orders">
            <thead>
              <tr>
                <th>Order</th>
                <th>Date</th>
                <th>Account</th>
                <th>User</th>
                <th>What</th>
                <th>Amount</th>
                <th>Refunded</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>{o.id}</td>
                  <td>{formatDate(o.created_at)}</td>
                  <td>{o.account ?? ''}</td>
                  <td>{o.email ?? ''}</td>
                  <td className="wrap">{o.description}</td>
                  <td>{formatUsd(o.amount_cents)}</td>
                  <td>{o.refunded_cents ? formatUsd(o.refunded_cents) : ''}</td>
                  <td>
                    {o.charge_id && o.amount_cents > o.refunded_cents && o.kind !== 'refund' && (
                      <button
                        type="button"
                        className="button"
                        data-testid="refund-order"
                        onClick={() => void refund(o)}
                      >
                        Refund
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} count={orders.length} pageSize={100} onPage={setPage} />
    </AdminLayout>
  );
}
