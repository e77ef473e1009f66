// The card processor's own card element (PAYMENT_PROVIDER=stripe): the number, expiry and code are typed
// into the processor's frame and never reach our page's code or our API; we keep the cardholder name and
// ask the processor for a payment-method token when the form is submitted.
import { useEffect, useRef, useState } from 'react';
import { loadStripeJs, type StripeCardElement, type StripeJs } from './stripe-js.ts';

export interface StripeCardHandle {
  stripe: StripeJs;
  element: StripeCardElement;
}

export const stripeUnavailable =
  "The card processor's card form could not load. Check your connection and reload the page.";
export const stripeNotConfigured =
  "Card payments are not configured on this server (the processor's publishable key is missing).";

export function StripeCard(props: {
  publishableKey: string | null;
  name: string;
  onName: (name: string) => void;
  onReady: (handle: StripeCardHandle | null) => void;
  onComplete: (complete: boolean) => void;
  error: string | null;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(props.publishableKey ? null : stripeNotConfigured);
  const [elementError, setElementError] = useState<string | null>(null);
  const { publishableKey, onReady, onComplete } = props;

  useEffect(() => {
    if (!publishableKey || !frame.current) return;
    let element: StripeCardElement | null = null;
    let cancelled = false;
    loadStripeJs(publishableKey).then(
      (stripe) => {
        if (cancelled || !frame.current) return;
        element = stripe.elements().create('card', { hidePostalCode: true });
        element.on('change', (event) => {
          setElementError(event.error?.message ?? null);
          onComplete(event.complete);
        });
        element.mount(frame.current);
        onReady({ stripe, element });
      },
      () => !cancelled && setProblem(stripeUnavailable),
    );
    return () => {
      cancelled = true;
      element?.destroy();
      onReady(null);
    };
  }, [publishableKey, onReady, onComplete]);

  const shown = problem ?? props.error ?? elementError;
  return (
    <fieldset className="card-form" data-testid="card-form">
      <legend>Card</legend>
      <div className="stripe-card-frame" data-testid="stripe-card" ref={frame} />
      <input
        aria-label="Cardholder name"
        data-testid="card-name"
        autoComplete="cc-name"
        placeholder="Cardholder name"
        value={props.name}
        onChange={(e) => props.onName(e.target.value)}
      />
      {shown && (
        <p className="error" role="alert" data-testid="card-error">
          {shown}
        </p>
      )}
    </fieldset>
  );
}
