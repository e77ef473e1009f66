// The plans file (plans.json): validated once at start, and the pricing rules of the spec: per-seat
// plans bill monthly per user, Pro with more than one user becomes team_flex (and back), annual
// savings are twelve months minus the annual price. Money is integer cents.
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
  users: z.object({ min: z.number().int().min(1), max: z.number().int().max(25) }).optional(),
  limits: z.record(z.string(), z.number().int().nullable()).optional(),
  included: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;
export type Cycle = 'monthly' | 'annual';

export const plans: Plan[] = z
  .object({ plans: z.array(planSchema).min(1) })
  .parse(JSON.parse(readFileSync(new URL('./plans.json', import.meta.url), 'utf8'))).plans;

export const planById = new Map(plans.map((p) => [p.plan, p]));

/** Spec 4: Pro with more than one user is team_flex; team_flex with one user is Pro. */
export function planForUsers(planId: string, users: number): string {
  if (planId === 'level1' && users > 1) return 'team_flex';
  if (planId === 'team_flex' && users === 1) return 'level1';
  return planId;
}

/** Per-seat plans force the monthly cycle. */
export function cycleFor(plan: Plan, cycle: Cycle): Cycle {
  return plan.per_seat_pricing || plan.prices.annual === null ? 'monthly' : cycle;
}

export function priceCents(plan: Plan, cycle: Cycle, users: number): number {
  const effective = cycleFor(plan, cycle);
  const unit = effective === 'annual' ? plan.prices.annual! : plan.prices.monthly;
  return plan.per_seat_pricing ? unit * users : unit;
}

/** Twelve months minus the annual price; 0 when there is no annual price. */
export function annualSavingsCents(plan: Plan): number {
  return plan.prices.annual === null ? 0 : Math.max(0, plan.prices.monthly * 12 - plan.prices.annual);
}

export function formatUsd(amountCents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amountCents / 100);
}

/** The end of a billing period that starts at `start`: one calendar month or year later. */
export function periodEnd(start: Date, cycle: Cycle): Date {
  const end = new Date(start);
  if (cycle === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
