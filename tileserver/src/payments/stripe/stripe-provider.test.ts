// The Stripe adapter against a local server that speaks the processor's REST protocol (form-encoded
// requests, bearer key, Idempotency-Key header, JSON answers and card errors): the real SDK, no network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../testing/fake-stripe.ts';
import { CardError } from '../provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

let fake: FakeStripe;
let provider: StripePaymentProvider;

/** What the processor's browser script does with the publishable key: a payment method for a card. */
async function browserPaymentMethod(number: string): Promise<string> {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2031',
    'card[cvc]': '123',
    'billing_details[name]': 'Card Holder',
  });
  const answer = await fetch(`${fake.origin}/v1/payment_methods`, {
    method: 'POST',
    headers: { Authorization: 'Bearer pk_test_local' },
    body,
  });
  return ((await answer.json()) as { id: string }).id;
}

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = new StripePaymentProvider('sk_test_local', fake.origin);
});
afterAll(() => fake.close());

describe('the Stripe adapter', () => {
  it('makes a customer, attaches a card and charges it off session once per idempotency key, with the secret key', async () => {
    const customer = await provider.createCustomer({ email: 'a@example.org', name: 'Ann' });
    expect(customer.id).toMatch(/^cus_/);
    const token = await browserPaymentMethod('4242424242424242');
    const card = await provider.attachCard(customer.id, token);
    expect(card).toEqual({
      token,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
      cardholderName: 'Card Holder',
    });
    const first = await provider.charge({
      customerId: customer.id,
      token: card.token,
      amountCents: 9900,
      description: 'Pro (monthly)',
      idempotencyKey: 'sub_1',
    });
    const again = await provider.charge({
      customerId: customer.id,
      token: card.token,
      amountCents: 9900,
      description: 'Pro (monthly)',
      idempotencyKey: 'sub_1',
    });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ amountCents: 9900, status: 'succeeded' });
    const charges = fake.seen.filter((s) => s.path === '/v1/payment_intents');
    expect(charges).toHaveLength(2);
    expect(charges[0]!.auth).toBe('Bearer sk_test_local');
    expect(charges[0]!.key).toBe('sub_1');
    expect(Object.fromEntries(charges[0]!.form)).toMatchObject({
      amount: '9900',
      currency: 'usd',
      confirm: 'true',
      off_session: 'true',
      customer: customer.id,
      payment_method: token,
    });
    expect(await provider.refund({ chargeId: first.id, amountCents: 500, idempotencyKey: 'refund_1' })).toMatchObject({
      amountCents: 500,
    });
    await provider.detachCard(token);
    expect(fake.seen.at(-1)!.path).toBe(`/v1/payment_methods/${token}/detach`);
  });

  it('turns the processor card errors into CardError with code, decline code and message', async () => {
    const token = await browserPaymentMethod('4000000000000002');
    const declined = provider.charge({
      customerId: 'cus_1',
      token,
      amountCents: 100,
      description: 'x',
      idempotencyKey: 'sub_2',
    });
    await expect(declined).rejects.toBeInstanceOf(CardError);
    await expect(declined).rejects.toMatchObject({
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    await expect(provider.attachCard('cus_1', 'pm_missing')).rejects.toMatchObject({ code: 'resource_missing' });
  });
});
