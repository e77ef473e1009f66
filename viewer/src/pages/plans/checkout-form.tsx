// Checkout (accounts-billing.md section 4): the account name (checked for duplicates on blur), users
// (1 to 25; Pro with more users becomes Team and back), the card form of the provider in use (the
// number goes to its tokeniser only), the agreement, and Confirm, enabled only when every rule holds.
// Card errors show under the card form and end the submitting state; success goes to the answer's path.
import { useState } from 'react';
import { priceCents, type Cycle } from '@parcel-map/contracts/commerce/plan-pricing';
import { formatUsd } from '@parcel-map/contracts/money';
import type { PaymentSetup } from './card-entry.tsx';
import type { PlanEntry } from './api.ts';
import { useCheckout } from './use-checkout.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';

export function CheckoutForm(props: {
  plan: PlanEntry;
  cycle: Cycle;
  users: number;
  onUsers: (users: number) => void;
  payment: PaymentSetup;
}) {
  const { plan, cycle, users } = props;
  const checkout = useCheckout(props.payment);
  const [offer, setOffer] = useState('');
  const [agreed, setAgreed] = useState(false);
  const amount = priceCents(plan, cycle, users);
  const ready = checkout.basicsReady && agreed;
  const confirm = () =>
    ready && checkout.purchase({ plan: plan.plan, cycle, users, ...(offer.trim() ? { offer: offer.trim() } : {}) });

  return (
    <form
      className="account-form checkout-form"
      data-testid="checkout-form"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      {checkout.nameField('checkout-account-name')}
      <label>
        Users: <strong data-testid="checkout-users-value">{users}</strong>
        <input
          type="range"
          min={1}
          max={25}
          value={users}
          data-testid="checkout-users"
          onChange={(e) => props.onUsers(Number(e.target.value))}
        />
      </label>
      <label>
        Offer code (optional)
        <input data-testid="checkout-offer" value={offer} maxLength={40} onChange={(e) => setOffer(e.target.value)} />
      </label>
      {checkout.card.view(checkout.cardError)}
      <label className="checkbox-row">
        <input
          type="checkbox"
          data-testid="checkout-agree"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        <span>
          I agree to the{' '}
          <a href="/hs/terms/subscription" target="_blank" rel="noreferrer">
            subscription terms
          </a>
          . The card is charged now and for each renewal.
        </span>
      </label>
      <p data-testid="checkout-total">
        Total today: <strong>{offer.trim() ? 'the offer price' : formatUsd(amount)}</strong> (
        {cycle === 'annual' ? 'billed yearly' : 'billed monthly'})
      </p>
      <Tooltip content={ready ? undefined : 'required information missing - please fill out to proceed'} disabled>
        <button type="submit" className="primary" data-testid="checkout-confirm" disabled={!ready}>
          {checkout.submitting ? 'Processing...' : 'Confirm'}
        </button>
      </Tooltip>
    </form>
  );
}
