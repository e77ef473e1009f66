// /orders/cart: the cart's export selections and store files with their prices, remove, and checkout
// with the billing checkout's card form (the card goes to the provider's tokeniser only). A paid
// order's files are made by export jobs and listed on /profile/orders.
import { useEffect, useRef, useState } from 'react';
import { formatUsd } from '../../../../tileserver/src/features/exports/pricing.ts';
import type { CartAnswer } from '../../../../tileserver/src/features/store/schema.ts';
import { getJson, sendJson } from '../../api/client.ts';
import { cardComplete, CardFieldsInput, emptyCard } from '../plans/card-fields.tsx';
import { tokenise, type CardFields } from '../plans/plans-api.ts';
import { PageFrame, useSignedInSession } from '../users/page-frame.tsx';
import '../../features/export/export.css';

type Load = { status: 'loading' } | { status: 'loaded'; cart: CartAnswer } | { status: 'error'; message: string };

export function CartPage() {
  const session = useSignedInSession();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [card, setCard] = useState<CardFields>(emptyCard);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // One key per visit: a double click or a retried request charges once.
  const key = useRef(`cart-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);
  const from = new URLSearchParams(location.search).get('from');

  useEffect(() => {
    if (session) getJson<CartAnswer>('/orders/cart.json').then((cart) => setLoad({ status: 'loaded', cart }), (e: unknown) => setLoad({ status: 'error', message: (e as Error).message }));
  }, [session]);

  const remove = async (itemKey: string) => {
    const cart = await sendJson<CartAnswer>('POST', '/orders/cart/remove.json', { path: itemKey });
    setLoad({ status: 'loaded', cart });
  };
  const pay = async () => {
    setPaying(true);
    setError(null);
    try {
      const pm = await tokenise(card);
      const order = await sendJson<{ url: string }>('POST', '/orders/cart/checkout.json', { payment_method_id: pm, idempotency_key: key.current });
      location.assign(order.url);
    } catch (e) {
      setError((e as Error).message);
      setPaying(false);
    }
  };

  const items = load.status === 'loaded' ? Object.values(load.cart.items) : [];
  return (
    <PageFrame title="Your Cart" testId="cart-page">
      {from && <p><a href={from}>← Continue shopping</a></p>}
      {load.status === 'loading' && <p className="muted">Loading...</p>}
      {load.status === 'error' && <p className="error">{load.message}</p>}
      {load.status === 'loaded' && items.length === 0 && <p className="account-card" data-testid="cart-empty">Your cart is empty. Export parcels from a project's Export tab, or buy county files in the <a href="/store">Data Store</a>.</p>}
      {items.length > 0 && load.status === 'loaded' && (
        <>
          <ul className="account-card cart-items" data-testid="cart-items">
            {items.map((item) => (
              <li key={item.key} data-testid="cart-item">
                <span>
                  {item.kind === 'export' ? `Export: ${item.path}, ${item.count.toLocaleString('en-US')} parcels, ${item.fmt.toUpperCase()}` : `${item.path} · ${item.variant}${item.addons.length ? ` + ${item.addons.join(', ')}` : ''} · ${item.fmt.toUpperCase()}`}
                </span>
                <span>
                  <strong>{formatUsd(item.price)}</strong>{' '}
                  <button type="button" className="button" onClick={() => void remove(item.key)}>Remove</button>
                </span>
              </li>
            ))}
          </ul>
          <p data-testid="cart-total">Total: <strong>{formatUsd(load.cart.total)}</strong></p>
          <CardFieldsInput card={card} onChange={setCard} error={error} />
          <button type="button" className="button primary" data-testid="cart-pay" disabled={!cardComplete(card) || paying} onClick={() => void pay()}>
            {paying ? 'Paying…' : `Pay ${formatUsd(load.cart.total)}`}
          </button>
        </>
      )}
    </PageFrame>
  );
}
