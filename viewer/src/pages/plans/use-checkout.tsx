// What both checkouts (site plans, API plans) share: the account name for a user without an account
// (rules, and the duplicate check on blur), the card form of the provider in use, one idempotency key
// per attempt, and the purchase itself: card errors show under the card form and end the submitting
// state (the next try is a new purchase with its own key); success goes to the answer's path.
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { accountNameIsValid, duplicateAccountName, invalidAccountName } from '../../../../tileserver/src/features/groups/schema.ts';
import { ApiError, getJson } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { CardFormError, useCardEntry, type PaymentSetup } from './card-entry.tsx';
import { subscribe } from './plans-api.ts';

const newKey = () => `checkout-${crypto.randomUUID()}`;

export function useCheckout(payment: PaymentSetup) {
  const session = useAtomValue(sessionAtom);
  const [accountName, setAccountName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const card = useCardEntry(payment);
  const [submitting, setSubmitting] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const needsName = !session.group;

  const checkName = async () => {
    if (!accountName.trim()) return setNameProblem(null);
    if (!accountNameIsValid(accountName)) return setNameProblem(invalidAccountName);
    const found = await getJson<unknown[]>('/search/groups.json', { query: accountName.trim(), exact: 'true' }).catch(() => []);
    setNameProblem(Array.isArray(found) && found.length > 0 ? duplicateAccountName : null);
  };

  const purchase = async (body: Record<string, unknown>) => {
    setSubmitting(true);
    setCardError(null);
    try {
      const paymentMethod = await card.tokenise();
      const answer = await subscribe({ ...body, payment_method_id: paymentMethod, agreement: true, idempotency_key: key, ...(needsName ? { group_name: accountName.trim() } : {}) });
      location.assign(answer.path);
    } catch (error) {
      setCardError(error instanceof ApiError || error instanceof CardFormError ? error.message : `Could not complete the purchase: ${(error as Error).message}`);
      setKey(newKey());
      setSubmitting(false);
    }
  };

  return {
    card,
    cardError,
    submitting,
    purchase,
    /** Signed in, not busy, the card complete and, without an account, a good new name. */
    basicsReady: session.user !== null && !submitting && card.complete && (!needsName || (accountName.trim() !== '' && nameProblem === null)),
    nameField: (testId: string) => needsName && (
      <label>
        Account name
        <input data-testid={testId} value={accountName} maxLength={100} onChange={(e) => setAccountName(e.target.value)} onBlur={() => void checkName()} />
        {nameProblem && <span className="error small" data-testid="checkout-name-problem">{nameProblem}</span>}
      </label>
    ),
  };
}
