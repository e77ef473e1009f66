// Request and answer shapes of checkout, the local provider's tokeniser, orders and the billing page (shared with the viewer: no
// server-only imports). The spec's subscription request: plan, cycle, payment_method_id, group_name,
// offer, api_access, trial, goals, users and per_seat_price.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';
import { accountName } from '../people/groups.ts';

/** A payment-method token as the providers make them (pm_...): the only card reference we accept. */
export const paymentMethodId = boundedString(110).regex(/^pm_[A-Za-z0-9_-]{6,100}$/, 'Enter your card details');

export const subscriptionBody = z.object({
  plan: boundedString(40).regex(/^[a-z0-9_]{2,40}$/, 'Choose a plan'),
  cycle: z.enum(['monthly', 'annual']).default('monthly'),
  payment_method_id: paymentMethodId,
  group_name: accountName.optional(),
  users: z.number().int().min(1, 'Users: 1 to 25').max(25, 'Users: 1 to 25').default(1),
  /** One per checkout attempt: a repeated submission with it charges once. */
  idempotency_key: boundedString(100)
    .regex(/^[A-Za-z0-9_-]{8,100}$/)
    .optional(),
  offer: boundedString(40).optional(),
  goals: z.array(boundedString(100)).max(20).optional(),
  agreement: z.literal(true, 'Agree to the terms of service to continue'),
  /** API plans: the usage acknowledgement (spec section 4) and the 7-day free trial (api-plans/checkout.ts). */
  api_acknowledgement: z.boolean().optional(),
  trial: z.boolean().optional(),
});

export const cardBody = z.object({
  number: boundedString(30).trim(),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: boundedString(4).trim(),
  name: boundedString(100).trim().min(3, 'The cardholder name needs at least 3 characters'),
});

export const subscriptionAnswer = z.object({
  path: z.string(),
  /** null for a free trial (nothing charged yet). */
  charge_id: z.string().nullable(),
  amount: z.number(),
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswer>;

export const order = z.object({
  id: z.number(),
  kind: z.string(),
  description: z.string(),
  amount_cents: z.number(),
  created_at: z.string(),
});

/** GET /profile/orders.json: the caller's orders and those of the account they manage (with its name). */
export const ordersAnswer = z.object({ orders: z.array(order.extend({ account: z.string().nullable() })) });

/** GET {group}/settings/billing.json: the account's plan, subscription, cards and orders. */
export const billingAnswer = z.object({
  group: z.object({ name: z.string(), path: z.string(), tier: z.enum(['free', 'pro', 'team']) }),
  plan: z.object({ plan: z.string(), name: z.string(), included: z.array(z.string()) }).nullable(),
  is_manager: z.boolean(),
  subscription: z
    .object({
      id: z.number(),
      plan: z.string(),
      cycle: z.string(),
      users: z.number(),
      price_cents: z.number(),
      status: z.string(),
      period_end: z.string(),
      cancel_at_period_end: z.boolean(),
      card_token: z.string().nullable(),
      credit_cents: z.number(),
      api_access: z.string().nullable(),
      api_price_cents: z.number(),
    })
    .nullable(),
  cards: z.array(
    z.object({
      token: z.string(),
      brand: z.string(),
      last4: z.string(),
      exp_month: z.number(),
      exp_year: z.number(),
      cardholder_name: z.string(),
      provider: z.string(),
      expired: z.boolean(),
    }),
  ),
  orders: z.array(order),
});

/** What a plan change would drop: members [name, role, id] past the new seats and projects [id, name] past its limit. */
const changeEffects = z.object({
  users: z.array(z.tuple([z.string(), z.string(), z.number()])),
  maps: z.array(z.tuple([z.number(), z.string()])),
  sources: z.array(z.unknown()),
  deprecatedApi: z.boolean(),
});

/** GET /settings/check_change.json: whether a plan change is possible, what it drops and what it costs (cents). */
export const changeCheck = z.discriminatedUnion('possible', [
  z.object({ possible: z.literal(false), reason: z.string(), effects: changeEffects }),
  z.object({
    possible: z.literal(true),
    reason: z.null(),
    effects: changeEffects,
    charge: z.number(),
    credit: z.number(),
    price: z.number(),
    /** When the change and its effects apply: the end of the period for Starter, null for at once. */
    effective_at: z.string().nullable(),
  }),
]);

/** GET /admin/orders.json: every account's orders, with what was refunded of each charge. */
export const adminOrdersAnswer = z.object({
  orders: z.array(
    order.extend({
      charge_id: z.string().nullable(),
      account: z.string().nullable(),
      email: z.string().nullable(),
      refunded_cents: z.number(),
    }),
  ),
});

export type Order = z.infer<typeof order>;
export type OrdersAnswer = z.infer<typeof ordersAnswer>;
export type BillingAnswer = z.infer<typeof billingAnswer>;
export type ChangeCheck = z.infer<typeof changeCheck>;
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswer>;
