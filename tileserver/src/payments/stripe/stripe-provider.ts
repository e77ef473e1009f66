// The card processor's official Node SDK behind the payment-provider interface
// (PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY). Cards are tokenised in the browser by the
// processor's own card element; the server only attaches, charges (PaymentIntents confirmed off
// session, with the idempotency key) and refunds. STRIPE_API_BASE points the SDK at another host that
// speaks the same protocol (the tests' local server).
import Stripe from 'stripe';
import { CardError, type CardDetails, type Charge, type PaymentProvider } from '../provider.ts';

function cardErrorOf(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError)
    throw new CardError(error.code ?? 'card_declined', error.message, error.decline_code);
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
    throw new CardError('resource_missing', error.message);
  throw error;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly client: Stripe;

  constructor(secretKey: string, apiBase?: string) {
    const base = apiBase ? new URL(apiBase) : undefined;
    this.client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async createCustomer(input: { email: string; name: string; idempotencyKey?: string }): Promise<{ id: string }> {
    const customer = await this.client.customers.create(
      { email: input.email, name: input.name },
      input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
    );
    return { id: customer.id };
  }

  async attachCard(customerId: string, token: string): Promise<CardDetails> {
    try {
      const method = await this.client.paymentMethods.attach(token, { customer: customerId });
      const card = method.card;
      if (!card) throw new CardError('invalid_payment_method', 'That payment method is not a card.');
      return {
        token: method.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        cardholderName: method.billing_details.name ?? '',
      };
    } catch (error) {
      return cardErrorOf(error);
    }
  }

  async detachCard(token: string): Promise<void> {
    await this.client.paymentMethods.detach(token);
  }

  async charge(input: {
    customerId: string;
    token: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<Charge> {
    try {
      const intent = await this.client.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: input.token,
          confirm: true,
          off_session: true,
          description: input.description,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status !== 'succeeded')
        throw new CardError(
          'authentication_required',
          'Your card was declined. This transaction requires authentication.',
        );
      return { id: intent.id, amountCents: intent.amount, status: 'succeeded' };
    } catch (error) {
      return cardErrorOf(error);
    }
  }

  async refund(input: {
    chargeId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string; amountCents: number }> {
    const refund = await this.client.refunds.create(
      { payment_intent: input.chargeId, amount: input.amountCents },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: refund.id, amountCents: refund.amount };
  }
}
