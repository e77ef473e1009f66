// /orders/cart: the cart's export selections and store files with their prices, remove, and checkout
// with the checkout's card form of the provider in use (the card goes to the provider's tokeniser only). A paid
// order's files are made by export jobs and listed on /profile/orders.
import { useEffect, useState } from 'react';
import { formatUsd } from '@parcel-map/contracts/money';
import type { CartAnswer } from '@parcel-map/contracts/commerce/store';
import { getJson, sendJson } from '../../api/client.ts';
import { sameOriginPath } from '../../api/same-origin.ts';
import { doneRemote, failedRemote, loadingRemote, type Remote } from '../../api/use-remote.ts';
import { loadPaymentSetup, type PaymentSetup } from '../plans/card-entry.tsx';
import { usePurchase } from '../plans/use-checkout.tsx';
import { PageFrame, useSignedInSession } from '../../shell/page-frame/page-frame.tsx';
import '../../features/exports/export.css';

export function CartPage() {
  const session = useSignedInSession();
  const [load, setLoad] = useState<Remote<CartAnswer>>(loadingRemote);
  const [payment, setPayment] = useState<PaymentSetup | null>(null);
  // ?from= comes from the link that opened the cart: only a path of this site is linked back to.
  const from = sameOriginPath(new URLSearchParams(location.search).get('from'));

  useEffect(() => {
    if (session) loadPaymentSetup().then(setPayment, () => undefined);
    if (session)
      getJson<CartAnswer>('/orders/cart.json').then(
        (cart) => setLoad(doneRemote(cart)),
        (e: unknown) => setLoad(failedRemote(e)),
      );
  }, [session]);

  const remove = async (itemKey: string) => {
    const cart = await sendJson<CartAnswer>('POST', '/orders/cart/remove.json', { path: itemKey });
    setLoad(doneRemote(cart));
  };
  const items = load.status === 'done' ? Object.values(load.value.items) : [];
  return (
    <PageFrame title="Your Cart" testId="cart-page">
      {from && (
        <p>
          <a href={from}>← Continue shopping</a>
        </p>
      )}
      {load.status === 'loading' && <p className="muted">Loading...</p>}
      {load.status === 'failed' && <p className="error">{load.message}</p>}
      {load.status === 'done' && items.length === 0 && (
        <p className="account-card" data-testid="cart-empty">
          Your cart is empty. Export parcels from a project's Export tab, or buy county files in the{' '}
          <a href="/store">Data Store</a>.
        </p>
      )}
      {items.length > 0 && load.status === 'done' && (
        <>
          <ul className="account-card cart-items" data-testid="cart-items">
            {items.map((item) => (
              <li key={item.key} data-testid="cart-item">
                <span>
                  {item.kind === 'export'
                    ? `Export: ${item.path}, ${item.count.toLocaleString('en-US')} parcels, ${item.fmt.toUpperCase()}`
                    : `${item.path} · ${item.variant}${item.addons.length ? ` + ${item.addons.join(', ')}` : ''} · ${item.fmt.toUpperCase()}`}
                </span>
                <span>
                  <strong>{formatUsd(item.price)}</strong>{' '}
                  <button type="button" className="button" onClick={() => void remove(item.key)}>
                    Remove
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <p data-testid="cart-total">
            Total: <strong>{formatUsd(load.value.total)}</strong>
          </p>
          {items.some((item) => item.kind === 'export') && (
            <p className="muted small">
              Export prices are estimates: checkout applies this month's free rows once more and asks again if the total
              changed.
            </p>
          )}
          {payment && <CartPayment payment={payment} total={load.value.total} />}
        </>
      )}
    </PageFrame>
  );
}

function CartPayment(props: { payment: PaymentSetup; total: number }) {
  const { card, cardError, submitting, purchase } = usePurchase(props.payment);
  const pay = () =>
    purchase(
      async (paymentMethodId, idempotencyKey) =>
        (
          await sendJson<{ url: string }>('POST', '/orders/cart/checkout.json', {
            payment_method_id: paymentMethodId,
            idempotency_key: idempotencyKey,
          })
        ).url,
    );
  return (
    <>
      {card.view(cardError)}
      <button
        type="button"
        className="button primary"
        data-testid="cart-pay"
        disabled={!card.complete || submitting}
        onClick={() => void pay()}
      >
        {submitting ? 'Paying…' : `Pay ${formatUsd(props.total)}`}
      </button>
    </>
  );
}
