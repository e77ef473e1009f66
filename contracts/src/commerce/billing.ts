// Request shapes of checkout and the local provider's tokeniser (shared with the viewer: no
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
  idempotency_key: boundedString(100).regex(/^[A-Za-z0-9_-]{8,100}$/).optional(),
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
