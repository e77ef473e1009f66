// The account's cards (accounts-billing.md: credit cards page): add a tokenised card, remove one
// (not the card that pays for the plan), and choose which card pays for the subscription. Managers of
// the account only; another account's card or subscription is 404.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireSession, type Caller, type CallerResolver } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import type { PaymentProvider } from '../../../payments/provider.ts';
import { customerFor } from './checkout-steps.ts';
import { assertBilling } from './policy.ts';
import { cardOfGroup, deleteCard, insertCard, setSubscriptionCard } from './queries.ts';
import { paymentMethodId } from '@parcel-map/contracts/commerce/billing';

const cardToken = z.object({ payment_method_id: paymentMethodId });

type CardDeps = Parameters<typeof cardRoutes>[0];

function managerGroup(caller: Caller) {
  requireSession(caller);
  if (!caller.group) throw new ApiError('NOT_FOUND', 'You have no account with a plan');
  assertBilling(caller, 'manage_cards');
  return { ...caller.group, user: caller.user };
}

async function addCard(c: Context, deps: CardDeps): Promise<Response> {
  const { sql, payments } = deps;
  const group = managerGroup(await deps.callers.of(c));
  const { payment_method_id } = await requestBody(c, cardToken);
  const customer = await customerFor(sql, payments, group.user);
  const card = await payments.attachCard(customer, payment_method_id);
  await insertCard(sql, group.id, group.user.id, payments.name, card);
  return c.json(
    {
      token: card.token,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      cardholder_name: card.cardholderName,
    },
    201,
  );
}

async function removeCard(c: Context, deps: CardDeps): Promise<Response> {
  const { sql, payments } = deps;
  const group = managerGroup(await deps.callers.of(c));
  const token = c.req.param('token')!.replace(/\.json$/, '');
  const card = await cardOfGroup(sql, token, group.id);
  if (!card) throw new ApiError('NOT_FOUND', 'No such card');
  if (card.in_use)
    throw new ApiError('CONFLICT', 'This card pays for your plan: choose another card for the plan first.');
  await payments.detachCard(token);
  await deleteCard(sql, token, group.id);
  return c.json({ status: 'ok' });
}

async function chooseCard(c: Context, deps: CardDeps): Promise<Response> {
  const { sql } = deps;
  const group = managerGroup(await deps.callers.of(c));
  const id = Number(c.req.param('id')!.replace(/\.json$/, ''));
  const { payment_method_id } = await requestBody(c, cardToken);
  const set = await setSubscriptionCard(sql, id, group.id, payment_method_id);
  if (set === 'no_card') throw new ApiError('NOT_FOUND', 'No such card on this account');
  if (set === 'no_subscription') throw new ApiError('NOT_FOUND', 'No such subscription');
  return c.json({ status: 'ok', card_token: payment_method_id });
}

export function cardRoutes(deps: { sql: Sql; callers: CallerResolver; payments: PaymentProvider }): Hono {
  const app = new Hono();
  app.post('/account/cards.json', (c) => addCard(c, deps));
  app.delete('/account/cards/:token{pm_[A-Za-z0-9_-]{6,100}\\.json}', (c) => removeCard(c, deps));
  app.put('/subscriptions/:id{[0-9]+\\.json}', (c) => chooseCard(c, deps));
  return app;
}
