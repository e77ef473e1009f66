// A local stand-in for the card processor, speaking its protocols so that our real code runs unchanged
// against it: the REST API (form-encoded bodies, bearer keys, Idempotency-Key, JSON answers and card
// errors) that the official Node SDK calls, and, at /v3/, a browser script with the same API as the
// processor's Stripe.js (Stripe(key).elements().create('card'), createPaymentMethod) that creates
// payment methods through the REST API with the publishable key, as the real one does. The test cards
// behave as they do at the processor (test-cards.ts): a decline card tokenises and fails when charged.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { behaviourOf, brandOf } from '../payments/local/test-cards.ts';

export interface FakeStripe {
  origin: string;
  /** Every API request: path, bearer key, idempotency key and form. */
  seen: { method: string; path: string; auth?: string; key?: string; form: URLSearchParams }[];
  close: () => Promise<void>;
}

interface Method {
  id: string;
  number: string;
  expMonth: number;
  expYear: number;
  name: string;
  customer?: string;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const seen: FakeStripe['seen'] = [];
  const methods = new Map<string, Method>();
  const intents = new Map<string, object>();
  const server: Server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.url === '/v3/') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return void res.end(browserScript(origin));
    }
    const form = await formOf(req);
    const key = req.headers['idempotency-key'] as string | undefined;
    seen.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, key, form });
    answer(req.url!, form, key, res);
  });
  const send = (res: ServerResponse, status: number, json: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_local' });
    res.end(JSON.stringify(json));
  };
  const methodJson = (m: Method) => ({
    id: m.id,
    object: 'payment_method',
    customer: m.customer ?? null,
    billing_details: { name: m.name },
    card: { brand: brandOf(m.number), last4: m.number.slice(-4), exp_month: m.expMonth, exp_year: m.expYear },
  });
  /** Ids shaped like the processor's: a prefix and 24 characters. */
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const answer = (path: string, form: URLSearchParams, key: string | undefined, res: ServerResponse) => {
    if (path === '/v1/customers')
      return send(res, 200, { id: id('cus'), object: 'customer', email: form.get('email'), name: form.get('name') });
    if (path === '/v1/payment_methods') {
      const method: Method = {
        id: id('pm'),
        number: form.get('card[number]') ?? '',
        expMonth: Number(form.get('card[exp_month]')),
        expYear: Number(form.get('card[exp_year]')),
        name: form.get('billing_details[name]') ?? '',
      };
      if (!/^\d{12,19}$/.test(method.number))
        return send(res, 402, {
          error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' },
        });
      methods.set(method.id, method);
      return send(res, 200, methodJson(method));
    }
    const attach = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path);
    if (attach) {
      const method = methods.get(attach[1]!);
      if (!method)
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${attach[1]}'`,
          },
        });
      method.customer = attach[2] === 'attach' ? (form.get('customer') ?? undefined) : undefined;
      return send(res, 200, methodJson(method));
    }
    if (path === '/v1/payment_intents') {
      if (key && intents.has(key)) return send(res, 200, intents.get(key)!);
      const method = methods.get(form.get('payment_method') ?? '');
      if (!method)
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${form.get('payment_method')}'`,
          },
        });
      const behaviour = behaviourOf(method.number);
      if (behaviour.fails !== 'never')
        return send(res, 402, {
          error: {
            type: 'card_error',
            code: behaviour.code,
            decline_code: behaviour.declineCode,
            message: behaviour.message,
          },
        });
      const intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        status: 'succeeded',
      };
      if (key) intents.set(key, intent);
      return send(res, 200, intent);
    }
    if (path === '/v1/refunds')
      return send(res, 200, {
        id: id('re'),
        object: 'refund',
        amount: Number(form.get('amount')),
        payment_intent: form.get('payment_intent'),
      });
    send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path})` } });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The browser script: one text input stands in for the processor's card frame ("4242... 12/34 123"). */
function browserScript(api: string): string {
  return `(() => {
  window.Stripe = (publishableKey) => ({
    elements: () => ({
      create: (type) => {
        let input = null;
        const handlers = {};
        const parse = () => { const m = /^(\\d{12,19}) (\\d\\d)\\/(\\d\\d) (\\d{3,4})$/.exec(input ? input.value.trim() : ''); return m && { number: m[1], month: m[2], year: '20' + m[3], cvc: m[4] }; };
        return {
          mount: (target) => {
            input = document.createElement('input');
            input.setAttribute('data-testid', 'processor-card-input');
            input.setAttribute('aria-label', 'Card number, expiry and security code');
            input.placeholder = 'Card number  MM/YY  CVC';
            input.addEventListener('input', () => handlers.change && handlers.change({ complete: !!parse(), empty: input.value === '' }));
            target.appendChild(input);
          },
          on: (event, handler) => { handlers[event] = handler; },
          destroy: () => { if (input) input.remove(); },
          _card: parse,
        };
      },
    }),
    createPaymentMethod: async ({ type, card, billing_details }) => {
      const c = card._card();
      if (!c) return { error: { code: 'incomplete_number', message: 'Your card number is incomplete.' } };
      const body = new URLSearchParams({ type, 'card[number]': c.number, 'card[exp_month]': c.month, 'card[exp_year]': c.year, 'card[cvc]': c.cvc, 'billing_details[name]': billing_details.name });
      const res = await fetch(${JSON.stringify(api)} + '/v1/payment_methods', { method: 'POST', headers: { Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded' }, body });
      const json = await res.json();
      return res.ok ? { paymentMethod: json } : { error: json.error };
    },
  });
})();`;
}
