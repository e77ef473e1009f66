// The payment-provider interface, shaped like the leading card processor's API: customers, payment
// methods (card tokens made by the provider's own tokeniser, so card numbers never reach our API),
// charges with idempotency keys, refunds, and card errors with the processor's codes and messages.
// Money is integer cents in USD. Implementations: local/ (built in, the default) and stripe/.

export interface CardDetails {
  /** The provider's payment-method id (pm_...): the only card reference we store. */
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  cardholderName: string;
}

export interface Charge {
  id: string;
  amountCents: number;
  status: 'succeeded';
}

/** A declined or unusable card: `code` and `message` as the processor words them (shown under the card form). */
export class CardError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** A repeated idempotency key answers the customer it made before (a checkout retried after a crash). */
  createCustomer(input: { email: string; name: string; idempotencyKey?: string }): Promise<{ id: string }>;
  /** Attaches a tokenised card to a customer and answers what may be stored about it. */
  attachCard(customerId: string, token: string): Promise<CardDetails>;
  detachCard(token: string): Promise<void>;
  /** Charges a card once per idempotency key: a repeated key answers the first charge again. */
  charge(input: {
    customerId: string;
    token: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<Charge>;
  refund(input: {
    chargeId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string; amountCents: number }>;
}
