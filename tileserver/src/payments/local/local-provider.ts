// The built-in payment provider (PAYMENT_PROVIDER=local, the default): a card processor in miniature
// for development, demos and tests. Cards are tokenised by its own endpoint (routes.ts), so the number
// goes only there and is never stored: a payment method keeps brand, last 4, expiry, name and what the
// test card does. Charges, refunds and customers live in PostgreSQL, each charge once per idempotency key.
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import { CardError, type CardDetails, type Charge, type PaymentProvider } from '../provider.ts';
import { behaviourOf, brandOf, luhnValid, type TestCardBehaviour } from './test-cards.ts';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

type MethodRow = {
  id: string;
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  cardholder_name: string;
  behaviour: TestCardBehaviour;
};

const details = (row: MethodRow): CardDetails => ({
  token: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.exp_month,
  expYear: row.exp_year,
  cardholderName: row.cardholder_name,
});

type ChargeRow = { id: string; amount_cents: number; customer_id: string };

export const idempotencyMismatch =
  'Keys for idempotent requests can only be used with the same parameters they were first used with.';

/**
 * A repeated key answers its first charge only for the same customer and amount, as the card processor
 * does: a key reused for another payment is an error, never an earlier charge passed off as this one.
 */
function replayed(done: ChargeRow, input: { customerId: string; amountCents: number }): Charge {
  if (done.customer_id !== input.customerId || done.amount_cents !== input.amountCents)
    throw new ApiError('CONFLICT', idempotencyMismatch);
  return { id: done.id, amountCents: done.amount_cents, status: 'succeeded' };
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  constructor(
    private readonly sql: Sql,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The tokeniser: checks the card as a processor would and answers a payment-method id. */
  async tokenise(card: CardInput): Promise<CardDetails> {
    const number = card.number.replace(/[\s-]/g, '');
    if (!luhnValid(number)) throw new CardError('incorrect_number', 'Your card number is incorrect.');
    const now = this.now();
    if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
      throw new CardError('invalid_expiry_month', "Your card's expiration month is invalid.");
    if (
      !Number.isInteger(card.expYear) ||
      card.expYear < now.getUTCFullYear() ||
      card.expYear > now.getUTCFullYear() + 20
    ) {
      throw new CardError('invalid_expiry_year', "Your card's expiration year is invalid.");
    }
    if (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
      throw new CardError('invalid_expiry_month', "Your card's expiration month is invalid.");
    if (!/^\d{3,4}$/.test(card.cvc)) throw new CardError('invalid_cvc', "Your card's security code is invalid.");
    if (card.name.trim().length < 3)
      throw new CardError('invalid_name', 'The cardholder name needs at least 3 characters.');
    const behaviour = behaviourOf(number);
    if (behaviour.fails === 'tokenise') throw new CardError(behaviour.code!, behaviour.message!, behaviour.declineCode);
    const [row] = await this.sql<MethodRow[]>`
      INSERT INTO local_payment_methods (id, brand, last4, exp_month, exp_year, cardholder_name, behaviour)
      VALUES (${newId('pm')}, ${brandOf(number)}, ${number.slice(-4)}, ${card.expMonth}, ${card.expYear}, ${card.name.trim()}, ${this.sql.json(behaviour as never)})
      RETURNING *`;
    return details(row!);
  }

  async createCustomer(input: { email: string; name: string; idempotencyKey?: string }): Promise<{ id: string }> {
    // With a key, the id is derived from it: a second call finds the first one's customer.
    const id = input.idempotencyKey
      ? `cus_${createHash('sha256').update(input.idempotencyKey).digest('base64url').slice(0, 16)}`
      : newId('cus');
    await this
      .sql`INSERT INTO local_customers (id, email, name) VALUES (${id}, ${input.email}, ${input.name}) ON CONFLICT (id) DO NOTHING`;
    return { id };
  }

  async attachCard(customerId: string, token: string): Promise<CardDetails> {
    const [row] = await this.sql<MethodRow[]>`
      UPDATE local_payment_methods SET customer_id = ${customerId} WHERE id = ${token} AND (customer_id IS NULL OR customer_id = ${customerId}) RETURNING *`;
    if (!row) throw new CardError('resource_missing', 'No such payment method.');
    return details(row);
  }

  async detachCard(token: string): Promise<void> {
    await this.sql`UPDATE local_payment_methods SET customer_id = NULL WHERE id = ${token}`;
  }

  async charge(input: {
    customerId: string;
    token: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<Charge> {
    const [done] = await this.sql<
      ChargeRow[]
    >`SELECT id, amount_cents, customer_id FROM local_charges WHERE idempotency_key = ${input.idempotencyKey}`;
    if (done) return replayed(done, input);
    const [method] = await this.sql<
      MethodRow[]
    >`SELECT * FROM local_payment_methods WHERE id = ${input.token} AND customer_id = ${input.customerId}`;
    if (!method) throw new CardError('resource_missing', 'No such payment method.');
    if (method.behaviour.fails === 'charge')
      throw new CardError(method.behaviour.code!, method.behaviour.message!, method.behaviour.declineCode);
    const now = this.now();
    if (
      method.exp_year < now.getUTCFullYear() ||
      (method.exp_year === now.getUTCFullYear() && method.exp_month < now.getUTCMonth() + 1)
    ) {
      throw new CardError('expired_card', 'Your card has expired.');
    }
    // Two concurrent submissions with one key: the second insert does nothing and reads the first.
    const [row] = await this.sql<ChargeRow[]>`
      INSERT INTO local_charges (id, customer_id, payment_method_id, amount_cents, description, idempotency_key)
      VALUES (${newId('ch')}, ${input.customerId}, ${input.token}, ${input.amountCents}, ${input.description}, ${input.idempotencyKey})
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, amount_cents, customer_id`;
    if (row) return { id: row.id, amountCents: row.amount_cents, status: 'succeeded' };
    return replayed(
      (
        await this.sql<
          ChargeRow[]
        >`SELECT id, amount_cents, customer_id FROM local_charges WHERE idempotency_key = ${input.idempotencyKey}`
      )[0]!,
      input,
    );
  }

  async refund(input: {
    chargeId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string; amountCents: number }> {
    return this.sql.begin(async (tx) => {
      const [done] = await tx<
        { id: string; amount_cents: number }[]
      >`SELECT id, amount_cents FROM local_refunds WHERE idempotency_key = ${input.idempotencyKey}`;
      if (done) return { id: done.id, amountCents: done.amount_cents };
      const [charge] = await tx<
        { amount_cents: number; refunded_cents: number }[]
      >`SELECT amount_cents, refunded_cents FROM local_charges WHERE id = ${input.chargeId} FOR UPDATE`;
      if (!charge) throw new CardError('resource_missing', 'No such charge.');
      if (input.amountCents <= 0 || charge.refunded_cents + input.amountCents > charge.amount_cents) {
        throw new CardError('amount_too_large', 'Refund amount is greater than the unrefunded amount on the charge.');
      }
      const id = newId('re');
      await tx`INSERT INTO local_refunds (id, charge_id, amount_cents, idempotency_key) VALUES (${id}, ${input.chargeId}, ${input.amountCents}, ${input.idempotencyKey})`;
      await tx`UPDATE local_charges SET refunded_cents = refunded_cents + ${input.amountCents} WHERE id = ${input.chargeId}`;
      return { id, amountCents: input.amountCents };
    }) as Promise<{ id: string; amountCents: number }>;
  }
}
