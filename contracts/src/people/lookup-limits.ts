// The shape of GET /users/lookup_limits.json and of a 429's details, shared with the viewer.
import { z } from 'zod';

export const need = z.enum(['sign_up', 'pro', 'team', 'support']).nullable();
export type Need = z.infer<typeof need>;

export const lookupLimits = z.object({
  allowed: z.boolean(),
  remaining: z.number().nullable(),
  used: z.number(),
  /** null when unlimited (the spec's "infinite if not a number"). */
  total: z.number().nullable(),
  need,
  metered: z.boolean(),
  initialized: z.boolean(),
});
export type LookupLimits = z.infer<typeof lookupLimits>;

export const limitReachedMessage = 'Property Lookup Daily Limit Reached';
