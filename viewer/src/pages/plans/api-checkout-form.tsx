// Checkout of a self-serve API plan (Standard, Premium): account name when the
// user has no account yet, the card (to the tokeniser only), the agreement and the API acknowledgement
// ticks (spec section 4: Confirm only when both are ticked), and the 7-day free trial's charge date.
// Card errors show under the card form and end the submitting state; success goes to the answer's path.
import { useState } from 'react';
import type { ApiPlan } from '@parcel-map/contracts/commerce/api-plans';
import { formatUsd } from '@parcel-map/contracts/money';
import type { PaymentSetup } from './card-entry.tsx';
import { useCheckout } from './use-checkout.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';

export const apiAcknowledgementText =
  'I understand that usage past the included parcel records and tiles is billed at the overage prices (up to my usage cap), that self-serve API plans include no dedicated technical support, and that cancellation takes effect at the end of the billing cycle.';
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function ApiCheckoutForm(props: { plan: ApiPlan; payment: PaymentSetup }) {
  const { plan } = props;
  const checkout = useCheckout(props.payment);
  const [agreed, setAgreed] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const chargeDate = new Date(Date.now() + (plan.trial_days ?? 0) * 86_400_000);
  const ready = checkout.basicsReady && agreed && acknowledged;
  const confirm = () =>
    ready && checkout.purchase({ plan: plan.plan, cycle: 'monthly', users: 1, api_acknowledgement: true, trial: true });

  return (
    <form
      className="account-form checkout-form"
      data-testid="api-checkout-form"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      {checkout.nameField('api-checkout-account-name')}
      {checkout.card.view(checkout.cardError)}
      <label className="checkbox-row">
        <input
          type="checkbox"
          data-testid="api-checkout-agree"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        <span>
          I agree to the{' '}
          <a href="/hs/terms/subscription" target="_blank" rel="noreferrer">
            subscription terms
          </a>{' '}
          and the{' '}
          <a href="/hs/terms/api" target="_blank" rel="noreferrer">
            API terms
          </a>
          .
        </span>
      </label>
      <label className="checkbox-row api-ack">
        <input
          type="checkbox"
          data-testid="api-checkout-ack"
          checked={acknowledged}
          onChange={(e) => setAcknowledged(e.target.checked)}
        />
        <span>{apiAcknowledgementText}</span>
      </label>
      <p data-testid="api-checkout-total">
        {plan.trial_days ? (
          <>
            7-day free trial: nothing today; {formatUsd(plan.prices.monthly ?? 0)} on {day.format(chargeDate)} and
            monthly after, unless you cancel before.
          </>
        ) : (
          <>
            Total today: <strong>{formatUsd(plan.prices.monthly ?? 0)}</strong> (billed monthly)
          </>
        )}
      </p>
      <Tooltip content={ready ? undefined : 'required information missing - please fill out to proceed'} disabled>
        <button type="submit" className="primary" data-testid="api-checkout-confirm" disabled={!ready}>
          {checkout.submitting ? 'Processing...' : 'Confirm'}
        </button>
      </Tooltip>
    </form>
  );
}
