// What card purchases share: `usePurchase` (the card form, the idempotency key, the purchase and its
// errors) for the checkouts and the cart, and `useCheckout` for both plan checkouts (site plans, API
// plans), which adds the account name for a user without an account (rules, duplicate check on blur).
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { accountNameIsValid, duplicateAccountName, invalidAccountName } from '@parcel-map/contracts/people/groups';
import { ApiError, getJson } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { CardFormError, useCardEntry, type PaymentSetup } from './card-entry.tsx';
import { subscribe } from './api.ts';

const newKey = () => `purchase-${crypto.randomUUID()}`;

/**
 * A card purchase: the card form of the provider in use, one idempotency key per attempt (a double
 * click charges once; after a decline the next try is a new purchase, since the processor replays a
 * key's first answer, the decline included), and `purchase`, which tokenises the card, sends it with
 * the key and goes to the answer's page; errors show under the card form and end the submitting state.
 */
export function usePurchase(payment: PaymentSetup) {
  const card = useCardEntry(payment);
  const [submitting, setSubmitting] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const purchase = async (send: (paymentMethodId: string, idempotencyKey: string) => Promise<string>) => {
    setSubmitting(true);
    setCardError(null);
    try {
      location.assign(await send(await card.tokenise(), key));
    } catch (error) {
      setCardError(
        error instanceof ApiError || error instanceof CardFormError
          ? error.message
          : `Could not complete the purchase: ${(error as Error).message}`,
      );
      setKey(newKey());
      setSubmitting(false);
    }
  };
  return { card, cardError, submitting, purchase };
}

export function useCheckout(payment: PaymentSetup) {
  const session = useAtomValue(sessionAtom);
  const [accountName, setAccountName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const { card, cardError, submitting, purchase: pay } = usePurchase(payment);
  const needsName = !session.group;

  const checkName = async () => {
    if (!accountName.trim()) return setNameProblem(null);
    if (!accountNameIsValid(accountName)) return setNameProblem(invalidAccountName);
    const found = await getJson<unknown[]>('/search/groups.json', { query: accountName.trim(), exact: 'true' }).catch(
      () => [],
    );
    setNameProblem(Array.isArray(found) && found.length > 0 ? duplicateAccountName : null);
  };

  const purchase = (body: Record<string, unknown>) =>
    pay(async (paymentMethodId, idempotencyKey) => {
      const answer = await subscribe({
        ...body,
        payment_method_id: paymentMethodId,
        agreement: true,
        idempotency_key: idempotencyKey,
        ...(needsName ? { group_name: accountName.trim() } : {}),
      });
      return answer.path;
    });

  return {
    card,
    cardError,
    submitting,
    purchase,
    /** Signed in, not busy, the card complete and, without an account, a good new name. */
    basicsReady:
      session.user !== null &&
      !submitting &&
      card.complete &&
      (!needsName || (accountName.trim() !== '' && nameProblem === null)),
    nameField: (testId: string) =>
      needsName && (
        <label>
          Account name
          <input
            data-testid={testId}
            value={accountName}
            maxLength={100}
            onChange={(e) => setAccountName(e.target.value)}
            onBlur={() => void checkName()}
          />
          {nameProblem && (
            <span className="error small" data-testid="checkout-name-problem">
              {nameProblem}
            </span>
          )}
        </label>
      ),
  };
}
