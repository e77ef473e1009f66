// The Stripe adapter against a local HTTP server that speaks the processor's REST protocol (form-encoded
// requests, bearer key, Idempotency-Key header, JSON answers and card errors): the real SDK, no network.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardError } from '../provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

const seen: { path: string; auth?: string; key?: string; form: URLSearchParams }[] = [];
const intents = new Map<string, object>();
let server: Server;
let provider: StripePaymentProvider;

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await form(req);
    const key = req.headers['idempotency-key'] as string | undefined;
    seen.push({ path: req.url!, auth: req.headers.authorization, key, form: body });
    const send = (status: number, json: object) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_local' });
      res.end(JSON.stringify(json));
    };
    if (req.url === '/v1/customers') return send(200, { id: 'cus_local', object: 'customer', email: body.get('email'), name: body.get('name') });
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(req.url!);
    if (attach) {
      if (attach[1] === 'pm_missing') return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such PaymentMethod: 'pm_missing'" } });
      return send(200, { id: attach[1], object: 'payment_method', customer: body.get('customer'), billing_details: { name: 'Card Holder' }, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 } });
    }
    if (req.url === '/v1/payment_intents') {
      if (body.get('payment_method') === 'pm_card_chargeDeclined') {
        return send(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
      }
      if (key && intents.has(key)) return send(200, intents.get(key)!);
      const intent = { id: `pi_${intents.size + 1}`, object: 'payment_intent', amount: Number(body.get('amount')), currency: body.get('currency'), status: 'succeeded' };
      if (key) intents.set(key, intent);
      return send(200, intent);
    }
    if (req.url === '/v1/refunds') return send(200, { id: 're_local', object: 'refund', amount: Number(body.get('amount')), payment_intent: body.get('payment_intent') });
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${req.url})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider = new StripePaymentProvider('sk_test_local', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Stripe adapter', () => {
  it('makes a customer, attaches a card and charges it off session once per idempotency key, with the secret key', async () => {
    const customer = await provider.createCustomer({ email: 'a@example.org', name: 'Ann' });
    expect(customer.id).toBe('cus_local');
    const card = await provider.attachCard(customer.id, 'pm_card_visa');
    expect(card).toEqual({ token: 'pm_card_visa', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031, cardholderName: 'Card Holder' });
    const first = await provider.charge({ customerId: customer.id, token: card.token, amountCents: 9900, description: 'Pro (monthly)', idempotencyKey: 'sub_1' });
    const again = await provider.charge({ customerId: customer.id, token: card.token, amountCents: 9900, description: 'Pro (monthly)', idempotencyKey: 'sub_1' });
    expect(again).toEqual(first);
    expect(first).toEqual({ id: 'pi_1', amountCents: 9900, status: 'succeeded' });
    const charge = seen.find((s) => s.path === '/v1/payment_intents')!;
    expect(charge.auth).toBe('Bearer sk_test_local');
    expect(charge.key).toBe('sub_1');
    expect(Object.fromEntries(charge.form)).toMatchObject({ amount: '9900', currency: 'usd', confirm: 'true', off_session: 'true', customer: 'cus_local', payment_method: 'pm_card_visa' });
    expect(await provider.refund({ chargeId: first.id, amountCents: 500, idempotencyKey: 'refund_1' })).toEqual({ id: 're_local', amountCents: 500 });
  });

  it('turns the processor card errors into CardError with code, decline code and message', async () => {
    const declined = provider.charge({ customerId: 'cus_local', token: 'pm_card_chargeDeclined', amountCents: 100, description: 'x', idempotencyKey: 'sub_2' });
    await expect(declined).rejects.toBeInstanceOf(CardError);
    await expect(declined).rejects.toMatchObject({ code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' });
    await expect(provider.attachCard('cus_local', 'pm_missing')).rejects.toMatchObject({ code: 'resource_missing' });
  });
});
