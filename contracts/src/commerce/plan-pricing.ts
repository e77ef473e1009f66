// The plan pricing rules of the spec that the server charges by and the viewer shows before checkout:
// per-seat plans bill monthly per user, Pro with more than one user becomes team_flex (and back), annual
// savings are twelve months minus the annual price. Amounts are integer cents. Also the shape of GET /plans.json.
import { z } from 'zod';

export const cycle = z.enum(['monthly', 'annual']);
export type Cycle = z.infer<typeof cycle>;

/** The parts of a plan (plans.json) that pricing reads. */
export const pricedPlan = z.object({
  plan: z.string(),
  prices: z.object({ monthly: z.number(), annual: z.number().nullable() }),
  per_seat_pricing: z.boolean(),
});
export type PricedPlan = z.infer<typeof pricedPlan>;

/** A plan of GET /plans.json: the plans file's entry with its annual savings and prices as text. */
export const planOffer = pricedPlan.extend({
  name: z.string(),
  display_name: z.string(),
  tier: z.enum(['free', 'pro', 'team']),
  subtitle: z.string(),
  purchasable: z.boolean(),
  /** Sold by contract (Enterprise, Unlimited): "Contact us" with this address instead of a price. */
  contact_link: z.string().optional(),
  users: z.object({ min: z.number(), max: z.number() }).optional(),
  limits: z.record(z.string(), z.number().nullable()).optional(),
  included: z.array(z.string()),
  annual_savings: z.number(),
  price_text: z.object({ monthly: z.string(), annual: z.string().nullable() }),
});
export type PlanOffer = z.infer<typeof planOffer>;

/** GET /plans.json: the plans, and the payment provider the checkout form talks to. */
export const plansAnswer = z.object({
  plans: z.array(planOffer),
  payment_provider: z.string(),
  publishable_key: z.string().nullable(),
});
export type PlansAnswer = z.infer<typeof plansAnswer>;

/** Spec 4: Pro with more than one user is team_flex; team_flex with one user is Pro. */
export function planForUsers(planId: string, users: number): string {
  if (planId === 'level1' && users > 1) return 'team_flex';
  if (planId === 'team_flex' && users === 1) return 'level1';
  return planId;
}

/** Per-seat plans force the monthly cycle. */
export function cycleFor(plan: PricedPlan, cycle: Cycle): Cycle {
  return plan.per_seat_pricing || plan.prices.annual === null ? 'monthly' : cycle;
}

export function priceCents(plan: PricedPlan, cycle: Cycle, users: number): number {
  const effective = cycleFor(plan, cycle);
  const unit = effective === 'annual' ? plan.prices.annual! : plan.prices.monthly;
  return plan.per_seat_pricing ? unit * users : unit;
}

/** Twelve months minus the annual price; 0 when there is no annual price. */
export function annualSavingsCents(plan: PricedPlan): number {
  return plan.prices.annual === null ? 0 : Math.max(0, plan.prices.monthly * 12 - plan.prices.annual);
}
