// Checkout of a self-serve API plan (Standard, Premium): account name when the
// user has no account yet, the card (to the tokeniser only), the agreement and the API acknowledgement
// ticks (spec section 4: Confirm only when both are ticked), and the 7-day free trial's charge date.
// Card errors show under the card form and end the submitting state; success goes to the answer's path.
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { ApiPlan } from '../../../../tileserver/src/features/api-plans/schema.ts';
import { formatUsd } from '../../../../tileserver/src/features/billing/pricing.ts';
import { accountNameIsValid, duplicateAccountName, invalidAccountName } from '../../../../tileserver/src/features/groups/schema.ts';
import { ApiError, getJson } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { CardFormError, useCardEntry, type PaymentSetup } from './card-entry.tsx';
import { subscribe } from './plans-api.ts';

export const apiAcknowledgementText = 'I understand that usage past the included parcel records and tiles is billed at the overage prices (up to my usage cap), that self-serve API plans include no dedicated technical support, and that cancellation takes effect at the end of the billing cycle.';
const newKey = () => `api-checkout-${crypto.randomUUID()}`;
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function ApiCheckoutForm(props: { plan: ApiPlan; payment: PaymentSetup }) {
  const { plan } = props;
  const session = useAtomValue(sessionAtom);
  const [accountName, setAccountName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const card = useCardEntry(props.payment);
  const [agreed, setAgreed] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const needsName = !session.group;
  const chargeDate = new Date(Date.now() + (plan.trial_days ?? 0) * 86_400_000);

  const checkName = async () => {
    if (!accountName.trim()) return setNameProblem(null);
    if (!accountNameIsValid(accountName)) return setNameProblem(invalidAccountName);
    const found = await getJson<unknown[]>('/search/groups.json', { query: accountName.trim(), exact: 'true' }).catch(() => []);
    setNameProblem(Array.isArray(found) && found.length > 0 ? duplicateAccountName : null);
  };
  const ready = session.user !== null && agreed && acknowledged && !submitting && card.complete && (!needsName || (accountName.trim() !== '' && nameProblem === null));

  const confirm = async () => {
    if (!ready) return;
    setSubmitting(true);
    setCardError(null);
    try {
      const paymentMethod = await card.tokenise();
      const answer = await subscribe({
        plan: plan.plan, cycle: 'monthly', users: 1, payment_method_id: paymentMethod, agreement: true, api_acknowledgement: true, trial: true, idempotency_key: key,
        ...(needsName ? { group_name: accountName.trim() } : {}),
      });
      location.assign(answer.path);
    } catch (error) {
      setCardError(error instanceof ApiError || error instanceof CardFormError ? error.message : `Could not complete the purchase: ${(error as Error).message}`);
      setKey(newKey());
      setSubmitting(false);
    }
  };

  return (
    <form className="account-form checkout-form" data-testid="api-checkout-form" onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
      {needsName && (
        <label>
          Account name
          <input data-testid="api-checkout-account-name" value={accountName} maxLength={100} onChange={(e) => setAccountName(e.target.value)} onBlur={() => void checkName()} />
          {nameProblem && <span className="error small">{nameProblem}</span>}
        </label>
      )}
      {card.view(cardError)}
      <label className="checkbox-row">
        <input type="checkbox" data-testid="api-checkout-agree" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <span>I agree to the <a href="/hs/terms/subscription" target="_blank" rel="noreferrer">subscription terms</a> and the <a href="/hs/terms/api" target="_blank" rel="noreferrer">API terms</a>.</span>
      </label>
      <label className="checkbox-row api-ack">
        <input type="checkbox" data-testid="api-checkout-ack" checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} />
        <span>{apiAcknowledgementText}</span>
      </label>
      <p data-testid="api-checkout-total">
        {plan.trial_days
          ? <>7-day free trial: nothing today; {formatUsd(plan.prices.monthly ?? 0)} on {day.format(chargeDate)} and monthly after, unless you cancel before.</>
          : <>Total today: <strong>{formatUsd(plan.prices.monthly ?? 0)}</strong> (billed monthly)</>}
      </p>
      <span title={ready ? undefined : 'required information missing - please fill out to proceed'}>
        <button type="submit" className="primary" data-testid="api-checkout-confirm" disabled={!ready}>{submitting ? 'Processing...' : 'Confirm'}</button>
      </span>
    </form>
  );
}
