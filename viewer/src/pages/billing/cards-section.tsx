// The credit cards of the account: each with "Use for plan" and Remove ("Are you sure you want to
// remove this card from your account?"), and Add New Card with "Save and Use Card", which tokenises
// the card, adds it to the account and makes it pay for the plan.
import { useEffect, useState } from 'react';
import { ApiError, sendJson } from '../../api/client.ts';
import { CardFormError, loadPaymentSetup, useCardEntry, type PaymentSetup } from '../plans/card-entry.tsx';

export interface CardRow {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  cardholder_name: string;
  expired: boolean;
}

export const removeCardConfirmation = 'Are you sure you want to remove this card from your account?';

export function CardsSection(props: {
  cards: CardRow[];
  payingToken: string | null;
  subscriptionId: number | null;
  canManage: boolean;
  onChanged: () => void;
}) {
  const [adding, setAdding] = useState(false);
  const [payment, setPayment] = useState<PaymentSetup | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      props.onChanged();
    } catch (error) {
      setProblem(
        error instanceof ApiError || error instanceof CardFormError ? error.message : (error as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };
  const use = (token: string) =>
    sendJson('PUT', `/subscriptions/${props.subscriptionId}.json`, { payment_method_id: token });
  const remove = (token: string) =>
    window.confirm(removeCardConfirmation) && run(() => sendJson('DELETE', `/account/cards/${token}.json`));
  useEffect(() => {
    if (adding && !payment) loadPaymentSetup().then(setPayment, (error: Error) => setProblem(error.message));
  }, [adding, payment]);
  const saveAndUse = (token: string) =>
    run(async () => {
      await sendJson('POST', '/account/cards.json', { payment_method_id: token });
      if (props.subscriptionId !== null) await use(token);
      setAdding(false);
    });

  return (
    <section className="account-card" data-testid="billing-cards">
      <h2>Cards</h2>
      {props.cards.length === 0 && <p className="muted">No cards on file.</p>}
      <ul className="follows-rows">
        {props.cards.map((c) => (
          <li key={c.token} data-testid="billing-card">
            <span>
              {c.brand.toUpperCase()} •••• {c.last4} · {String(c.exp_month).padStart(2, '0')}/{c.exp_year} ·{' '}
              {c.cardholder_name}
              {c.expired && <span className="error small"> Expired</span>}
              {c.token === props.payingToken && (
                <strong className="small" data-testid="paying-card">
                  {' '}
                  Pays for your plan
                </strong>
              )}
            </span>
            {props.canManage && c.token !== props.payingToken && (
              <span className="follows-row-buttons">
                {props.subscriptionId !== null && (
                  <button type="button" className="button" disabled={busy} onClick={() => void run(() => use(c.token))}>
                    Use for plan
                  </button>
                )}
                <button
                  type="button"
                  className="button"
                  data-testid="remove-card"
                  disabled={busy}
                  onClick={() => void remove(c.token)}
                >
                  Remove
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {problem && !adding && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {props.canManage && !adding && (
        <button type="button" className="button" data-testid="add-card" onClick={() => setAdding(true)}>
          Add New Card
        </button>
      )}
      {adding && payment && (
        <NewCardForm
          payment={payment}
          busy={busy}
          problem={problem}
          onToken={saveAndUse}
          onFailure={setProblem}
          onCancel={() => setAdding(false)}
        />
      )}
    </section>
  );
}

function NewCardForm(props: {
  payment: PaymentSetup;
  busy: boolean;
  problem: string | null;
  onToken: (token: string) => Promise<unknown>;
  onFailure: (message: string) => void;
  onCancel: () => void;
}) {
  const card = useCardEntry(props.payment);
  const submit = async () => {
    try {
      await props.onToken(await card.tokenise());
    } catch (error) {
      props.onFailure(
        error instanceof ApiError || error instanceof CardFormError ? error.message : (error as Error).message,
      );
    }
  };
  return (
    <form
      className="account-form checkout-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {card.view(props.problem)}
      <span>
        <button type="submit" className="primary" data-testid="save-card" disabled={props.busy || !card.complete}>
          {props.busy ? 'Saving...' : 'Save and Use Card'}
        </button>{' '}
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
      </span>
    </form>
  );
}
