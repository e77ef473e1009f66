// API access on a Pro or Team subscription (the spec's api_combo): the change-plan submission's API
// variant `{ plan: "api_combo", api_access, cycle }` and its answers. Shared with the viewer: no
// server-only imports.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

/** Tiers a site subscription can add; "none" removes API access. The plan ids are accepted too. */
export const apiAccessChoices = ['standard', 'premium', 'none'] as const;
export type ApiAccessChoice = (typeof apiAccessChoices)[number];

const apiAccess = z
  .enum(['standard', 'premium', 'none', 'api_standard', 'api_premium'], 'Choose API access: standard, premium or none')
  .transform((value) => value.replace(/^api_/, '') as ApiAccessChoice);

export const comboBody = z.object({
  plan: z.literal('api_combo'),
  api_access: apiAccess,
  /** The subscription's cycle: API access is billed with the plan (checked against it when given). */
  cycle: z.enum(['monthly', 'annual']).optional(),
  /** One per confirm: a retried request with it answers the first change again and charges once. */
  idempotency_key: boundedString(100)
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'idempotency_key: 8 to 100 letters, digits, _ or -')
    .optional(),
});
export type ComboBody = z.output<typeof comboBody>;

/** The check's query (GET /settings/check_change.json?plan=api_combo&api_access=...). */
export const comboQuery = comboBody.omit({ idempotency_key: true });

export const apiPlanOf = (choice: ApiAccessChoice): 'api_standard' | 'api_premium' | null =>
  choice === 'none' ? null : `api_${choice}`;

export const comboAnswer = z.object({
  status: z.literal('ok'),
  /** The API plan the subscription now includes, or null. */
  api_access: z.enum(['api_standard', 'api_premium']).nullable(),
  /** Charged now, in cents (after credit). */
  charge: z.number(),
  /** The account's credit after the change, in cents. */
  credit: z.number(),
  /** API access's price for a whole period of the subscription, in cents. */
  price: z.number(),
});
export type ComboAnswer = z.infer<typeof comboAnswer>;
