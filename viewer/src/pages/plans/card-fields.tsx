// The local provider's card form: number, expiry, security code and cardholder name, with the card
// error under it. The number is only ever sent to the provider's tokeniser (api.ts).
import type { CardFields } from './api.ts';

export const emptyCard: CardFields = { number: '', expiry: '', cvc: '', name: '' };

export function cardComplete(card: CardFields): boolean {
  return (
    card.number.replace(/\D/g, '').length >= 12 &&
    card.expiry.trim() !== '' &&
    /^\d{3,4}$/.test(card.cvc) &&
    card.name.trim().length >= 3
  );
}

export function CardFieldsInput(props: {
  card: CardFields;
  onChange: (card: CardFields) => void;
  error: string | null;
}) {
  const { card, onChange } = props;
  return (
    <fieldset className="card-form" data-testid="card-form">
      <legend>Card</legend>
      <input
        aria-label="Card number"
        data-testid="card-number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="Card number"
        value={card.number}
        onChange={(e) => onChange({ ...card, number: e.target.value })}
      />
      <span className="card-row">
        <input
          aria-label="Expiry (MM/YY)"
          data-testid="card-expiry"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          onChange={(e) => onChange({ ...card, expiry: e.target.value })}
        />
        <input
          aria-label="Security code"
          data-testid="card-cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={card.cvc}
          onChange={(e) => onChange({ ...card, cvc: e.target.value })}
        />
      </span>
      <input
        aria-label="Cardholder name"
        data-testid="card-name"
        autoComplete="cc-name"
        placeholder="Cardholder name"
        value={card.name}
        onChange={(e) => onChange({ ...card, name: e.target.value })}
      />
      {props.error && (
        <p className="error" role="alert" data-testid="card-error">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
