// The plans file (plans.json), validated once at start. The pricing rules are in pricing.ts (shared
// with the viewer). Money is integer cents.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const cents = z.number().int().min(0);
const planSchema = z.object({
  plan: z.string().regex(/^[a-z0-9_]+$/),
  name: z.string(),
  display_name: z.string(),
  tier: z.enum(['free', 'pro', 'team']),
  subtitle: z.string(),
  prices: z.object({ monthly: cents, annual: cents.nullable() }),
  per_seat_pricing: z.boolean(),
  purchasable: z.boolean(),
  /** Sold by contract (Enterprise, Unlimited): the plans page's "Contact us" address instead of a checkout. */
  contact_link: z.string().optional(),
  users: z.object({ min: z.number().int().min(1), max: z.number().int().max(25) }).optional(),
  limits: z.record(z.string(), z.number().int().nullable()).optional(),
  included: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export const plans: Plan[] = z
  .object({ plans: z.array(planSchema).min(1) })
  .parse(JSON.parse(readFileSync(new URL('./plans.json', import.meta.url), 'utf8'))).plans;

export const planById = new Map(plans.map((p) => [p.plan, p]));

/**
 * A limit of a plan's `limits` (projects, follows, focus_areas, ...); null or absent there is unlimited
 * (Infinity). Features read their per-plan limits through this, so the plans page and the server agree.
 */
export function planLimit(plan: string, key: string): number {
  return planById.get(plan)?.limits?.[key] ?? Infinity;
}
