// Checkout (accounts-billing.md section 4): the account name (checked for duplicates on blur), users
// (1 to 25; Pro with more users becomes Team and back), the card form of the provider in use (the
// number goes to its tokeniser only), the agreement, and Confirm, enabled only when every rule holds.
// Card errors show under the card form and end the submitting state; success goes to the answer's path.
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { accountNameIsValid, duplicateAccountName, invalidAccountName } from '../../../../tileserver/src/features/groups/schema.ts';
import { formatUsd, priceCents, type Cycle } from '../../../../tileserver/src/features/billing/pricing.ts';
import { ApiError, getJson } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { CardFormError, useCardEntry, type PaymentSetup } from './card-entry.tsx';
import { subscribe, type PlanEntry } from './plans-api.ts';

const newKey = () => `checkout-${crypto.randomUUID()}`;

export function CheckoutForm(props: { plan: PlanEntry; cycle: Cycle; users: number; onUsers: (users: number) => void; payment: PaymentSetup }) {
  const { plan, cycle, users } = props;
  const session = useAtomValue(sessionAtom);
  const [accountName, setAccountName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const card = useCardEntry(props.payment);
  const [offer, setOffer] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const needsName = !session.group;
  const amount = priceCents(plan, cycle, users);

  const checkName = async () => {
    if (!accountName.trim()) return setNameProblem(null);
    if (!accountNameIsValid(accountName)) return setNameProblem(invalidAccountName);
    const found = await getJson<unknown[]>('/search/groups.json', { query: accountName.trim(), exact: 'true' }).catch(() => []);
    setNameProblem(Array.isArray(found) && found.length > 0 ? duplicateAccountName : null);
  };
  const ready = session.user !== null && agreed && !submitting && card.complete && (!needsName || (accountName.trim() !== '' && nameProblem === null));

  const confirm = async () => {
    if (!ready) return;
    setSubmitting(true);
    setCardError(null);
    try {
      const paymentMethod = await card.tokenise();
      const answer = await subscribe({
        plan: plan.plan, cycle, users, payment_method_id: paymentMethod, agreement: true, idempotency_key: key,
        ...(needsName ? { group_name: accountName.trim() } : {}),
        ...(offer.trim() ? { offer: offer.trim() } : {}),
      });
      location.assign(answer.path);
    } catch (error) {
      setCardError(error instanceof ApiError || error instanceof CardFormError ? error.message : `Could not complete the purchase: ${(error as Error).message}`);
      // A declined attempt is over: the next try is a new purchase with its own key.
      setKey(newKey());
      setSubmitting(false);
    }
  };

  return (
    <form className="account-form checkout-form" data-testid="checkout-form" onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
      {needsName && (
        <label>
          Account name
          <input data-testid="checkout-account-name" value={accountName} maxLength={100} onChange={(e) => setAccountName(e.target.value)} onBlur={() => void checkName()} />
          {nameProblem && <span className="error small" data-testid="checkout-name-problem">{nameProblem}</span>}
        </label>
      )}
      <label>
        Users: <strong data-testid="checkout-users-value">{users}</strong>
        <input type="range" min={1} max={25} value={users} data-testid="checkout-users" onChange={(e) => props.onUsers(Number(e.target.value))} />
      </label>
      <label>
        Offer code (optional)
        <input data-testid="checkout-offer" value={offer} maxLength={40} onChange={(e) => setOffer(e.target.value)} />
      </label>
      {card.view(cardError)}
      <label className="checkbox-row">
        <input type="checkbox" data-testid="checkout-agree" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <span>I agree to the <a href="/hs/terms/subscription" target="_blank" rel="noreferrer">subscription terms</a>. The card is charged now and for each renewal.</span>
      </label>
      <p data-testid="checkout-total">Total today: <strong>{offer.trim() ? 'the offer price' : formatUsd(amount)}</strong> ({cycle === 'annual' ? 'billed yearly' : 'billed monthly'})</p>
      <span title={ready ? undefined : 'required information missing - please fill out to proceed'}>
        <button type="submit" className="primary" data-testid="checkout-confirm" disabled={!ready}>{submitting ? 'Processing...' : 'Confirm'}</button>
      </span>
    </form>
  );
}
