// One card form for every place that takes a card (checkout, Add New Card), whichever provider the
// server uses: the built-in local provider's fields and tokeniser, or the processor's card element.
// `tokenise` answers the provider's payment-method token, the only card reference our API receives.
import { useCallback, useState, type ReactElement } from 'react';
import { CardFieldsInput, cardComplete, emptyCard } from './card-fields.tsx';
import { loadPlans, tokenise as tokeniseLocally, type CardFields } from './api.ts';
import { StripeCard, type StripeCardHandle } from './stripe-card.tsx';

export interface PaymentSetup {
  provider: 'local' | 'stripe';
  publishableKey: string | null;
}

let setup: Promise<PaymentSetup> | null = null;
/** Which provider takes cards, from /plans.json (asked once per page). */
export function loadPaymentSetup(): Promise<PaymentSetup> {
  setup ??= loadPlans().then((answer) => ({
    provider: answer.payment_provider,
    publishableKey: answer.publishable_key,
  }));
  return setup;
}

/** The card form's own refusal (the processor's wording), shown under the form as it is. */
export class CardFormError extends Error {}

export interface CardEntry {
  view: (error: string | null) => ReactElement;
  complete: boolean;
  tokenise: () => Promise<string>;
}

export function useCardEntry(payment: PaymentSetup): CardEntry {
  const [card, setCard] = useState<CardFields>(emptyCard);
  const [handle, setHandle] = useState<StripeCardHandle | null>(null);
  const [elementComplete, setElementComplete] = useState(false);
  const onReady = useCallback((next: StripeCardHandle | null) => setHandle(next), []);
  const onComplete = useCallback((complete: boolean) => setElementComplete(complete), []);

  if (payment.provider === 'local') {
    return {
      view: (error) => <CardFieldsInput card={card} onChange={setCard} error={error} />,
      complete: cardComplete(card),
      tokenise: () => tokeniseLocally(card),
    };
  }
  return {
    view: (error) => (
      <StripeCard
        publishableKey={payment.publishableKey}
        name={card.name}
        onName={(name) => setCard({ ...card, name })}
        onReady={onReady}
        onComplete={onComplete}
        error={error}
      />
    ),
    complete: handle !== null && elementComplete && card.name.trim().length >= 3,
    tokenise: async () => {
      if (!handle) throw new CardFormError('The card form is not ready yet.');
      const answer = await handle.stripe.createPaymentMethod({
        type: 'card',
        card: handle.element,
        billing_details: { name: card.name.trim() },
      });
      if (!answer.paymentMethod) throw new CardFormError(answer.error?.message ?? 'The card could not be read.');
      return answer.paymentMethod.id;
    },
  };
}
